/**
 * The renderer's own boundaries (issue 25): components reach the control API only through a
 * store's action, so what they show and what the stores know cannot drift apart; and their
 * looks live in stylesheets, an inline style only carrying a value computed at run time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { describe, expect, it } from 'vitest';

const src = new URL('.', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

const components = [
  ...sources(join(src, 'features')),
  ...sources(join(src, 'ui')),
  join(src, 'app.tsx'),
];
const read = (path: string) => ({ file: relative(src, path), text: readFileSync(path, 'utf8') });

/** The values of each `style={{…}}` object, split at its top-level commas. */
function styleValues(text: string): string[][] {
  const objects: string[][] = [];
  for (const match of text.matchAll(/style=\{\{/g)) {
    let depth = 2;
    let i = match.index + match[0].length;
    const start = i;
    for (; i < text.length && depth > 0; i++) {
      if (text[i] === '{' || text[i] === '(' || text[i] === '[') depth++;
      if (text[i] === '}' || text[i] === ')' || text[i] === ']') depth--;
    }
    const body = text.slice(start, i - 2);
    const values: string[] = [];
    let level = 0;
    let part = '';
    for (const ch of body) {
      if ('{([`'.includes(ch)) level++;
      if ('})]'.includes(ch)) level--;
      if (ch === ',' && level === 0) {
        values.push(part);
        part = '';
      } else part += ch;
    }
    values.push(part);
    objects.push(values.map((v) => v.slice(v.indexOf(':') + 1).trim()).filter(Boolean));
  }
  return objects;
}

const LITERAL = /^('[^']*'|"[^"]*"|-?\d+(\.\d+)?)$/;

describe('renderer boundaries', () => {
  it('components import no control client: they call store actions', () => {
    const offenders = components
      .map(read)
      .filter(
        ({ text }) =>
          /import\s*{[^}]*\bclient\b[^}]*}\s*from\s*'[./]*api'/.test(text) ||
          /\bclient\(\)/.test(text),
      )
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it('inline styles carry a computed value; fixed looks are classes in a stylesheet', () => {
    const fixed = components.map(read).flatMap(({ file, text }) =>
      styleValues(text)
        .filter((values) => values.every((v) => LITERAL.test(v)))
        .map((values) => `${file}: ${values.join(', ')}`),
    );
    expect(fixed).toEqual([]);
  });

  it('finds an inline style of fixed values (the scan itself works)', () => {
    expect(styleValues("<p style={{ margin: 0, color: 'red' }} />")).toEqual([['0', "'red'"]]);
    expect(styleValues("<p style={{ height: count * ROW, position: 'relative' }} />")).toEqual([
      ['count * ROW', "'relative'"],
    ]);
  });
});
