/** The names and types a model edit may write (issue 24 §4), checked without a server. */
import { readFile } from 'node:fs/promises';

import { describe, expect, it } from 'vitest';

import ts from '../loader/typescript.js';
import { checkModelName, DECOREST_EXPORTS } from './create-model.js';
import { fieldTypeOf } from './field-edits.js';
import { parse } from './source-text.js';

/** Every name `src/index.ts` exports, values and types. */
async function indexExports(): Promise<string[]> {
  const text = await readFile(new URL('../index.ts', import.meta.url), 'utf8');
  const names: string[] = [];
  for (const statement of parse(text).statements)
    if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    )
      for (const element of statement.exportClause.elements) names.push(element.name.text);
  return names;
}

describe('model edit names', () => {
  it('refuses as a model name every capitalised name decorest exports', async () => {
    const exported = (await indexExports()).filter((n) => /^[A-Z]/.test(n));
    expect(exported.length).toBeGreaterThan(10);
    expect([...DECOREST_EXPORTS].sort()).toEqual([...new Set(exported)].sort());
    for (const name of exported) expect(() => checkModelName(name), name).toThrow(/decorest/);
  });

  it('reads the types the studio offers as the loader does', () => {
    expect(fieldTypeOf('number')).toEqual({
      type: { kind: 'number', integer: false },
      nullable: false,
    });
    expect(fieldTypeOf("('a' | 'b')[] | null")).toEqual({
      type: { kind: 'array', element: { kind: 'enum', values: ['a', 'b'] } },
      nullable: true,
    });
    expect(fieldTypeOf('Date')).toEqual({ type: { kind: 'date' }, nullable: false });
    for (const type of ['typeof process', 'string | number', 'Promise<string>', 'object', 'Todo'])
      expect(() => fieldTypeOf(type), type).toThrow(/is not a field type/);
  });
});
