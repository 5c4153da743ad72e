import { describe, expect, it } from 'vitest';

import { LOOP_MARKER, type LoopMarker, loopSite, placeFile } from './loop-transformer.js';
import { transpile } from './transpile.js';

/** Runs transpiled CommonJS, recording every loop iteration's mark. */
function run(source: string): { exports: Record<string, unknown>; marks: string[] } {
  const code = placeFile(transpile(source, '/p/loops.ts').code, '/p/loops.ts');
  const marks: string[] = [];
  const marker = {
    set at(value: string) {
      marks.push(value);
    },
  };
  const exports: Record<string, unknown> = {};
  new Function('exports', LOOP_MARKER, code)(exports, marker);
  return { exports, marks };
}

describe('loop marks (issue 18)', () => {
  it('marks every kind of loop with its source line, once per iteration', () => {
    const { exports, marks } = run(
      [
        'let n = 0;',
        'for (let i = 0; i < 2; i++) n++;',
        'for (const k in { a: 1 }) n += k.length;',
        'for (const v of [1, 2]) {',
        '  n += v;',
        '}',
        'while (n < 8) n++;',
        'do n++; while (n < 9);',
        'export const total = n;',
      ].join('\n'),
    );
    expect(exports['total']).toBe(9);
    expect(marks).toEqual(
      ['2', '2', '3', '4', '4', '7', '7', '8'].map((line) => `/p/loops.ts:${line}`),
    );
  });

  it('keeps break, continue, labels and empty bodies working', () => {
    const { exports, marks } = run(
      [
        'const seen: number[] = [];',
        'outer: for (let i = 0; i < 3; i++) {',
        '  for (let j = 0; j < 3; j++) {',
        '    if (j === 1) continue outer;',
        '    if (i === 2) break outer;',
        '    seen.push(i * 10 + j);',
        '  }',
        '}',
        'let k = 0;',
        'while (k++ < 2);',
        'export { seen, k };',
      ].join('\n'),
    );
    expect(exports['seen']).toEqual([0, 10]);
    expect(exports['k']).toBe(3);
    expect(marks.at(-1)).toBe('/p/loops.ts:10');
  });

  it('leaves a file without loops as it was', () => {
    const source = 'export class User {\n  id!: number;\n  fortune = "do while for";\n}\n';
    expect(transpile(source, '/p/user.ts').code).not.toContain(LOOP_MARKER);
    expect(transpile('export const x = 1;\n', '/p/x.ts').code).not.toContain(LOOP_MARKER);
  });

  it('reads a mark back as file and line, paths with colons included', () => {
    const marker: LoopMarker = { at: 'C:\\p\\user.ts:12' };
    expect(loopSite(marker)).toEqual({ file: 'C:\\p\\user.ts', line: 12 });
    expect(loopSite({ at: '' })).toBeUndefined();
  });

  it('names no folder in the transpiled code; the path is put in as the file is compiled', () => {
    const source = 'let n = 0;\nwhile (n < 1) n++;\n';
    const a = transpile(source, '/p/one/loops.ts').code;
    expect(transpile(source, '/q/two/loops.ts').code).toBe(a);
    expect(a).not.toContain('/p/one');
    // Quotes, backslashes and accents in a path stay one string literal.
    const path = 'C:\\Users\\Zoë\\"my" api\\loops.ts';
    const marks: string[] = [];
    const marker = {
      set at(value: string) {
        marks.push(value);
      },
    };
    new Function(LOOP_MARKER, placeFile(a, path))(marker);
    expect(marks).toEqual([`${path}:2`]);
  });
});
