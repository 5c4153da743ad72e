/**
 * Issue 29: `GET /api/openapi` over real HTTP answers the very document the mock API serves at
 * `/openapi.json` (the endpoint inspector renders from it), and 409 when no project loads.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import type { OpenApiDocument, ProjectStatus } from '../contract/control-api.js';
import { EXAMPLES } from '../test-support/project-server.js';
import { startStudioFixture, type StudioFixture } from '../test-support/studio-fixture.js';

let f: StudioFixture | undefined;
afterEach(async () => {
  await f?.dispose();
  f = undefined;
});

describe('GET /api/openapi', () => {
  it('answers the document the mock API serves at /openapi.json, seed examples included', async () => {
    f = await startStudioFixture(EXAMPLES.todo);
    // The control API first, so its build is the one /openapi.json shares.
    const control = await f.api('GET', '/openapi');
    expect(control.status, control.text).toBe(200);
    const served = await f.mock('GET', '/openapi.json');
    expect(served.status).toBe(200);
    expect(control.json).toEqual(served.json);
    const doc = control.json as OpenApiDocument;
    expect(doc.openapi).toMatch(/^3\.1/);
    expect(Object.keys(doc.paths)).toContain('/todos');
    expect(Object.keys(doc.paths)).not.toContain('/openapi.json');
    const schemas = (doc['components'] as { schemas: Record<string, { examples?: unknown[] }> })
      .schemas;
    expect(schemas['Todo']?.examples?.length).toBeGreaterThan(0);
  });

  it('answers 409 when no project is loaded', async () => {
    f = await startStudioFixture(EXAMPLES.todo);
    const userFile = join(f.dir, 'user.ts');
    await writeFile(userFile, `${await readFile(userFile, 'utf8')}\nthrow new Error('no');\n`);
    await rm(join(f.dir, 'data'), { recursive: true, force: true });
    const opened = (await f.api('POST', '/project/open', { dir: f.dir })).json as ProjectStatus;
    expect(opened.state).toBe('failed');
    const answer = await f.api('GET', '/openapi');
    expect(answer.status).toBe(409);
    expect(answer.json).toMatchObject({ status: 409 });
  });
});
