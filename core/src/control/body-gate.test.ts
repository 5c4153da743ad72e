/**
 * Issue 43: every control body is checked against its line of `CONTROL_BODIES` before its
 * handler runs; a refused body is one 422 naming each problem at its place (with what the
 * operation's own check finds), in the place names the operation has always used. A real
 * studio on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Problem } from '../contract/control-api.js';
import { CONTROL_BODIES } from '../contract/control-bodies.js';
import { CONTROL_OPERATIONS } from '../contract/operations.js';
import { EXAMPLES } from '../test-support/project-server.js';
import { startStudioFixture, type StudioFixture } from '../test-support/studio-fixture.js';

let f: StudioFixture;
beforeAll(async () => {
  f = await startStudioFixture(EXAMPLES.todo);
});
afterAll(async () => {
  await f.dispose();
});

const fieldsOf = (json: unknown) => (json as Problem).errors?.map((e) => e.field);

describe('control bodies checked by their schemas (issue 43)', () => {
  it('refuses a body that is no JSON object on every operation with a schema, before it runs', async () => {
    const before = (await f.api('GET', '/server')).json;
    for (const [operation, rule] of Object.entries(CONTROL_BODIES)) {
      if (typeof rule === 'string') continue;
      const { method, path } = CONTROL_OPERATIONS[operation as keyof typeof CONTROL_OPERATIONS];
      const answer = await f.api(method, path.replace(':model', 'Todo').replace(':id', '1'), 'x');
      expect(answer.status, operation).toBe(422);
      expect(answer.json, operation).toMatchObject({
        title: rule.title,
        errors: [
          { field: '', message: expect.stringMatching(/JSON object|rules file is an object/) },
        ],
      });
    }
    expect((await f.api('GET', '/server')).json).toEqual(before);
  });

  it("names every problem of a body at once, the operation's own check included", async () => {
    const answer = await f.api('POST', '/import/preview', {
      fileName: '../db.json',
      text: 1,
      dir: 'relative/folder',
    });
    expect(answer.status).toBe(422);
    expect((answer.json as Problem).errors).toEqual([
      {
        field: 'fileName',
        message: 'must be the name of the file (db.json, openapi.yaml, environment.json)',
      },
      { field: 'text', message: "must be the file's text" },
      { field: 'dir', message: 'must be an absolute path, got "relative/folder"' },
    ]);
  });

  it('names a problem inside a member at its own place', async () => {
    const answer = await f.api('PUT', '/behaviour', {
      delay: { minMs: 'a', maxMs: 1 },
      routes: [],
    });
    expect(answer.status).toBe(422);
    expect((answer.json as Problem).errors).toEqual([
      { field: 'delay.minMs', message: 'must be a number' },
    ]);
    const fake = await f.api('POST', '/models/Todo/fake', { count: 0, seed: 1.5 });
    expect((fake.json as Problem).errors).toEqual([
      { field: 'count', message: 'must be an integer from 1 to 100000' },
      { field: 'seed', message: 'must be an integer' },
    ]);
  });

  it('names places as each operation always has: a path, or a JSON pointer', async () => {
    expect(fieldsOf((await f.api('POST', '/project/open', { dir: 5 })).json)).toEqual(['dir']);
    expect(fieldsOf((await f.api('PUT', '/server/port', { port: 70000 })).json)).toEqual(['port']);
    const save = await f.api('PUT', '/requests', {
      folder: '',
      request: { name: 5, url: '/todos', headers: [{ name: 'a', enabled: 'yes' }] },
    });
    expect(fieldsOf(save.json)).toEqual(['/request/name', '/request/headers/0/enabled']);
  });
});
