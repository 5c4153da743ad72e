/**
 * The indexes a model's fields get (issue 44), so the list conventions read an index instead
 * of the table: every scalar field (string, enum, number, boolean, date) a B-tree on
 * `(field, id)`, which answers `field=v` in id order, `_sort=field` and a range, each LIMIT
 * rows deep; every string and enum field also a trigram index on `lower(field)` (pg_trgm),
 * which answers `q` and a plain-text `_like`. `@Field({ index: false })` opts a field out of
 * both (a write-heavy table). Relation keys keep their own index (table-schema.ts).
 *
 * Text keys sort `COLLATE "C"` (code-point order, as query-sql.ts compares them), so the
 * B-tree is built in that collation too: an index in another collation would not serve them.
 * It holds a text's first {@link TEXT_KEY_CHARS} characters, not the text: a B-tree entry
 * must fit a third of a page (2,704 bytes), and a record may hold a megabyte. Cutting keeps
 * the order (a text sorts before another only if its prefix sorts no later), so the queries
 * compare the prefix first, through the index, then the whole text (filter-sql.ts); a sort
 * reads the index in prefix order and sorts only the rows whose prefixes tie.
 */
import { derivedName, quoteIdent } from './sql.js';
import type { ColumnSpec, TableSpec } from './table-schema.js';

/** Characters of a text an order index holds (at most 4 bytes each: far below the limit). */
export const TEXT_KEY_CHARS = 256;

/** `left("f", 256) COLLATE "C"`: the indexed prefix of a text field, spelt as the index is. */
export function textKey(column: string): string {
  return `left(${quoteIdent(column)}, ${TEXT_KEY_CHARS}) COLLATE "C"`;
}

/** Whether the column is a text field with an order index on its prefix. */
export function hasTextKey(c: ColumnSpec): boolean {
  return isTextField(c) && c.field?.index !== false;
}

/** One index a field wants: its name (derived from table and column) and its DDL. */
export interface FieldIndex {
  readonly name: string;
  readonly column: string;
  readonly kind: 'order' | 'search';
  readonly sql: string;
}

/** The pg_trgm operator class a search index needs; its extension may be missing. */
export const TRIGRAM_EXTENSION = 'pg_trgm';

/** Whether the column holds one scalar value a B-tree orders (no list, no object). */
function isScalarField(c: ColumnSpec): boolean {
  return c.field !== undefined && c.type !== 'jsonb' && c.type !== '_text';
}

/** Whether `q` reads the column as text: a string or enum field. */
export function isTextField(c: ColumnSpec): boolean {
  return c.field !== undefined && c.type === 'text';
}

export function orderIndexName(table: string, column: string): string {
  return derivedName(table, column, 'idx');
}

export function searchIndexName(table: string, column: string): string {
  return derivedName(table, column, 'trgm');
}

/** `lower("f")`: the expression `q` compares and the trigram index holds, spelt alike. */
export function lowered(column: string): string {
  return `lower(${quoteIdent(column)})`;
}

/**
 * The indexes `spec`'s fields want; with `search` false (pg_trgm not installed, or not
 * installable), no trigram ones.
 */
export function fieldIndexes(spec: TableSpec, search: boolean): FieldIndex[] {
  const out: FieldIndex[] = [];
  const table = quoteIdent(spec.table);
  for (const c of spec.columns) {
    if (!isScalarField(c) || c.field?.index === false) continue;
    const name = orderIndexName(spec.table, c.name);
    const key = c.type === 'text' ? `(${textKey(c.name)})` : quoteIdent(c.name);
    out.push({
      name,
      column: c.name,
      kind: 'order',
      sql: `CREATE INDEX ${quoteIdent(name)} ON ${table} (${key}, "id")`,
    });
    if (search && isTextField(c)) {
      const trgm = searchIndexName(spec.table, c.name);
      out.push({
        name: trgm,
        column: c.name,
        kind: 'search',
        sql: `CREATE INDEX ${quoteIdent(trgm)} ON ${table} USING gin (${lowered(c.name)} gin_trgm_ops)`,
      });
    }
  }
  return out;
}

/**
 * The names of the field indexes this store could have made on `spec`'s columns, wanted or
 * not: a name among them that no field wants now (an opted-out field, a retyped one) is ours
 * to drop, any other index on the table is someone else's.
 */
export function possibleFieldIndexNames(spec: TableSpec): Map<string, string> {
  const names = new Map<string, string>();
  for (const c of spec.columns) {
    if (c.field === undefined) continue;
    names.set(orderIndexName(spec.table, c.name), c.name);
    names.set(searchIndexName(spec.table, c.name), c.name);
  }
  return names;
}
