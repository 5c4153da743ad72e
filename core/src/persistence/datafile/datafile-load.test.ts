import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { LoadError } from '../../errors.js';
import type { IdKind } from '../../model/schema.js';
import { openFileCollection } from '../collections/file-collection.js';
import { readDatafile } from './datafile-load.js';

let folder: string;
let file: string;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'decorest-load-'));
  file = join(folder, 'todos.db');
});
afterEach(() => rm(folder, { recursive: true, force: true }));

const open = (idKind: IdKind = 'number') => openFileCollection(file, { idKind });

async function loadError(content: string, idKind: IdKind = 'number'): Promise<LoadError> {
  writeFileSync(file, content);
  const error = await open(idKind).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(LoadError);
  // Never a silent wipe: the file is left exactly as it was.
  expect(readFileSync(file, 'utf8')).toBe(content);
  return error as LoadError;
}

describe('loading a datafile', () => {
  it('replays NeDB semantics: later lines replace, $$deleted deletes', async () => {
    writeFileSync(
      file,
      [
        '{"_id":"1","id":1,"t":"a"}',
        '{"_id":"2","id":2,"t":"b"}',
        '{"_id":"1","id":1,"t":"a2"}',
        '{"$$deleted":true,"_id":"2"}',
        '{"_id":"3","id":3,"t":"c"}',
        '',
      ].join('\n'),
    );
    const c = await open();
    expect([...c.values()]).toEqual([
      { id: 1, t: 'a2' },
      { id: 3, t: 'c' },
    ]);
    await c.close();
  });

  it('loads hand-written lines: id without _id, blank lines, CRLF, a BOM, no final newline', async () => {
    writeFileSync(file, '\uFEFF{"id":2,"t":"b"}\r\n\n{"id":1,"t":"a"}\r\n   \n{"id":3,"t":"c"}');
    const c = await open();
    expect([...c.values()].map((r) => r.id)).toEqual([1, 2, 3]);
    expect(c.warnings).toEqual([]);
    await c.insert({ t: 'd' });
    await c.close();
    // The newline the last hand-written line lacked was added before our append.
    expect(
      readFileSync(file, 'utf8').endsWith('{"id":3,"t":"c"}\n{"_id":"4","id":4,"t":"d"}\n'),
    ).toBe(true);
    const again = await open();
    expect(again.count()).toBe(4);
    await again.close();
  });

  it('takes the id from _id when a line has no id', async () => {
    writeFileSync(file, '{"_id":"7","t":"x"}\n');
    const numeric = await open();
    expect(numeric.get(7)).toEqual({ id: 7, t: 'x' });
    await numeric.close();
    writeFileSync(file, '{"t":"y","_id":"abc"}\n');
    const strings = await open('string');
    expect(strings.get('abc')).toEqual({ id: 'abc', t: 'y' });
    await strings.close();
  });

  it('reads NeDB $$date values as ISO strings, nested ones too', async () => {
    writeFileSync(
      file,
      '{"_id":"1","id":1,"due":{"$$date":1700000000000},"log":[{"at":{"$$date":0}}]}\n',
    );
    const c = await open();
    expect(c.get(1)).toEqual({
      id: 1,
      due: '2023-11-14T22:13:20.000Z',
      log: [{ at: '1970-01-01T00:00:00.000Z' }],
    });
    await c.close();
  });

  it('ignores NeDB index definitions and our metadata line', async () => {
    writeFileSync(
      file,
      '{"$$decorest":{"lastId":41}}\n{"$$indexCreated":{"fieldName":"user","unique":false,"sparse":false}}\n{"_id":"1","id":1}\n',
    );
    const c = await open();
    expect(c.count()).toBe(1);
    expect((await c.insert({})).id).toBe(42);
    await c.close();
  });

  it('reads our own lines whose key is not the id, or not plain, as NeDB does', async () => {
    writeFileSync(
      file,
      [
        '{"_id":"1","id":1,"t":"plain"}',
        '{"_id":"07","id":7,"t":"key with a leading zero"}',
        '{"_id":"12","id":21,"t":"key of another id"}',
        '{"_id":"1\\u0030","id":10,"t":"escaped key"}',
        '{"_id":"-4","id":-4,"t":"negative"}',
        '{"_id":"0","id":0,"t":"zero"}',
        '{"_id":"12","$$deleted":true}',
        '{"_id":"30","id":30,"t":"two _id, the last one counts","_id":"31"}',
        '',
      ].join('\n'),
    );
    const c = await open();
    expect([...c.values()]).toEqual([
      { id: -4, t: 'negative' },
      { id: 0, t: 'zero' },
      { id: 1, t: 'plain' },
      { id: 7, t: 'key with a leading zero' },
      { id: 10, t: 'escaped key' },
      { id: 30, t: 'two _id, the last one counts' },
    ]);
    await c.close();
  });

  it('reads string ids and text beyond ASCII in our own lines', async () => {
    writeFileSync(
      file,
      '{"_id":"été","id":"été","t":"ü ☃ 😀"}\n{"_id":"b","id":"b","t":"\u2028"}\n',
    );
    const c = await open('string');
    expect([...c.values()]).toEqual([
      { id: 'b', t: '\u2028' },
      { id: 'été', t: 'ü ☃ 😀' },
    ]);
    await c.close();
  });

  it('counts deleted ids for the sequence', async () => {
    writeFileSync(file, '{"_id":"1","id":1}\n{"_id":"9","id":9}\n{"$$deleted":true,"_id":"9"}\n');
    const c = await open();
    expect((await c.insert({})).id).toBe(10);
    await c.close();
  });
});

