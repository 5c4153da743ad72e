/**
 * The datafile reader's fast paths for our own lines (issue 15: the comma after `_id` marked as
 * the record's brace, the key compared in place; issue 27: a chunk of them parsed as one array)
 * must read every file exactly as the plain path does. The same lines are read four ways: as
 * written, one line at a time, in tiny chunks, and with every own line disguised by one space
 * (`{ "_id":…`) so that none takes a fast path.
 */
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { LoadError } from '../../errors.js';
import type { IdKind } from '../../model/schema.js';
import { readDatafile, type ReadOptions } from './datafile-load.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'decorest-load-prop-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const id = fc.integer({ min: -3, max: 12 });
const text = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom('é ☃ 😀', '$x', '\u2028', '{"$$date":1}'),
);
const key = (n: number) =>
  fc.constantFrom(String(n), String(n + 1), `0${n}`, 'x', `${n}\\u0030`, `${n}"`, '');

const ownRecord = id.chain((n) =>
  fc.tuple(key(n), text).map(([k, t]) => `{"_id":"${k}","id":${n},"t":${JSON.stringify(t)}}`),
);
const line = fc.oneof(
  { weight: 6, arbitrary: ownRecord },
  { weight: 1, arbitrary: id.map((n) => `{"_id":"${n}","$$deleted":true}`) },
  { weight: 1, arbitrary: id.map((n) => `{"$$deleted":true,"_id":"${n}"}`) },
  { weight: 1, arbitrary: id.map((n) => `{"id":${n},"t":"hand-written"}`) },
  { weight: 1, arbitrary: id.map((n) => `{"_id":"${n}","id":${n},"d":{"$$date":${n * 1000}}}`) },
  { weight: 1, arbitrary: id.map((n) => `{"_id":"${n}","id":${n},"t":"a","_id":"${n + 1}"}`) },
  { weight: 1, arbitrary: fc.nat(20).map((n) => `{"$$decorest":{"lastId":${n}}}`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('t', 'u').map((f) => `{"$$indexCreated":{"fieldName":"${f}"}}`),
  },
  { weight: 1, arbitrary: fc.constantFrom('t', 'u').map((f) => `{"$$indexRemoved":"${f}"}`) },
  // Lines that are not one object but would make a valid array together.
  { weight: 1, arbitrary: id.map((n) => `{"_id":"${n}","id":${n}},{"id":${n + 1}}`) },
  { weight: 1, arbitrary: id.map((n) => `{"_id":"${n}","id":${n},"t":"}`) },
  { weight: 1, arbitrary: id.map((n) => `{"_id":"${n}","id":${n}}\r`) },
  { weight: 1, arbitrary: fc.constantFrom('5', '"x"', 'null', '{}', ' {"id":1}') },
  { weight: 1, arbitrary: fc.constantFrom('', '   ', 'not json', '{"_id":"5"', '[1]') },
  { weight: 1, arbitrary: id.map((n) => `{"_id":"${n}"{"id":${n}}`) },
  {
    weight: 1,
    arbitrary: fc.tuple(ownRecord, fc.nat()).map(([l, cut]) => l.slice(0, cut % l.length)),
  },
);

type Outcome =
  | { error: number | undefined; code: string }
  | {
      records: unknown[];
      foreignKeys: unknown[];
      lastId: number;
      indexLines: unknown[];
      lines: number;
      torn: number | undefined;
    };

async function outcome(
  content: string,
  options: ReadOptions = {},
  kind: IdKind = 'number',
): Promise<Outcome> {
  const file = join(folder, 'todos.db');
  writeFileSync(file, content);
  try {
    const loaded = await readDatafile(file, kind, options);
    return {
      records: [...loaded.records].sort(([a], [b]) => String(a).localeCompare(String(b))),
      foreignKeys: [...loaded.foreignKeys].sort(([a], [b]) => String(a).localeCompare(String(b))),
      lastId: loaded.lastId,
      indexLines: [...loaded.indexLines],
      lines: loaded.lines,
      torn: loaded.torn?.line,
    };
  } catch (error) {
    if (!(error instanceof LoadError)) throw error;
    return { error: error.line, code: error.code };
  }
}

describe('reading a datafile', () => {
  it('reads any mix of lines the same with and without the fast path, in any chunks', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 24 }), fc.boolean(), async (lines, ended) => {
        const content = lines.join('\n') + (ended ? '\n' : '');
        const plain = content.replaceAll(/^\{"_id":"/gm, '{ "_id":"');
        const fast = await outcome(content);
        expect(await outcome(plain)).toEqual(fast);
        expect(await outcome(content, { bulk: false })).toEqual(fast);
        expect(await outcome(content, { chunkBytes: 16 })).toEqual(fast);
      }),
      { numRuns: 500 },
    );
  });

  it('reads string ids the same with and without the fast paths', async () => {
    const name = fc.constantFrom('a', 'b', 'x y', 'é', 'a\\u0062', 'a"', '7', '');
    const stringLine = fc.oneof(
      { weight: 6, arbitrary: fc.tuple(name, name).map(([k, i]) => `{"_id":"${k}","id":"${i}"}`) },
      { weight: 2, arbitrary: name.map((k) => `{"_id":"${k}","id":"${k}","n":1}`) },
      { weight: 1, arbitrary: name.map((k) => `{"$$deleted":true,"_id":"${k}"}`) },
      { weight: 1, arbitrary: name.map((k) => `{"_id":"${k}","id":7}`) },
      { weight: 1, arbitrary: fc.constantFrom('', 'not json', '{"_id":"a","id":"a"') },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(stringLine, { maxLength: 16 }), async (lines) => {
        const content = lines.join('\n') + '\n';
        const fast = await outcome(content, {}, 'string');
        expect(await outcome(content, { bulk: false }, 'string')).toEqual(fast);
        expect(await outcome(content, { chunkBytes: 16 }, 'string')).toEqual(fast);
      }),
      { numRuns: 300 },
    );
  });
});
