/**
 * The two model edit journals' shared reader: a journal a start cannot act on is a load error
 * naming it and what removing it keeps, before any file is written or any database reached.
 * (Finishing and undoing edits across real crashes: model-edit/edit-crash*.test.ts.)
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { LoadError } from '../errors.js';
import {
  completeDatabaseEdit,
  completeEdit,
  DATABASE_EDIT_JOURNAL,
  EDIT_JOURNAL,
  writeDatabaseEditJournal,
} from './edit-journal.js';
import type { ProjectData } from './project-data.js';

let root: string;
let dataDir: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'decorest-journal-'));
  dataDir = join(root, 'data');
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** No witness is ever asked: every journal here is refused before. */
const NO_DATA = {} as ProjectData;
/** Nothing listens there: a journal refused before connecting never finds out. */
const NO_DATABASE = 'postgres://nobody@127.0.0.1:1/none';

const KINDS = [
  {
    name: EDIT_JOURNAL,
    keeps: 'files and data',
    entry: (file: string) => ({ file, text: 'new' }),
    half: (file: string) => ({ file }),
    header: {},
    complete: () => completeEdit(root, dataDir, NO_DATA),
  },
  {
    name: DATABASE_EDIT_JOURNAL,
    keeps: 'files and tables',
    entry: (file: string) => ({ file, before: 'old', after: 'new' }),
    half: (file: string) => ({ file, after: 'new' }),
    header: { xid: '123' },
    complete: () => completeDatabaseEdit(root, dataDir, NO_DATABASE),
  },
] as const;

describe.each(KINDS)('the $name journal', (kind) => {
  const leave = async (text: string): Promise<string> => {
    await mkdir(dataDir, { recursive: true });
    const file = join(dataDir, kind.name);
    await writeFile(file, text);
    return file;
  };
  const refusal = async (text: string, why: RegExp): Promise<void> => {
    const file = await leave(text);
    const error = await kind.complete().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(LoadError);
    expect((error as LoadError).file).toBe(file);
    expect((error as LoadError).message).toMatch(why);
    expect((error as LoadError).message).toContain(
      `remove the file to keep the ${kind.keeps} as they are`,
    );
    // Left for the user to look at, and the files it names untouched.
    expect(await readFile(file, 'utf8')).toBe(text);
  };

  it('is nothing to do when there is none', async () => {
    await expect(kind.complete()).resolves.toBeFalsy();
  });

  it('refuses one that is not JSON', () => refusal('{"files": [', /is not JSON/));

  it('refuses one naming a file outside the project', async () => {
    const outside = join(root, '..', 'elsewhere.ts');
    await refusal(
      JSON.stringify({ ...kind.header, files: [kind.entry(outside)] }),
      /names a file outside the project/,
    );
    expect(existsSync(outside)).toBe(false);
  });

  it('refuses an entry without its fields', () =>
    refusal(
      JSON.stringify({ ...kind.header, files: [kind.half(join(root, 'todo.ts'))] }),
      /has an entry without file/,
    ));

  // Read as an object before: a TypeError, not a load error naming the journal.
  it('refuses an entry that is not an object', () =>
    refusal(JSON.stringify({ ...kind.header, files: [null] }), /has an entry without file/));

  it('refuses one without a list of files', () =>
    refusal(JSON.stringify({ ...kind.header }), /lists no files/));
});

it('refuses a database journal that names no transaction, before reaching the database', async () => {
  await writeDatabaseEditJournal(dataDir, { xid: 'x', files: [] });
  await expect(completeDatabaseEdit(root, dataDir, NO_DATABASE)).rejects.toThrow(
    /names no transaction/,
  );
});
