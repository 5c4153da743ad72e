/**
 * The query conventions a list route accepts (and the includes a single record's GET does) (docs/generated-api.md, "Query parameters, ours
 * and json-server's", CONTRACT §2), as examples made from the route's model: its fields and the
 * first record of the document's example answer, so each one finds something when tried.
 */
import type { OpenApiDocument } from '../../../api';
import { type Json, type JsonSchema, resolve } from './openapi-read';

export interface QueryExample {
  /** Without the `?`: `completed=true`. */
  query: string;
  /** What it does, in a few words. */
  label: string;
  /** `ours`, `json-server`, or both spellings work. */
  style: 'ours' | 'json-server' | 'both';
}

/** A word of a text, to search or `_like` with: the first of 3 letters or more, lowercase. */
function wordOf(text: string): string {
  return (/[\p{L}\d]{3,}/u.exec(text)?.[0] ?? text.slice(0, 3)).toLowerCase();
}

const param = (name: string, value: Json): string =>
  `${encodeURIComponent(name)}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`;

/**
 * Examples for a list route whose items are `item` (the model's record schema). `accepted`
 * are the query parameters the document lists for it: a convention it does not list is left
 * out. `shown` is a record of the route's example answer (else the schema's first example).
 */
export function queryExamples(
  doc: OpenApiDocument,
  item: JsonSchema | undefined,
  accepted: readonly string[],
  shown?: Json,
): QueryExample[] {
  const has = (name: string) => accepted.includes(name);
  const record = item ? resolve<JsonSchema>(doc, item) : undefined;
  const properties = (record?.['properties'] ?? {}) as Record<string, JsonSchema>;
  const seed = shown ?? (record?.['examples'] as Json[] | undefined)?.[0];
  const sample = (seed && typeof seed === 'object' && !Array.isArray(seed) ? seed : {}) as Record<
    string,
    Json
  >;
  const typeOf = (s: JsonSchema) => {
    const t = s['type'];
    return Array.isArray(t) ? t.find((x) => x !== 'null') : t;
  };
  const fields = Object.entries(properties).filter(
    ([, s]) => !String(s['description'] ?? '').includes('only with ?embed'),
  );
  const out: QueryExample[] = [];
  if (has('limit'))
    out.push({ query: 'limit=10&offset=0', label: 'First 10 records', style: 'ours' });
  if (has('_page'))
    out.push({
      query: '_page=1&_per_page=10',
      label: 'Page 1, 10 a page (Link header)',
      style: 'json-server',
    });
  if (has('sort')) out.push({ query: 'sort=-id', label: 'Highest id first', style: 'ours' });
  if (has('_sort'))
    out.push({ query: '_sort=id&_order=desc', label: 'Highest id first', style: 'json-server' });
  const text = fields.find(([n, s]) => typeOf(s) === 'string' && typeof sample[n] === 'string');
  const flag = fields.find(([, s]) => typeOf(s) === 'boolean');
  const number = fields.find(([, s]) => typeOf(s) === 'integer' || typeOf(s) === 'number');
  if (flag) {
    const value = typeof sample[flag[0]] === 'boolean' ? sample[flag[0]]! : true;
    out.push({
      query: param(flag[0], value),
      label: `${flag[0]} equals ${String(value)}`,
      style: 'both',
    });
  } else if (text) {
    out.push({
      query: param(text[0], sample[text[0]]!),
      label: `${text[0]} equals a value`,
      style: 'both',
    });
  }
  if (number) {
    const value = typeof sample[number[0]] === 'number' ? sample[number[0]]! : 1;
    out.push({
      query: param(`${number[0]}_gte`, value),
      label: `${number[0]} ≥ ${String(value)}`,
      style: 'json-server',
    });
    out.push({
      query: param(`${number[0]}_lte`, value),
      label: `${number[0]} ≤ ${String(value)}`,
      style: 'json-server',
    });
    out.push({
      query: param(`${number[0]}_ne`, value),
      label: `${number[0]} ≠ ${String(value)}`,
      style: 'json-server',
    });
  }
  if (text) {
    const word = wordOf(String(sample[text[0]]));
    out.push({
      query: param(`${text[0]}_like`, word),
      label: `${text[0]} contains "${word}"`,
      style: 'json-server',
    });
  }
  if (has('q')) {
    const word = text ? wordOf(String(sample[text[0]])) : 'a';
    out.push({
      query: param('q', word),
      label: `Any text field contains "${word}"`,
      style: 'both',
    });
  }
  out.push(...includes(properties, accepted));
  return out;
}

/** `embed=todos` for each relation the record schema says `?embed=` fills in, if listed. */
function includes(properties: Record<string, JsonSchema>, accepted: readonly string[]) {
  const out: QueryExample[] = [];
  if (!accepted.includes('embed')) return out;
  for (const [, s] of Object.entries(properties)) {
    const name = /\?embed=([\w-]+)/.exec(String(s['description'] ?? ''))?.[1];
    if (name) out.push({ query: param('embed', name), label: `Include ${name}`, style: 'both' });
  }
  return out;
}

/**
 * Examples for `GET /<model>/:id`, whose record schema is `record`: only the includes, the one
 * part of the query a single record reads (filters and paging are a list's).
 */
export function recordQueryExamples(
  doc: OpenApiDocument,
  record: JsonSchema | undefined,
  accepted: readonly string[],
): QueryExample[] {
  const resolved = record ? resolve<JsonSchema>(doc, record) : undefined;
  return includes((resolved?.['properties'] ?? {}) as Record<string, JsonSchema>, accepted);
}