describe('a datafile read in many chunks (as one over 64 MiB is)', () => {
  const lines = Array.from(
    { length: 40 },
    (_, i) => `{"_id":"${i + 1}","id":${i + 1},"t":"é${i}"}`,
  );

  it('reads every line once, whatever chunk it falls in', async () => {
    writeFileSync(file, `${lines.join('\n')}\n{"id":41,"t":"hand-written"}\n`);
    for (const chunkBytes of [1, 7, 64, 100_000]) {
      const loaded = await readDatafile(file, 'number', { chunkBytes });
      expect([...loaded.records.keys()]).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
      expect(loaded.records.get(3)).toEqual({ id: 3, t: 'é2' });
      expect(loaded.lines).toBe(41);
    }
  });

  it('reads a NeDB date in the one chunk that holds one, and a plain $ as text', async () => {
    const dated = [...lines];
    dated[1] = '{"_id":"2","id":2,"t":"costs $$5, not a date: {\\"$$date\\":1}"}';
    dated[30] = '{"_id":"31","id":31,"t":{"$$date":0}}';
    writeFileSync(file, `${dated.join('\n')}\n`);
    for (const chunkBytes of [64, 100_000]) {
      const loaded = await readDatafile(file, 'number', { chunkBytes });
      expect(loaded.records.get(2)).toEqual({ id: 2, t: 'costs $$5, not a date: {"$$date":1}' });
      expect(loaded.records.get(31)).toEqual({ id: 31, t: '1970-01-01T00:00:00.000Z' });
    }
  });

  it('names the right line of a later chunk, and finds a torn end there', async () => {
    const corrupt = [...lines];
    corrupt[29] = '{"_id":"30","id":30,"t":';
    writeFileSync(file, `${corrupt.join('\n')}\n`);
    const error = (await readDatafile(file, 'number', { chunkBytes: 64 }).catch(
      (e: unknown) => e,
    )) as LoadError;
    expect(error).toBeInstanceOf(LoadError);
    expect(error.line).toBe(30);

    writeFileSync(file, `${lines.join('\n')}\n{"_id":"41","id":41,"t":"cut`);
    const torn = await readDatafile(file, 'number', { chunkBytes: 64 });
    expect(torn.torn?.line).toBe(41);
    expect(torn.records.size).toBe(40);
  });
});

