/**
 * Multi-datafile batches (issue 18) at the store level: the general form a seed reset uses
 * (clear, then put records with their ids, across collections), and the two recoveries at
 * open, on journals as an interrupted process leaves them.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { type FileCollection, openFileCollection } from '../collections/file-collection.js';
import { batchMarker, journalPath, writeBatch } from './batch-journal.js';
import { recoverBatches } from './batch-recovery.js';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'decorest-batch-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const open = (name: string): Promise<FileCollection> =>
  openFileCollection(join(folder, `${name}.db`), { idKind: 'number', indexes: ['user'] });

describe('writeBatch', () => {
  it('replaces two collections whole (a seed reset), in memory and in the files', async () => {
    const users = await open('users');
    const todos = await open('todos');
    await users.insert({ name: 'old' });
    await todos.insert({ content: 'old', user: 1 });
    await writeBatch([
      {
        collection: users,
        ops: [{ kind: 'clear' }, { kind: 'put', record: { id: 7, name: 'Ann' } }],
      },
      {
        collection: todos,
        ops: [
          { kind: 'clear' },
          { kind: 'put', record: { id: 3, content: 'seeded', user: 7 } },
          { kind: 'put', record: { id: 4, content: 'gone again', user: 7 } },
          { kind: 'remove', id: 4 },
        ],
      },
    ]);
    const expected = {
      users: [{ id: 7, name: 'Ann' }],
      todos: [{ id: 3, content: 'seeded', user: 7 }],
    };
    expect({ users: [...users.values()], todos: [...todos.values()] }).toEqual(expected);
    expect(readdirSync(folder).filter((n) => n.startsWith('.decorest-batch-'))).toEqual([]);
    // Ids stay unused: the next insert goes past the seeded ones.
    expect((await users.insert({ name: 'next' })).id).toBe(8);
    await users.remove(8);
    await Promise.all([users.close(), todos.close()]);
    const [u, t] = [await open('users'), await open('todos')];
    expect({ users: [...u.values()], todos: [...t.values()] }).toEqual(expected);
    await Promise.all([u.close(), t.close()]);
  });
});

describe('recoverBatches', () => {
  const journal = (files: { file: string; forward: string; backward: string }[]) =>
    JSON.stringify({ batch: 'b1', files });

  it('rolls a pending batch forward where its marker is missing, cutting a torn tail', async () => {
    const marker = batchMarker('b1');
    // users.db took the batch; todos.db was cut by the kill in the middle of a line.
    writeFileSync(
      join(folder, 'users.db'),
      `{"_id":"1","id":1,"name":"Ann"}\n{"$$deleted":true,"_id":"1"}\n${marker}`,
    );
    writeFileSync(join(folder, 'todos.db'), '{"_id":"5","id":5,"user":1}\n{"$$deleted":tr');
    writeFileSync(
      journalPath(folder, 'b1', 'pending'),
      journal([
        {
          file: 'users.db',
          forward: `{"$$deleted":true,"_id":"1"}\n${marker}`,
          backward: '{"_id":"1","id":1,"name":"Ann"}\n',
        },
        {
          file: 'todos.db',
          forward: `{"$$deleted":true,"_id":"5"}\n${marker}`,
          backward: '{"_id":"5","id":5,"user":1}\n',
        },
      ]),
    );
    const notes = await recoverBatches(folder);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain('completed in users.db, todos.db');
    const [users, todos] = [await open('users'), await open('todos')];
    expect([users.count(), todos.count()]).toEqual([0, 0]);
    expect(todos.warnings).toEqual([]);
    await Promise.all([users.close(), todos.close()]);
    expect(readdirSync(folder).filter((n) => n.startsWith('.decorest-batch-'))).toEqual([]);
  });

  it('rolls an aborted batch back at its marker, so later writes still win', async () => {
    const marker = batchMarker('b1');
    writeFileSync(
      join(folder, 'todos.db'),
      [
        '{"_id":"5","id":5,"content":"a","user":1}',
        '{"_id":"6","id":6,"content":"b","user":1}',
        '{"_id":"5","id":5,"content":"a","user":null}',
        '{"_id":"6","id":6,"content":"b","user":null}',
        marker.trimEnd(),
        // Stored after the batch (its rollback could not be): it must survive the recovery.
        '{"_id":"6","id":6,"content":"edited later","user":null}',
        '',
      ].join('\n'),
    );
    writeFileSync(join(folder, 'users.db'), '{"_id":"1","id":1,"name":"Ann"}\n');
    writeFileSync(
      journalPath(folder, 'b1', 'aborted'),
      journal([
        { file: 'users.db', forward: `{"$$deleted":true,"_id":"1"}\n${marker}`, backward: '' },
        {
          file: 'todos.db',
          forward: '',
          backward:
            '{"_id":"5","id":5,"content":"a","user":1}\n{"_id":"6","id":6,"content":"b","user":1}\n',
        },
      ]),
    );
    expect(await recoverBatches(folder)).toEqual([expect.stringContaining('rolled back')]);
    const todos = await open('todos');
    expect([...todos.values()]).toEqual([
      { id: 5, content: 'a', user: 1 },
      { id: 6, content: 'edited later', user: null },
    ]);
    await todos.close();
    // users.db never took the batch (no marker): left as it was.
    expect(readFileSync(join(folder, 'users.db'), 'utf8')).toBe(
      '{"_id":"1","id":1,"name":"Ann"}\n',
    );
  });

  it('drops a journal that was never completed, touching no datafile', async () => {
    writeFileSync(join(folder, 'users.db'), '{"_id":"1","id":1,"name":"Ann"}\n');
    writeFileSync(`${journalPath(folder, 'b1', 'pending')}.writing`, '{"batch":"b1","fi');
    expect(await recoverBatches(folder)).toEqual([]);
    expect(readdirSync(folder)).toEqual(['users.db']);
  });
});
