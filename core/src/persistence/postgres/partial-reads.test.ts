/**
 * Issue 26: on PostgreSQL, the paths that need part of a table ask for that part. Delete rules
 * and the delete dialog's counts ask for a parent's children, the control API's record pages
 * ask the list query, export and `seed save|reset` read keyset pages, fake draws parents from
 * an id sample: each works here with `PostgresStore.records()` (the whole table) refused.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { afterEach, beforeEach, expect, it, vi } from 'vitest';

import { dao } from '../../app/dao.js';
import type { ModelRuntime } from '../../app/model-runtime.js';
import { parseCollectionQuery } from '../../app/query/collection-query.js';
import { deleteImpact } from '../../app/relations/delete-impact.js';
import type { ControlCall } from '../../control/control-route.js';
import { RECORD_ROUTES } from '../../control/record-operations.js';
import { sortedPage } from '../../control/sorted-pages.js';
import type { ModelClass } from '../../http/request.js';
import { fakeRecords } from '../../seed/fake-records.js';
import { resetToSeed, saveSeed } from '../../seed/seed-data.js';
import { FIXTURES } from '../../test-support/fixtures.js';
import { jsonRequest } from '../../test-support/http-client.js';
import { describeWithPostgres } from '../../test-support/postgres-cluster.js';
import { serveCopy, type ServedProject } from '../../test-support/project-server.js';
import { useStore } from '../../test-support/store-choice.js';
import type { StoredRecord } from '../collection.js';
import { allRecords } from '../store-reads.js';
import { PostgresStore } from './postgres-store.js';

describeWithPostgres('PostgreSQL paths that read part of a table', () => {
  const storeOptions = useStore('postgres');
  let served: ServedProject;
  beforeEach(async () => {
    served = await serveCopy(FIXTURES.team, await storeOptions());
    expect(served.project.database).toBeDefined();
    // The spies below watch PostgresStore: the models' stores must be that class.
    for (const name of ['Member', 'Task', 'Board', 'Card'])
      expect(model(name).store).toBeInstanceOf(PostgresStore);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await served.dispose();
  });

  const call = (method: string, path: string, body?: unknown) =>
    jsonRequest(served.url, method, path, body);
  const ok = async (method: string, path: string, body?: unknown) => {
    const answer = await call(method, path, body);
    expect(answer.status, `${method} ${path}: ${answer.text}`).toBeLessThan(300);
    return answer.json as Record<string, unknown>;
  };
  const model = (name: string): ModelRuntime =>
    served.project.runtimes.find((r) => r.schema.name === name)!;
  /** From here on, a read of a whole table through `records()` fails the test. */
  const refuseWholeTables = () =>
    vi
      .spyOn(PostgresStore.prototype, 'records')
      .mockRejectedValue(new Error('read the whole table'));
  const titles = async (path: string) =>
    ((await ok('GET', path)) as unknown as { title: string }[]).map((t) => t.title);

  const seed = async (): Promise<{ board: string; loose: string }> => {
    await ok('POST', '/members', { name: 'Ann' });
    await ok('POST', '/members', { name: 'Bo' });
    await ok('POST', '/tasks', { title: 'plan', done: false, assignee: 1 });
    await ok('POST', '/tasks', { title: 'build', done: true, assignee: 1 });
    await ok('POST', '/tasks', { title: 'ship', done: false, assignee: 2 });
    const board = (await ok('POST', '/boards', { title: 'B' })).id as string;
    await ok('POST', '/cards', { text: 'a', board });
    await ok('POST', '/cards', { text: 'b', board });
    const loose = (await ok('POST', '/boards', { title: 'C' })).id as string;
    await ok('POST', '/tasks', { title: 'rest', done: false, board: loose, assignee: 2 });
    return { board, loose };
  };

  it('applies cascade, restrict and nullify, and counts them, asking only for children', async () => {
    const { board, loose } = await seed();
    const spy = refuseWholeTables();

    expect(await deleteImpact(model('Member'), 1)).toEqual([
      { model: 'Task', field: 'assignee', parent: 'Member', rule: 'cascade', count: 2 },
    ]);
    expect(await deleteImpact(model('Board'), board)).toEqual([
      { model: 'Card', field: 'board', parent: 'Board', rule: 'restrict', count: 2 },
    ]);
    expect(await deleteImpact(model('Board'), loose)).toEqual([
      { model: 'Task', field: 'board', parent: 'Board', rule: 'nullify', count: 1 },
    ]);

    await ok('DELETE', '/members/1');
    expect(await titles('/tasks')).toEqual(['ship', 'rest']);
    const refused = await call('DELETE', `/boards/${board}`);
    expect(refused.status).toBe(409);
    expect((refused.json as { detail: string }).detail).toMatch(/^2 cards still belong to board/);
    await ok('DELETE', `/boards/${loose}`);
    expect(((await ok('GET', '/tasks?title=rest')) as unknown as StoredRecord[])[0]).toMatchObject({
      board: null,
      assignee: 2,
    });
    expect(spy).not.toHaveBeenCalled();
  });

  it("answers the control API's sorted and filtered pages and its export from the database", async () => {
    await seed();
    const spy = refuseWholeTables();
    const tasks = model('Task');
    const query = (search: string) => ({
      ...parseCollectionQuery(new URLSearchParams(search), tasks.schema, tasks.filterTypes),
      limit: 2,
    });
    const sorted = await sortedPage(tasks, query('sort=-title'));
    expect(sorted.total).toBe(4);
    expect(sorted.items.map((t) => t.title)).toEqual(['ship', 'rest']);
    const filtered = await sortedPage(tasks, { ...query('assignee=2&sort=title'), offset: 1 });
    expect({ total: filtered.total, titles: filtered.items.map((t) => t.title) }).toEqual({
      total: 2,
      titles: ['ship'],
    });
    // A write is seen by the next page at once: nothing is kept for a database's pages.
    await ok('POST', '/tasks', { title: 'zip', done: false, assignee: 2 });
    expect((await sortedPage(tasks, query('sort=-title'))).items[0]!.title).toBe('zip');

    const exported = (await RECORD_ROUTES.exportRecords.handle({
      ctx: { project: () => served.project },
      params: { model: 'Task' },
    } as unknown as ControlCall)) as StoredRecord[];
    expect(exported.map((t) => t.title)).toEqual(['plan', 'build', 'ship', 'rest', 'zip']);
    expect(spy).not.toHaveBeenCalled();
  });

  it('reads a table in keyset pages, numeric and string ids alike, and samples ids', async () => {
    for (let i = 0; i < 7; i++) await ok('POST', '/members', { name: `m${i}` });
    for (let i = 0; i < 5; i++) await ok('POST', '/boards', { title: `b${i}` });
    const spy = refuseWholeTables();
    const members = model('Member').store as PostgresStore;
    const pages: number[][] = [];
    for await (const page of members.scan(3)) pages.push(page.map((m) => m.id as number));
    expect(pages).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    const boards = model('Board').store as PostgresStore;
    const boardIds: string[] = [];
    for await (const page of boards.scan(2)) boardIds.push(...page.map((b) => b.id as string));
    expect(boardIds).toEqual((await allRecords(boards)).map((b) => b.id));
    expect(new Set(boardIds).size).toBe(5);

    expect(await members.sampleIds(100)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await members.sampleIds(3)).toEqual([1, 4, 7]);
    expect(await members.sampleIds(2)).toEqual([1, 5]);
    expect((await boards.sampleIds(5)).sort()).toEqual([...boardIds].sort());
    expect(spy).not.toHaveBeenCalled();
  });

  it('saves and resets the seed and fakes children without reading a table whole', async () => {
    await seed();
    const spy = refuseWholeTables();
    await saveSeed(served.project);
    const saved = JSON.parse(
      await readFile(join(served.dir, 'seed', 'tasks.json'), 'utf8'),
    ) as StoredRecord[];
    expect(saved.map((t) => t.title)).toEqual(['plan', 'build', 'ship', 'rest']);

    const faked = await fakeRecords(model('Task'), 6, 7);
    expect(faked).toHaveLength(6);
    for (const task of faked) expect([1, 2, null, undefined]).toContain(task.assignee);
    await resetToSeed(served.project);
    expect(await titles('/tasks')).toEqual(['plan', 'build', 'ship', 'rest']);
    expect(spy).not.toHaveBeenCalled();
  });

  it('gives dao().getAll() every record, read in keyset pages', async () => {
    await seed();
    const spy = refuseWholeTables();
    const scan = vi.spyOn(PostgresStore.prototype, 'scan');
    const all = await dao(model('Task').schema.ctor as ModelClass).getAll();
    expect(all.map((t) => (t as unknown as { title: string }).title)).toEqual([
      'plan',
      'build',
      'ship',
      'rest',
    ]);
    expect(scan).toHaveBeenCalledOnce();
    expect(spy).not.toHaveBeenCalled();
  });
});
