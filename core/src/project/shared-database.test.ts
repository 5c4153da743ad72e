/**
 * Two servers on one PostgreSQL database (issue 26: a team's shared mock API): each has its
 * own pool and its own copy of the project, they start at the same time on an empty database
 * (one creates the tables, the other finds them), and concurrent writers going to both lose
 * nothing, duplicate no id, and read back every acknowledged write from either server.
 */
import { afterAll, expect, it } from 'vitest';

import { FIXTURES } from '../test-support/fixtures.js';
import { jsonRequest } from '../test-support/http-client.js';
import { describeWithPostgres } from '../test-support/postgres-cluster.js';
import { serveCopy, type ServedProject } from '../test-support/project-server.js';
import { useStore } from '../test-support/store-choice.js';

const WRITERS = 8;
const WRITES_EACH = 30;

describeWithPostgres('two servers on one database', () => {
  const freshDatabase = useStore('postgres');
  const servers: ServedProject[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.dispose()));
  });

  it('8 writers alternating between them: no lost or duplicated id, every write read back from both', async () => {
    const options = await freshDatabase();
    servers.push(
      ...(await Promise.all([
        serveCopy(FIXTURES.team, options),
        serveCopy(FIXTURES.team, options),
      ])),
    );
    const [a, b] = servers as [ServedProject, ServedProject];
    expect(a.project.database).toBe(b.project.database);
    // Exactly one of the two starts created the tables (and so counts as the first run).
    expect([a.project.firstRun, b.project.firstRun].filter(Boolean)).toHaveLength(1);
    const urls = [a.url, b.url];

    const owner = await jsonRequest(a.url, 'POST', '/members', { name: 'owner' });
    expect(owner.status).toBe(201);
    const ownerId = (owner.json as { id: number }).id;

    /** What each acknowledged write stored, by id: the last answer wins. */
    const acknowledged = new Map<number, Record<string, unknown>>();
    const writer = async (w: number): Promise<void> => {
      for (let i = 0; i < WRITES_EACH; i++) {
        const url = urls[(w + i) % 2]!;
        const created = await jsonRequest(url, 'POST', '/tasks', {
          title: `w${w}-${i}`,
          done: false,
          assignee: ownerId,
        });
        expect(created.status, created.text).toBe(201);
        const record = created.json as Record<string, unknown> & { id: number };
        expect(acknowledged.has(record.id), `id ${record.id} handed out twice`).toBe(false);
        acknowledged.set(record.id, record);
        if (i % 3 === 0) {
          // Patched through the other server than the one that created it.
          const patched = await jsonRequest(
            urls[(w + i + 1) % 2]!,
            'PATCH',
            `/tasks/${record.id}`,
            {
              done: true,
            },
          );
          expect(patched.status, patched.text).toBe(200);
          acknowledged.set(record.id, patched.json as Record<string, unknown>);
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));

    expect(acknowledged.size).toBe(WRITERS * WRITES_EACH);
    const expected = [...acknowledged.values()].sort((x, y) => Number(x.id) - Number(y.id));
    for (const url of urls) {
      const list = await jsonRequest(url, 'GET', '/tasks');
      expect(list.headers['x-total-count']).toBe(String(WRITERS * WRITES_EACH));
      expect(list.json).toEqual(expected);
      const one = expected[expected.length - 1]!;
      expect((await jsonRequest(url, 'GET', `/tasks/${String(one.id)}`)).json).toEqual(one);
    }

    // A delete rule applied by one server is seen by the other: the cascade took every task.
    expect((await jsonRequest(b.url, 'DELETE', `/members/${ownerId}`)).status).toBe(200);
    expect((await jsonRequest(a.url, 'GET', '/tasks')).headers['x-total-count']).toBe('0');
    const orphan = await jsonRequest(a.url, 'POST', '/tasks', {
      title: 'late',
      done: false,
      assignee: ownerId,
    });
    expect(orphan.status).toBe(422);
  });
});
