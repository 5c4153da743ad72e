import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { IdKind } from '../../model/schema.js';
import { OtherLine, readChunkInBulk } from './datafile-bulk.js';
import { deleteLine, metaLine, recordLine } from './datafile-format.js';
import { readDatafile } from './datafile-load.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'decorest-bulk-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const bulkOf = (text: string, kind: IdKind = 'number') => {
  const buffer = Buffer.from(text);
  return { buffer, chunk: readChunkInBulk(buffer, 0, buffer.length, kind) };
};

/** What a file holds, read with and without the one-parse path. */
async function bothReadings(text: string, kind: IdKind) {
  const file = join(folder, `${kind}.db`);
  writeFileSync(file, text);
  const read = async (bulk: boolean) => {
    const loaded = await readDatafile(file, kind, { bulk });
    return { ...loaded, records: [...loaded.records], indexLines: [...loaded.indexLines] };
  };
  return { bulk: await read(true), lines: await read(false) };
}

describe('reading a chunk in one parse', () => {
  const compacted =
    metaLine(9) +
    '{"$$indexCreated":{"fieldName":"title"}}\n' +
    recordLine({ id: 1, title: 'one' }) +
    recordLine({ id: 2, title: 'two, "quoted"\nline' }) +
    '\n' +
    recordLine({ id: 1, title: 'one again' }) +
    deleteLine('2') +
    recordLine({ id: 3, title: 'é ☃ 😀 \u2028' });

  it('takes a file as decorest writes it, header, updates and deletions included', async () => {
    const { chunk } = bulkOf(compacted);
    expect(chunk?.lines).toBe(8);
    expect(chunk?.entries.filter((e) => !(e instanceof OtherLine))).toEqual([
      { id: 1, title: 'one' },
      { id: 2, title: 'two, "quoted"\nline' },
      { id: 1, title: 'one again' },
      { id: 3, title: 'é ☃ 😀 \u2028' },
    ]);
    const { bulk, lines } = await bothReadings(compacted, 'number');
    expect(bulk).toEqual(lines);
    expect(bulk.records).toEqual([
      [1, { id: 1, title: 'one again' }],
      [3, { id: 3, title: 'é ☃ 😀 \u2028' }],
    ]);
    expect(bulk.lastId).toBe(9);
    expect(bulk.indexLines).toEqual([['title', '{"$$indexCreated":{"fieldName":"title"}}']]);
  });

  it('takes string ids', async () => {
    const text = recordLine({ id: 'aB-_9', n: 1 }) + recordLine({ id: 'x y', n: 2 });
    expect(bulkOf(text, 'string').chunk?.entries).toEqual([
      { id: 'aB-_9', n: 1 },
      { id: 'x y', n: 2 },
    ]);
    const { bulk, lines } = await bothReadings(text, 'string');
    expect(bulk).toEqual(lines);
  });

  it.each([
    [
      'a corrupt line in the middle',
      '{"_id":"1","id":1}\n{"_id":"2","id":2,\n{"_id":"3","id":3}\n',
    ],
    ['a torn last line', '{"_id":"1","id":1}\n{"_id":"2","id":'],
    ['an _id naming another id', '{"_id":"1","id":1}\n{"_id":"5","id":2}\n'],
    ['a key that is not canonical', '{"_id":"1","id":1}\n{"_id":"02","id":2}\n'],
    ['a negative id', '{"_id":"-1","id":-1}\n'],
    ['two records on one line', '{"_id":"1","id":1},{"id":2}\n{"_id":"3","id":3}\n'],
    ['a line ending in \\r', '{"_id":"1","id":1}\r\n'],
    ['a second _id', '{"_id":"1","id":1,"_id":"2"}\n'],
    ['a line that is not an object', '{"_id":"1","id":1}\n5\n'],
    ['a hand-written record', '{"_id":"1","id":1}\n{"id":2}\n'],
    ['no record at all', metaLine(3)],
  ])('leaves %s to the line reader, every byte as it was', (_name, text) => {
    const { buffer, chunk } = bulkOf(text);
    expect(chunk).toBeUndefined();
    expect(buffer.toString()).toBe(text);
  });

  it('leaves a string key with escapes or other characters to the line reader', () => {
    for (const text of ['{"_id":"a\\u0041","id":"aA"}\n', '{"_id":"é","id":"é"}\n']) {
      const { buffer, chunk } = bulkOf(text, 'string');
      expect(chunk).toBeUndefined();
      expect(buffer.toString()).toBe(text);
    }
  });

  it('names a corrupt line as the line reader does', async () => {
    const text = `${recordLine({ id: 1 })}${recordLine({ id: 2 })}{"_id":"3","id":3,}\n${recordLine({ id: 4 })}`;
    const file = join(folder, 'corrupt.db');
    writeFileSync(file, text);
    await expect(readDatafile(file, 'number')).rejects.toMatchObject({
      code: 'CORRUPT_DATAFILE',
      line: 3,
    });
  });
});
