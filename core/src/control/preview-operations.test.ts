/**
 * Issue 23's read-only previews through the control API of a real studio on the todo example:
 * a delete's effects counted before it is made, and a made-up record for a request body.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { DeleteImpact } from '../contract/control-api.js';
import { EXAMPLES } from '../test-support/project-server.js';
import { startStudioFixture, type StudioFixture } from '../test-support/studio-fixture.js';

let f: StudioFixture;
beforeEach(async () => {
  f = await startStudioFixture(EXAMPLES.todo);
});
afterEach(() => f.dispose());

describe('GET /api/models/:model/records/:id/delete-impact', () => {
  it('counts the records a delete would reach, by relation and rule, and writes nothing', async () => {
    const user = (await f.mock('POST', '/users', { name: 'Counted' })).json as { id: number };
    for (let i = 0; i < 3; i++)
      await f.mock('POST', '/todos', { content: `t${i}`, completed: false, user: user.id });
    const answer = await f.api('GET', `/models/User/records/${user.id}/delete-impact`);
    expect(answer.status, answer.text).toBe(200);
    expect((answer.json as DeleteImpact).effects).toEqual([
      { model: 'Todo', field: 'user', parent: 'User', rule: 'nullify', count: 3 },
    ]);
    expect((await f.mock('GET', `/users/${user.id}/todos`)).json).toHaveLength(3);
  });

  it('answers 404 for a record that is not there, and 400 for a malformed id', async () => {
    expect((await f.api('GET', '/models/User/records/999999/delete-impact')).status).toBe(404);
    expect((await f.api('GET', '/models/User/records/abc/delete-impact')).status).toBe(400);
  });
});

describe('GET /api/models/:model/sample', () => {
  it('makes up a record with the fake-data generator and stores nothing', async () => {
    const before = (await f.mock('GET', '/todos?limit=1000')).json as unknown[];
    const answer = await f.api('GET', '/models/Todo/sample');
    expect(answer.status, answer.text).toBe(200);
    const sample = answer.json as Record<string, unknown>;
    expect(sample).not.toHaveProperty('id');
    expect(typeof sample['content']).toBe('string');
    expect(sample['content']).not.toMatch(/^x*$/);
    expect(typeof sample['completed']).toBe('boolean');
    expect((await f.mock('GET', '/todos?limit=1000')).json).toHaveLength(before.length);
  });

  it('answers 404 for a model that does not exist', async () => {
    expect((await f.api('GET', '/models/Nope/sample')).status).toBe(404);
  });
});
