/**
 * Issue 48: a list's example follows the query. `GET /authors` answers authors without their
 * books; `?embed=books` adds each author's books, `?embed=authorId` puts the author in place of
 * a book's link, `?_expand=author` adds it beside `authorId` (CONTRACT §3, app/query/embed.ts).
 * These are the list example answered with each such query, built from the same example records
 * the way the server fills them in, so a store holding those records answers exactly these.
 *
 * They go on the list's 2xx media as `x-decorest-examples`, keyed by the query: OpenAPI's own
 * `examples` map may not stand beside `example` (OAS 3.1 §4.8.14, "mutually exclusive"; the
 * 3.1 schema refuses both), and `example` stays for the tools that read only it.
 */
import type { ModelRuntime } from '../app/model-runtime.js';
import type { JsonValue } from '../contract/values.js';
import type { ExampleRecord, ExampleRecords } from './example-records.js';

/** One variant: an OpenAPI Example Object, with the query it answers. */
export interface QueryExample {
  readonly summary: string;
  readonly value: JsonValue;
}

/** Query (`embed=books`) → the list's answer to it. */
export type QueryExamples = Record<string, QueryExample>;

/** The media-type extension the variants are written under. */
export const QUERY_EXAMPLES_KEY = 'x-decorest-examples';

/** json-server's link names: `authorId` is the link of `_expand=author` (its foreignKeySuffix). */
const LINK_SUFFIX = /^(.+)Id$/;

/** The example record of `parent` whose id `id` is, as `store.get` would find it; else null. */
function parentRecord(records: ExampleRecords, parent: string, id: JsonValue | undefined) {
  return records.of(parent).find((p) => p['id'] !== undefined && p['id'] === id) ?? null;
}

/**
 * `records` (what the list answers with no query) as `model`'s list answers each query that
 * includes one relation: every `@HasMany` and `@BelongTo` field with `embed=`, and a link named
 * json-server's way with `_expand=` (`_expand=user` of a link named `user` is `embed=user`, so
 * it is said in that one's summary instead of repeated).
 *
 * @example
 * ```ts
 * includeExamples(authors, records.of('Author'), records)['embed=books'].value;
 * // [{ id: 1, name: 'Ann', books: [{ id: 1, title: '…', authorId: 1 }] }, …]
 * ```
 */
export function includeExamples(
  model: ModelRuntime,
  records: readonly ExampleRecord[],
  all: ExampleRecords,
): QueryExamples {
  const name = model.schema.name;
  const out: QueryExamples = {};
  for (const relation of model.schema.relations) {
    const { field } = relation;
    const children = model.children.get(field);
    if (relation.kind === 'hasMany' && children) {
      const kids = all.of(children.runtime.schema.name);
      out[`embed=${field}`] = {
        summary: `Each ${name} with its ${field} (?_embed=${field} answers the same)`,
        value: records.map((r) => ({
          ...r,
          [field]: kids.filter((c) => r['id'] !== undefined && c[children.inverse] === r['id']),
        })),
      };
      continue;
    }
    const parent = model.parents.get(field);
    if (relation.kind !== 'belongTo' || !parent) continue;
    const target = parent.schema.name;
    // A link of no record stays as it is; one naming no record reads null (embed.ts putParents).
    const withParent = (key: string) => (r: ExampleRecord) =>
      r[field] === null || r[field] === undefined
        ? { ...r }
        : { ...r, [key]: parentRecord(all, target, r[field]) };
    const expanded = LINK_SUFFIX.exec(field)?.[1];
    out[`embed=${field}`] = {
      summary:
        `Each ${name} with its ${target} in place of the id` +
        (expanded ? '' : ` (?_expand=${field} answers the same)`),
      value: records.map(withParent(field)),
    };
    if (expanded) {
      out[`_expand=${expanded}`] = {
        summary: `Each ${name} with its ${target} as ${expanded}, beside ${field} (json-server)`,
        // A link to no record: json-server leaves the name out (embed.ts).
        value: records.map((r) => {
          const found = withParent(expanded)(r);
          if (found[expanded] === null) delete found[expanded];
          return found;
        }),
      };
    }
  }
  return out;
}
