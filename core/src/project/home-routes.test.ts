/**
 * `GET /db` and `GET /` (issue 42) on a hand-written project mounted under `/api`: the
 * collections, what the app's own `GET /name` routes answer, the record bound, and the
 * project's own routes winning on those paths.
 */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { HttpProblem } from '../errors.js';
import type { Request } from '../http/request.js';
import type { Response } from '../http/response.js';
import { FIXTURES } from '../test-support/fixtures.js';
import { jsonRequest } from '../test-support/http-client.js';
import { serveCopy, type ServedProject } from '../test-support/project-server.js';
import { homeRoutes } from './home-routes.js';

let served: ServedProject | undefined;
afterEach(async () => {
  await served?.dispose();
  served = undefined;
});

const get = (path: string) => jsonRequest(served!.url, 'GET', path);

describe('GET /db and GET /', () => {
  it('answer the collections, the app’s own GET /name answers and an index, under the prefix', async () => {
    served = await serveCopy(FIXTURES.library);
    expect(
      (await jsonRequest(served.url, 'POST', '/api/people', { name: 'Ann', email: 'a@b.c' }))
        .status,
    ).toBe(201);
    const db = await get('/api/db');
    expect(db.status).toBe(200);
    expect(db.json).toMatchObject({
      people: [{ id: 1, name: 'Ann', email: 'a@b.c' }],
      // `this.get('/status', () => ({ ok: true }))` in the fixture's app.ts.
      status: { ok: true },
    });
    const home = await get('/api/');
    expect(home.status).toBe(200);
    expect(home.json).toMatchObject({ db: '/api/db', openapi: '/openapi.json' });
    expect((home.json as { resources: string[] }).resources).toContain('/api/people');
    expect((await get('/api')).status).toBe(200);
    expect((await get('/db')).status).toBe(404);
  });

  it('refuses, naming the way out, a database past its record bound', async () => {
    served = await serveCopy(FIXTURES.library);
    for (const name of ['Ann', 'Bo', 'Cy'])
      await jsonRequest(served.url, 'POST', '/api/people', { name, email: 'a@b.c' });
    const [db] = homeRoutes(() => served!.project.table, served.project.runtimes, '/api', 2);
    const refused = await Promise.resolve(
      db!.handler(undefined as unknown as Request, undefined as unknown as Response),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpProblem);
    expect((refused as HttpProblem).status).toBe(400);
    expect((refused as HttpProblem).message).toContain('/api/people?_page=1');
  });

  it('leave the project’s own GET /db and GET / in place', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'decorest-home-'));
    try {
      await cp(FIXTURES.library, dir, { recursive: true });
      await writeFile(
        join(dir, 'app.ts'),
        [
          "import { Application, WebServlet } from 'decorest';",
          "@WebServlet('/api/*')",
          'export default class LibraryApp extends Application {',
          '  execute() {',
          '    this.generateRest();',
          "    this.get('/db', () => ({ mine: true }));",
          "    this.get('/', () => ({ home: true }));",
          '  }',
          '}',
          '',
        ].join('\n'),
      );
      served = await serveCopy(dir);
      expect((await get('/api/db')).json).toEqual({ mine: true });
      expect((await get('/api/')).json).toEqual({ home: true });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
