/**
 * Issue 40 §1: no acknowledged update is undone. Writer A PATCHes `content` while writer B
 * PATCHes `completed` on the same records, all records at once, over real HTTP, while other
 * clients keep deleting users (each delete holds the User lock, so patches naming a user queue
 * behind it). Whatever the interleaving, every record must end holding A's last acknowledged content
 * and B's last acknowledged completed: a PATCH changes only the fields it names. Run on the data
 * folder, on PostgreSQL, and on two servers sharing one database (A on one, B on the other).
 *
 * The records start with values neither writer sends, so any lost write shows; the assertion is
 * the invariant, not a race it hopes to hit (a loaded machine only changes which interleavings
 * happen, and each one must keep both values).
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';

import { jsonRequest } from '../../test-support/http-client.js';
import { describeWithPostgres } from '../../test-support/postgres-cluster.js';
import { EXAMPLES, serveCopy, type ServedProject } from '../../test-support/project-server.js';
import { storeChoices, useStore } from '../../test-support/store-choice.js';

const RECORDS = 50;
const RUNS = 3;
/** Loops deleting users beside the writers: patches naming a user queue behind each delete. */
const DELETERS = 4;
/**
 * No shrinking: a failing run already names each record that lost a write, and shrinking would
 * only rerun the writers hoping for the same interleaving.
 */
const CHECK = { numRuns: RUNS, endOnFailure: true };

/** Per record: the contents A sends in turn, and the completed values B sends in turn. */
interface RecordPlan {
  readonly contents: readonly string[];
  readonly completions: readonly boolean[];
}

const planArbitrary: fc.Arbitrary<RecordPlan[]> = fc.array(
  fc.record({
    contents: fc.array(fc.string({ maxLength: 12 }), { minLength: 1, maxLength: 4 }),
    completions: fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
  }),
  { minLength: RECORDS, maxLength: RECORDS },
);

async function ok(
  url: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const answer = await jsonRequest(url, method, path, body);
  expect(answer.status, `${method} ${path}: ${answer.text}`).toBeLessThan(300);
  return answer.json as Record<string, unknown>;
}

/**
 * One run of the property: fresh records, then A (on `urlA`) and B (on `urlB`) write every
 * record concurrently while users are deleted; then each record holds what A and B last got 200
 * for.
 */
async function writersKeepEachOthersFields(
  urlA: string,
  urlB: string,
  plan: readonly RecordPlan[],
): Promise<void> {
  const owner = await ok(urlA, 'POST', '/users', { name: 'owner' });
  const ids: number[] = [];
  for (const p of plan) {
    // Neither writer sends 'initial', nor the negation of B's last value.
    const created = await ok(urlA, 'POST', '/todos', {
      content: 'initial',
      completed: !p.completions[p.completions.length - 1]!,
      user: owner.id,
    });
    ids.push(created.id as number);
  }
  let writing = true;
  const deleter = async (): Promise<void> => {
    // Runs at least once, so every run has patches queued behind a delete's lock.
    do {
      const user = await ok(urlA, 'POST', '/users', { name: 'passing' });
      // A child to nullify makes the delete a journaled batch over two datafiles.
      await ok(urlA, 'POST', '/todos', { content: 'passing', completed: false, user: user.id });
      await ok(urlB, 'DELETE', `/users/${String(user.id)}`);
    } while (writing);
  };
  const writer = async (
    url: string,
    id: number,
    bodies: readonly Record<string, unknown>[],
  ): Promise<void> => {
    for (const body of bodies) await ok(url, 'PATCH', `/todos/${id}`, body);
  };
  const writes = plan.flatMap((p, i) => [
    writer(
      urlA,
      ids[i]!,
      p.contents.map((content) => ({ content: `a:${content}` })),
    ),
    writer(
      urlB,
      ids[i]!,
      p.completions.map((completed) => ({ completed })),
    ),
  ]);
  const deleting = Promise.all(Array.from({ length: DELETERS }, deleter));
  try {
    await Promise.all(writes);
  } finally {
    writing = false;
    await deleting;
  }
  const lost: string[] = [];
  for (const [i, p] of plan.entries()) {
    const record = await ok(urlB, 'GET', `/todos/${ids[i]!}`);
    const content = `a:${p.contents[p.contents.length - 1]!}`;
    const completed = p.completions[p.completions.length - 1]!;
    if (record.content !== content || record.completed !== completed)
      lost.push(
        `${ids[i]!}: ${JSON.stringify(record)}, wanted ${JSON.stringify({ content, completed })}`,
      );
  }
  expect(lost, `${lost.length} of ${plan.length} records lost an acknowledged write`).toEqual([]);
}

describe.each(storeChoices())('concurrent PATCHes of different fields on the %s store', (store) => {
  const storeOptions = useStore(store);
  let served: ServedProject | undefined;
  afterAll(async () => {
    await served?.dispose();
  });

  it('every record keeps both writers’ last acknowledged values', async () => {
    served = await serveCopy(EXAMPLES.todo, await storeOptions());
    expect(served.project.database !== undefined).toBe(store === 'postgres');
    const url = served.url;
    await fc.assert(
      fc.asyncProperty(planArbitrary, (plan) => writersKeepEachOthersFields(url, url, plan)),
      CHECK,
    );
  }, 240_000);
});

describeWithPostgres('concurrent PATCHes through two servers on one database', () => {
  const freshDatabase = useStore('postgres');
  const servers: ServedProject[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.dispose()));
  });

  it('A on one server, B on the other: every record keeps both acknowledged values', async () => {
    const options = await freshDatabase();
    // One after the other: the first creates the tables.
    servers.push(await serveCopy(EXAMPLES.todo, options));
    servers.push(await serveCopy(EXAMPLES.todo, options));
    const [a, b] = servers as [ServedProject, ServedProject];
    await fc.assert(
      fc.asyncProperty(planArbitrary, (plan) => writersKeepEachOthersFields(a.url, b.url, plan)),
      CHECK,
    );
  }, 240_000);
});
