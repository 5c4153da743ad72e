/**
 * Issue 26: a studio on a shared PostgreSQL database hears the writes made through another
 * server on it (NOTIFY, persistence/postgres/change-notify.ts) as the same `records` events
 * its own writes raise; its own writes are not heard twice; after its LISTEN connection is
 * cut (a database restart does the same), it reconnects, tells the UI to reload, and hears on.
 */
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';

import type { StudioEvent } from '../contract/control-api.js';
import { CHANGES_CHANNEL } from '../persistence/postgres/change-notify.js';
import { FIXTURES } from '../test-support/fixtures.js';
import { jsonRequest } from '../test-support/http-client.js';
import { describeWithPostgres } from '../test-support/postgres-cluster.js';
import { serveCopy, type ServedProject } from '../test-support/project-server.js';
import { useStore } from '../test-support/store-choice.js';
import {
  readEvents,
  startStudioFixture,
  type StudioFixture,
} from '../test-support/studio-fixture.js';

type Event = StudioEvent & { id: number };
const recordEvents = (events: Event[]) =>
  events.filter((e): e is Extract<Event, { type: 'records' }> => e.type === 'records');

describeWithPostgres('a studio on a shared database', () => {
  const freshDatabase = useStore('postgres');
  let other: ServedProject | undefined;
  let studio: StudioFixture | undefined;
  let admin: pg.Client | undefined;
  afterAll(async () => {
    await admin?.end();
    await studio?.dispose();
    await other?.dispose();
  });

  it("hears another server's writes live, its own once, and again after its connection is cut", async () => {
    const { database } = await freshDatabase();
    other = await serveCopy(FIXTURES.team, { database });
    studio = await startStudioFixture(FIXTURES.team, { database: database! });
    // The server bar names the database: user, host, port and name, never a password.
    const status = await studio.studio.project();
    expect(status.storage).toEqual({
      kind: 'postgres',
      database: expect.stringMatching(/^postgres@127\.0\.0\.1:\d+\/served_\d+$/),
    });
    const events = await readEvents(studio.base, studio.studio.token);
    const heard = (model: string, op: string, id: unknown) =>
      recordEvents(events.events()).filter(
        (e) => e.model === model && e.op === op && e.ids.includes(id as never),
      );

    // The studio's LISTEN starts beside its first load: write until the first one is heard.
    const state = { heard: false };
    const created: number[] = [];
    const writing = (async () => {
      for (let i = 0; !state.heard && i < 100; i++) {
        const member = await jsonRequest(other!.url, 'POST', '/members', { name: `m${i}` });
        expect(member.status, member.text).toBe(201);
        created.push((member.json as { id: number }).id);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    await events.waitFor((all) =>
      recordEvents(all).some(
        (e) => e.model === 'Member' && created.some((id) => e.ids.includes(id)),
      ),
    );
    state.heard = true;
    await writing;

    // From then on every write through the other server arrives: a create, a patch, a delete.
    const task = await jsonRequest(other.url, 'POST', '/tasks', {
      title: 'from the other server',
      done: false,
      assignee: created[0],
    });
    expect(task.status, task.text).toBe(201);
    const taskId = (task.json as { id: number }).id;
    await events.waitFor(() => heard('Task', 'create', taskId).length > 0);
    expect((await jsonRequest(other.url, 'PATCH', `/tasks/${taskId}`, { done: true })).status).toBe(
      200,
    );
    await events.waitFor(() => heard('Task', 'update', taskId).length > 0);
    expect((await jsonRequest(other.url, 'DELETE', `/tasks/${taskId}`)).status).toBe(200);
    await events.waitFor(() => heard('Task', 'delete', taskId).length > 0);
    // The record it names is read from the studio's side (ids travel, not records).
    const records = await studio.api('GET', `/models/Member/records?id=${created[0]}`);
    expect(records.status, records.text).toBe(200);

    // A write through the studio's own mock API is one event, not one more from the database.
    const own = await studio.mock('POST', '/members', { name: 'own' });
    expect(own.status, own.text).toBe(201);
    const ownId = (own.json as { id: number }).id;
    await events.waitFor(() => heard('Member', 'create', ownId).length > 0);
    // The other server's relay window and a round trip have passed.
    const marker = await jsonRequest(other.url, 'POST', '/members', { name: 'marker' });
    const markerId = (marker.json as { id: number }).id;
    await events.waitFor(() => heard('Member', 'create', markerId).length > 0);
    expect(heard('Member', 'create', ownId)).toHaveLength(1);

    // Cut the studio's LISTEN connection (what a database restart does): it comes back, tells
    // the UI to reload each model, and hears the next write.
    admin = new pg.Client({ connectionString: database });
    await admin.connect();
    const cut = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1`,
      [`LISTEN ${CHANGES_CHANNEL}`],
    );
    expect(cut.rowCount).toBe(1);
    await events.waitFor((all) =>
      recordEvents(all).some((e) => e.model === 'Task' && e.op === 'reset'),
    );
    let after: number | undefined;
    for (let i = 0; i < 50 && after === undefined; i++) {
      const again = await jsonRequest(other.url, 'POST', '/members', { name: `after${i}` });
      const id = (again.json as { id: number }).id;
      await Promise.race([
        events.waitFor(() => heard('Member', 'create', id).length > 0).then(() => (after = id)),
        new Promise((r) => setTimeout(r, 200)),
      ]);
    }
    expect(after).toBeDefined();
    events.close();
  }, 60_000);
});
