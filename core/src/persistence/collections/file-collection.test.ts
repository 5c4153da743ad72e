import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { StorageWriteError } from '../../errors.js';
import { type FileCollectionOptions, openFileCollection } from './file-collection.js';

let folder: string;
let file: string;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'decorest-file-'));
  file = join(folder, 'data', 'todos.db');
});
afterEach(() => rm(folder, { recursive: true, force: true }));

const open = (options: Partial<FileCollectionOptions> = {}) =>
  openFileCollection(file, { idKind: 'number', ...options });
const lines = (): string[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '');
const parsedLines = (): Array<Record<string, unknown>> =>
  lines().map((l) => JSON.parse(l) as Record<string, unknown>);

describe('opening', () => {
  it('creates the folder and the file', async () => {
    const c = await open();
    expect(readFileSync(file, 'utf8')).toBe('');
    await c.close();
  });

  it('removes a temp file left by a compaction that crashed', async () => {
    mkdirSync(join(folder, 'data'));
    writeFileSync(`${file}.compacting`, '{"_id":"1","id":1}\n');
    const c = await open();
    expect(c.count()).toBe(0);
    await c.close();
    expect(() => readFileSync(`${file}.compacting`)).toThrow();
  });
});

describe('ids across restarts (CONTRACT §1)', () => {
  it('never reuses the highest id after it was deleted and the store reopened', async () => {
    let c = await open();
    for (let i = 0; i < 3; i++) await c.insert({ i });
    await c.remove(3);
    await c.close();
    c = await open();
    expect((await c.insert({})).id).toBe(4);
    await c.close();
  });

  it('keeps the sequence through compaction, which drops the deleted record', async () => {
    let c = await open();
    for (let i = 0; i < 5; i++) await c.insert({ i });
    await c.remove(5);
    await c.remove(4);
    await c.compact();
    expect(parsedLines()).toEqual([
      { $$decorest: { lastId: 5 } },
      { _id: '1', id: 1, i: 0 },
      { _id: '2', id: 2, i: 1 },
      { _id: '3', id: 3, i: 2 },
    ]);
    await c.close();
    c = await open();
    expect((await c.insert({})).id).toBe(6);
    await c.close();
  });

  it('keeps string ids and their records', async () => {
    let c = await open({ idKind: 'string' });
    const a = await c.insert({ t: 'a' });
    await c.insert({ id: 'mine', t: 'b' });
    await c.close();
    c = await open({ idKind: 'string' });
    expect(c.get(a.id)).toEqual(a);
    expect(c.get('mine')).toEqual({ id: 'mine', t: 'b' });
    await c.close();
  });
});

describe('durability (CONTRACT §5)', () => {
  it('has the line in the datafile when a write resolves', async () => {
    const c = await open();
    const record = await c.insert({ t: 'x' });
    expect(readFileSync(file, 'utf8')).toBe('{"_id":"1","id":1,"t":"x"}\n');
    await c.replace(record.id, { t: 'y' });
    expect(lines().at(-1)).toBe('{"_id":"1","id":1,"t":"y"}');
    await c.remove(record.id);
    expect(lines().at(-1)).toBe('{"$$deleted":true,"_id":"1"}');
    await c.close();
  });

  it('works with fsync on', async () => {
    const c = await open({ fsync: true });
    await c.insert({ t: 'x' });
    expect(lines()).toHaveLength(1);
    await c.close();
  });
});

describe('group commit (issue 6)', () => {
  it('stores 1,000 concurrent inserts with distinct ids in far fewer appends', async () => {
    const c = await open();
    const records = await Promise.all(Array.from({ length: 1_000 }, (_, i) => c.insert({ i })));
    expect(new Set(records.map((r) => r.id)).size).toBe(1_000);
    expect(records.map((r) => r.id)).toEqual(Array.from({ length: 1_000 }, (_, i) => i + 1));
    expect(c.appendCount).toBeLessThan(10);
    expect(lines()).toHaveLength(1_000);
    await c.close();
    const again = await open();
    expect(again.count()).toBe(1_000);
    await again.close();
  });

  it('writes lines in the order the writes were made', async () => {
    const c = await open();
    const writes = [c.insert({ v: 1 }), c.replace(1, { v: 2 }), c.remove(1), c.insert({ v: 3 })];
    await Promise.all(writes);
    expect(lines()).toEqual([
      '{"_id":"1","id":1,"v":1}',
      '{"_id":"1","id":1,"v":2}',
      '{"$$deleted":true,"_id":"1"}',
      '{"_id":"2","id":2,"v":3}',
    ]);
    await c.close();
  });
});

