/**
 * Issue 48: a GET's example follows the query. `GET /authors` answers authors without their
 * books; `?embed=books` adds each author's books, `?embed=authorId` puts the author in place of
 * a book's link, `?_expand=author` adds it beside `authorId` (CONTRACT §3, app/query/embed.ts).
 * `GET /authors/1` reads the same queries of its one author. These are the list example (or the
 * record example) answered with each such query, built from the same example records the way
 * the server fills them in, so a store holding those records answers exactly these.
 *
 * They go on the GET's 2xx media as `x-decorest-examples`, keyed by the query: OpenAPI's own
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

/** Query (`embed=books`) → the GET's answer to it. */
export type QueryExamples = Record<string, QueryExample>;

/** The media-type extension the variants are written under. */
export const QUERY_EXAMPLES_KEY = 'x-decorest-examples';

/** json-server's link names: `authorId` is the link of `_expand=author` (its foreignKeySuffix). */
const LINK_SUFFIX = /^(.+)Id$/;

/** The example record of `parent` whose id `id` is, as `store.get` would find it; else null. */
function parentRecord(records: ExampleRecords, parent: string, id: JsonValue | undefined) {
  return records.of(parent).find((p) => p['id'] !== undefined && p['id'] === id) ?? null;
}

/** One include query: what it adds, said of `subject` ("Each Author", "The Author"). */
interface Include {
  readonly query: string;
  readonly summary: (subject: string) => string;
  readonly fill: (record: ExampleRecord) => ExampleRecord;
}

/**
 * The queries that include one relation of `model`: every `@HasMany` and `@BelongTo` field with
 * `embed=`, and a link named json-server's way with `_expand=` (`_expand=user` of a link named
 * `user` is `embed=user`, so it is said in that one's summary instead of repeated), each with
 * how it fills in one record from `all` the way the server does.
 */
function includesOf(model: ModelRuntime, all: ExampleRecords): Include[] {
  const out: Include[] = [];
  for (const relation of model.schema.relations) {
    const { field } = relation;
    const children = model.children.get(field);
    if (relation.kind === 'hasMany' && children) {
      const kids = all.of(children.runtime.schema.name);
      out.push({
        query: `embed=${field}`,
        summary: (subject) => `${subject} with its ${field} (?_embed=${field} answers the same)`,
        fill: (r) => ({
          ...r,
          [field]: kids.filter((c) => r['id'] !== undefined && c[children.inverse] === r['id']),
        }),
      });
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
    out.push({
      query: `embed=${field}`,
      summary: (subject) =>
        `${subject} with its ${target} in place of the id` +
        (expanded ? '' : ` (?_expand=${field} answers the same)`),
      fill: withParent(field),
    });
    if (expanded) {
      out.push({
        query: `_expand=${expanded}`,
        summary: (subject) =>
          `${subject} with its ${target} as ${expanded}, beside ${field} (json-server)`,
        // A link to no record: json-server leaves the name out (embed.ts).
        fill: (r) => {
          const found = withParent(expanded)(r);
          if (found[expanded] === null) delete found[expanded];
          return found;
        },
      });
    }
  }
  return out;
}

/**
 * `shown` (what a GET of `model` answers with no query: a list's records, or one record) as
 * that GET answers each query that includes one relation, keyed by the query. A list and
 * `GET /<model>/{id}` read the same includes (app/query/includes.ts), so one builder serves both.
 *
 * @example
 * ```ts
 * includeExamples(authors, records.of('Author'), records)['embed=books'].value;
 * // [{ id: 1, name: 'Ann', books: [{ id: 1, title: '…', authorId: 1 }] }, …]
 * includeExamples(authors, records.of('Author')[0], records)['embed=books'].value;
 * // { id: 1, name: 'Ann', books: [{ id: 1, title: '…', authorId: 1 }] }
 * ```
 */
export function includeExamples(
  model: ModelRuntime,
  shown: readonly ExampleRecord[] | ExampleRecord,
  all: ExampleRecords,
): QueryExamples {
  const name = model.schema.name;
  const out: QueryExamples = {};
  for (const { query, summary, fill } of includesOf(model, all)) {
    out[query] = isList(shown)
      ? { summary: summary(`Each ${name}`), value: shown.map(fill) }
      : { summary: summary(`The ${name}`), value: fill(shown) };
  }
  return out;
}

const isList = (
  shown: readonly ExampleRecord[] | ExampleRecord,
): shown is readonly ExampleRecord[] => Array.isArray(shown);
