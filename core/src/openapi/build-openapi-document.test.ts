/**
 * Issue 4: `decorest openapi` and `/openapi.json` give one valid OpenAPI 3.1 document of every
 * route, generated and manual, checked with a real validator (@readme/openapi-parser) on four
 * projects; the CLI prints the document the server sends; the paths sit under the @WebServlet
 * prefix. (Its operations and schemas: build-openapi-operations and build-openapi-schemas.)
 */
import { describe, expect, it } from 'vitest';

import { runCli } from '../test-support/cli.js';
import { FIXTURES } from '../test-support/fixtures.js';
import {
  BLOG,
  isOpenApiRoute,
  type OpenApiDocument,
  operationOf,
  PETS,
  servedDocument,
  toOpenApiPath,
  useServedProjects,
  validationErrors,
} from '../test-support/openapi-document.js';
import { EXAMPLES } from '../test-support/project-server.js';

const PROJECTS: readonly [string, string][] = [
  ['examples/todo', EXAMPLES.todo],
  ['the blog fixture', BLOG],
  ['the pets fixture (object fields)', PETS],
  ['the library fixture', FIXTURES.library],
];

const serve = useServedProjects();

describe('the OpenAPI document', () => {
  it.each(PROJECTS)('of %s passes the OpenAPI 3.1 validator', async (_name, source) => {
    const doc = await servedDocument(await serve(source));
    expect(doc.openapi).toBe('3.1.0');
    expect(await validationErrors(doc)).toEqual([]);
  });

  it('is refused by the validator once broken, so the check above is real', async () => {
    const doc = await servedDocument(await serve(EXAMPLES.todo));
    const noParameters = structuredClone(doc);
    delete operationOf(noParameters, 'get', '/todos/{id}').parameters;
    expect(await validationErrors(noParameters)).not.toEqual([]);
    const badResponse = structuredClone(doc);
    operationOf(badResponse, 'get', '/todos').responses['200'] = { content: {} };
    expect(await validationErrors(badResponse)).not.toEqual([]);
  });

  it.each(PROJECTS)(
    'printed by decorest openapi for %s is the one served at /openapi.json',
    async (_name, source) => {
      const project = await serve(source);
      const served = await servedDocument(project);
      // The CLI loads the same folder on its own, as a user would run it beside a server.
      await project.stop();
      const printed = await runCli(['openapi', project.dir]);
      expect(printed.stderr).toBe('');
      expect(printed.code).toBe(0);
      const doc = JSON.parse(printed.stdout) as OpenApiDocument;
      expect(await validationErrors(doc)).toEqual([]);
      expect(doc).toEqual(served);
    },
  );

  it('describes every route of the table, generated and manual, and nothing else', async () => {
    const project = await serve(EXAMPLES.todo);
    const doc = await servedDocument(project);
    const routes = project.project.table.routes.filter((r) => !isOpenApiRoute(r));
    expect(routes.some((r) => r.origin === 'manual')).toBe(true);
    expect(routes.some((r) => r.origin === 'generated')).toBe(true);
    const described = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(described.sort()).toEqual(
      routes.map((r) => `${r.method} ${toOpenApiPath(r.path)}`).sort(),
    );
    const ids = described.map((d) => {
      const [method, path] = d.split(' ');
      return operationOf(doc, method!.toLowerCase(), path!).operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('mounts the paths under the @WebServlet prefix', async () => {
    const doc = await servedDocument(await serve(FIXTURES.library));
    const paths = Object.keys(doc.paths);
    expect(paths).toContain('/api/people/{id}');
    expect(paths).toContain('/api/status');
    expect(paths.filter((p) => !p.startsWith('/api/'))).toEqual([]);
  });
});