describe('compaction', () => {
  it('keeps NeDB index definitions', async () => {
    mkdirSync(join(folder, 'data'));
    writeFileSync(
      file,
      '{"$$indexCreated":{"fieldName":"user","unique":false,"sparse":false}}\n{"_id":"1","id":1}\n{"_id":"1","id":1,"v":2}\n',
    );
    const c = await open();
    await c.compact();
    expect(lines()).toEqual([
      '{"$$decorest":{"lastId":1}}',
      '{"$$indexCreated":{"fieldName":"user","unique":false,"sparse":false}}',
      '{"_id":"1","id":1,"v":2}',
    ]);
    await c.close();
  });

  it('loses no write made while it runs', async () => {
    const c = await open({ indexes: ['user'], autoCompact: false });
    await Promise.all(Array.from({ length: 20_000 }, (_, i) => c.insert({ user: i % 10, v: 0 })));
    for (let id = 1; id <= 20_000; id += 2) await c.remove(id);
    const compaction = c.compact();
    const writes: Array<Promise<unknown>> = [];
    let round = 0;
    // Keep writing, in many separate ticks, until the compaction is done.
    let done = false;
    void compaction.finally(() => (done = true));
    while (!done && round < 4_000) {
      round++;
      // Replaced ids climb from 2, removed ids fall from 20,000: they never meet.
      writes.push(
        c.insert({ user: 99, v: round }),
        c.replace(2 * round, { user: 98, v: round }),
        c.remove(20_000 - 2 * round),
      );
      await new Promise((resolve) => setImmediate(resolve));
    }
    await compaction;
    await Promise.all(writes);
    expect(round).toBeGreaterThan(1);
    const expected = [...c.values()];
    await c.close();
    const again = await open({ indexes: ['user'] });
    expect([...again.values()]).toEqual(expected);
    expect(again.countBy('user', 98)).toBe(round);
    // Only live records, the metadata line and the tail written during compaction remain.
    expect(lines().length).toBeLessThan(10_000 + 1 + 3 * round + 1);
    await again.close();
  });

  it('runs on its own when the file holds mostly superseded lines', async () => {
    const c = await open({ autoCompact: { ratio: 2, slack: 10 } });
    await c.insert({ v: 0 });
    // Keep writing until a compaction (started by a write, never awaited by it) swaps in.
    let v = 0;
    let shrank = false;
    while (!shrank && v < 20_000) {
      const before = c.fileLines;
      await c.replace(1, { v: ++v });
      shrank = c.fileLines < before;
    }
    expect(shrank).toBe(true);
    await c.close(); // waits for a compaction under way
    const again = await open();
    expect(again.get(1)).toEqual({ id: 1, v });
    expect(again.fileLines).toBeLessThan(v);
    await again.close();
  });

  it('leaves the datafile intact when it fails, and writes keep working', async () => {
    const c = await open({ autoCompact: false });
    await c.insert({ v: 1 });
    await c.replace(1, { v: 2 });
    mkdirSync(`${file}.compacting`); // the temp file cannot be created: EISDIR
    await expect(c.compact()).rejects.toMatchObject({ code: 'EISDIR' });
    expect(c.warnings[0]).toContain('compaction failed (EISDIR');
    await c.insert({ v: 3 });
    expect(lines()).toHaveLength(3);
    await c.close();
  });
});

describe('an unwritable datafile (issue 7)', () => {
  it('opens for reading; writes reject with the OS code and change nothing', async () => {
    // Root ignores permissions, so make the folder impossible instead: its parent is a file.
    writeFileSync(join(folder, 'data'), 'not a folder');
    const c = await open();
    expect(c.warnings[0]).toContain('not writable (ENOTDIR)');
    const error = await c.insert({ t: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageWriteError);
    expect(error).toMatchObject({ code: 'STORAGE_WRITE_FAILED', osCode: 'ENOTDIR' });
    expect(c.count()).toBe(0);
    expect(c.get(1)).toBeUndefined();
    expect(c.page(0, 10)).toEqual([]);
    // Compaction never renames a new file over a datafile it could not write.
    await expect(c.compact()).rejects.toMatchObject({ osCode: 'ENOTDIR' });
    await c.close();
  });
});