describe('a torn last line (a write cut by a crash)', () => {
  it('loads every complete record, reports the line and cuts it off', async () => {
    writeFileSync(
      file,
      '{"_id":"1","id":1,"t":"a"}\n{"_id":"2","id":2,"t":"b"}\n{"_id":"3","id":3,"t":"c',
    );
    const c = await open();
    expect([...c.values()].map((r) => r.id)).toEqual([1, 2]);
    expect(c.warnings).toHaveLength(1);
    expect(c.warnings[0]).toContain(`${file}:3: torn last line`);
    expect(readFileSync(file, 'utf8')).not.toContain('"t":"c');
    await c.insert({ t: 'd' });
    await c.close();
    const again = await open();
    expect([...again.values()].map((r) => r.t)).toEqual(['a', 'b', 'd']);
    expect(again.warnings).toEqual([]);
    await again.close();
  });

  it('treats a lone torn line as an empty file', async () => {
    writeFileSync(file, '{"_id":"1","i');
    const c = await open();
    expect(c.count()).toBe(0);
    expect(c.warnings[0]).toContain(`${file}:1:`);
    await c.close();
    // Compaction after a torn line leaves only the metadata line.
    expect(readFileSync(file, 'utf8')).toBe('{"$$decorest":{"lastId":0}}\n');
  });
});

describe('a corrupted datafile', () => {
  it('fails the load naming file and line for a bad line in the middle', async () => {
    const error = await loadError('{"_id":"1","id":1}\n{"_id":"2","id":2,\n{"_id":"3","id":3}\n');
    expect(error.code).toBe('CORRUPT_DATAFILE');
    expect(error.file).toBe(file);
    expect(error.line).toBe(2);
    expect(error.message.startsWith(`${file}:2: corrupt datafile: not valid JSON`)).toBe(true);
  });

  it('fails for a bad last line that does end with a newline', async () => {
    const error = await loadError('{"_id":"1","id":1}\nnot json\n');
    expect(error.line).toBe(2);
  });

  it.each([
    ['a line without id or _id', '{"t":"x"}\n{"_id":"1","id":1}\n', 1, 'no `id` and no `_id`'],
    ['a JSON value that is not an object', '[1,2]\n{"_id":"1","id":1}\n', 1, 'not a JSON object'],
    [
      'a string id in a numeric collection',
      '{"_id":"1","id":1}\n{"_id":"a","id":"a"}\n',
      2,
      'is not an integer',
    ],
    ['a non-numeric _id and no id', '{"_id":"abc","t":1}\n{"_id":"1","id":1}\n', 1, 'no usable id'],
    ['a fractional id', '{"id":1.5}\n\n', 1, 'is not an integer'],
    [
      'one id under two _id values',
      '{"_id":"x","id":1}\n{"_id":"1","id":1}\n',
      2,
      'two _id values',
    ],
  ])('fails for %s', async (_, content, line, reason) => {
    const error = await loadError(content);
    expect(error.line).toBe(line);
    expect(error.message).toContain(reason);
  });

  it('fails for a brace where our own lines have the comma after _id (the fast path marks it so)', async () => {
    const error = await loadError('{"_id":"1","id":1}\n{"_id":"2"{"id":2}\n');
    expect(error.line).toBe(2);
    expect(error.message).toContain('not valid JSON');
  });

  it('names the line as written when the rest of one of our own lines is not JSON', async () => {
    const content = '{"_id":"1","id":1}\n{"_id":"2","id":2,"t":}\n{"_id":"3","id":3}\n';
    const error = await loadError(content);
    expect(error.line).toBe(2);
    expect(error.message).toContain('not valid JSON');
  });

  it('fails for a numeric id in a string-id collection', async () => {
    const error = await loadError('{"_id":"1","id":1}\n', 'string');
    expect(error.message).toContain(`${file}:1:`);
  });
});
