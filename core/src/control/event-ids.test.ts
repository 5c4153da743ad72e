/**
 * Issue 43: a control write's answer names, in its `Event-Id` header, the events it caused,
 * by the ids the event stream gives them; the studio's Data grid drops its own echo by them.
 * A real studio on 127.0.0.1; every wait is for a condition, not a time.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { StudioEvent } from '../contract/control-api.js';
import type { RawAnswer } from '../test-support/http-client.js';
import { EXAMPLES } from '../test-support/project-server.js';
import {
  type EventReader,
  readEvents,
  startStudioFixture,
  type StudioFixture,
} from '../test-support/studio-fixture.js';

let f: StudioFixture;
let events: EventReader;
beforeEach(async () => {
  f = await startStudioFixture(EXAMPLES.todo);
  events = await readEvents(f.base, f.studio.token);
});
afterEach(async () => {
  events.close();
  await f.dispose();
});

/** The ids an answer names (none when it has no `Event-Id` header). */
function eventIds(answer: RawAnswer): number[] {
  const header = answer.headers['event-id'];
  if (header === undefined) return [];
  return String(header)
    .split(',')
    .map((id) => Number(id.trim()));
}

/** The events the stream delivers with `ids`, once it has delivered them all. */
async function delivered(ids: number[]): Promise<(StudioEvent & { id: number })[]> {
  await events.waitFor((all) => ids.every((id) => all.some((e) => e.id === id)));
  return ids.map((id) => events.events().find((e) => e.id === id)!);
}

describe('Event-Id on control answers (issue 43)', () => {
  it('names the id of the record change a PATCH caused, as the stream then delivers it', async () => {
    const answer = await f.api('PATCH', '/models/Todo/records/3', { completed: true });
    expect(answer.status).toBe(200);
    const ids = eventIds(answer);
    expect(ids).toHaveLength(1);
    expect(await delivered(ids)).toEqual([
      { id: ids[0], type: 'records', model: 'Todo', op: 'update', ids: [3] },
    ]);
  });

  it('names each write its own event when writes run at the same time', async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4].map((id) =>
        f.api('PATCH', `/models/Todo/records/${id}`, { content: `edited ${id}` }),
      ),
    );
    const ids = answers.map((a) => eventIds(a));
    expect(new Set(ids.flat()).size).toBe(4);
    const events = await delivered(ids.flat());
    expect(events.map((e) => (e.type === 'records' ? e.ids : []))).toEqual([[1], [2], [3], [4]]);
  });

  it("names every event of a delete, its relations' changes included", async () => {
    // User 1 has todos 1 and 2; deleting the user sets their `user` to null (nullify).
    const answer = await f.api('DELETE', '/models/User/records/1');
    expect(answer.status).toBe(200);
    const caused = await delivered(eventIds(answer));
    expect(caused).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'records', model: 'Todo', op: 'update', ids: [1, 2] }),
        expect.objectContaining({ type: 'records', model: 'User', op: 'delete', ids: [1] }),
      ]),
    );
  });

  it('names none on a read, a refused write, or a write of the mock API', async () => {
    expect(eventIds(await f.api('GET', '/models/Todo/records/1'))).toEqual([]);
    const refused = await f.api('PATCH', '/models/Todo/records/1', { completed: 'yes' });
    expect(refused.status).toBe(422);
    expect(refused.headers['event-id']).toBeUndefined();
    const mock = await f.mock('PATCH', '/todos/1', { completed: false });
    expect(mock.status).toBe(200);
    expect(mock.headers['event-id']).toBeUndefined();
  });
});
