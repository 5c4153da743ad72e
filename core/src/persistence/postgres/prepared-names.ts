/**
 * Names for the list statements a store sends often (issue 44): a named statement is parsed
 * and planned once per connection and then only executed, where an unnamed one is planned on
 * every request. On a list page of ten rows planning is most of PostgreSQL's work (pgbench on
 * a million rows: 9,400 list pages a second unnamed, 41,000 prepared).
 *
 * Every connection keeps the statements it prepared until it closes, so the names are bounded:
 * the first {@link MAX_NAMED} statement texts of the process get one, any later one goes
 * unnamed. A name hashes the text and the table's columns and their types: a model edit that
 * retypes a column gives its statements new names, never a plan of the old result type.
 */
import { createHash } from 'node:crypto';

import type { TableSpec } from './table-schema.js';

/** Statement texts named per process; past this, statements go unnamed. */
export const MAX_NAMED = 256;

const names = new Map<string, string>();

/** What a statement's plan depends on besides its text: the table's columns and their types. */
export function tableSignature(spec: TableSpec): string {
  return `${spec.table}(${spec.columns.map((c) => `${c.name} ${c.type}`).join(', ')})`;
}

/** The name `text` is prepared under on `signature`'s table, or `undefined` past the bound. */
export function preparedName(signature: string, text: string): string | undefined {
  const key = `${signature}\u0000${text}`;
  let name = names.get(key);
  if (name === undefined) {
    if (names.size >= MAX_NAMED) return undefined;
    name = `decorest_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
    names.set(key, name);
  }
  return name;
}
