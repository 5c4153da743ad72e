/**
 * Example bodies for the endpoint inspector: records from the document's seed `examples` (or
 * the project's fake-data sample), and RFC 9457 problems worded as the server words them, a
 * 422 naming a real field of the model and a rule of it.
 */
import type { OpenApiDocument } from '../../../api';
import {
  componentSchema,
  type FieldRow,
  type Json,
  type JsonSchema,
  refName,
  resolve,
  schemaRows,
} from './openapi-read';

/** A value of a schema when no example says better: typed, within its rules. */
export function valueOf(doc: OpenApiDocument, schema: JsonSchema | undefined, depth = 0): Json {
  if (!schema || depth > 4) return null;
  const s = resolve<JsonSchema>(doc, schema);
  if (Array.isArray(s['examples']) && s['examples'].length > 0) return s['examples'][0]!;
  if (s['example'] !== undefined) return s['example'];
  if (s['default'] !== undefined) return s['default'];
  if (Array.isArray(s['enum'])) return s['enum'][0] ?? null;
  const variants = s['anyOf'] as JsonSchema[] | undefined;
  if (variants)
    return valueOf(
      doc,
      variants.find((v) => v['type'] !== 'null'),
      depth + 1,
    );
  const type = Array.isArray(s['type']) ? s['type'].find((t) => t !== 'null') : s['type'];
  switch (type) {
    case 'integer':
    case 'number':
      return typeof s['minimum'] === 'number' ? s['minimum'] : 1;
    case 'boolean':
      return false;
    case 'array':
      return [valueOf(doc, s['items'] as JsonSchema, depth + 1)];
    case 'object': {
      const out: Record<string, Json> = {};
      const props = (s['properties'] ?? {}) as Record<string, JsonSchema>;
      for (const [k, v] of Object.entries(props)) out[k] = valueOf(doc, v, depth + 1);
      return out;
    }
    case 'string':
      return stringOf(s);
    default:
      return null;
  }
}

function stringOf(s: JsonSchema): string {
  switch (s['format']) {
    case 'email':
      return 'ann.lee@example.com';
    case 'date-time':
      return '2026-05-01T09:30:00.000Z';
    case 'date':
      return '2026-05-01';
    case 'uri':
    case 'url':
      return 'https://example.com';
    case 'uuid':
      return '3f2b8a4e-6c1d-4e0a-9b7f-2d5c8e1a4b6f';
  }
  const min = typeof s['minLength'] === 'number' ? s['minLength'] : 0;
  return 'text'.padEnd(min, 'x');
}

/** The model records a schema (`Todo`, `Todo[]`) stands for, from its seed `examples`. */
function seedExamples(doc: OpenApiDocument, schema: JsonSchema | undefined): Json[] {
  const name = refName(schema);
  const examples = name ? componentSchema(doc, name)?.['examples'] : undefined;
  return Array.isArray(examples) ? examples : [];
}

/**
 * A 2xx body: the seed's records (a list shows up to two), else `sample` (the fake-data
 * generator's record, given an id), else a value made from the schema.
 */
export function successExample(
  doc: OpenApiDocument,
  schema: JsonSchema | undefined,
  sample?: Record<string, Json>,
): Json {
  if (!schema) return null;
  const isList = schema['type'] === 'array';
  const item = isList ? (schema['items'] as JsonSchema | undefined) : schema;
  const seeds = seedExamples(doc, item);
  const record = (i: number): Json =>
    seeds[i] ?? (sample && refName(item) ? { id: i + 1, ...sample } : valueOf(doc, item));
  if (!isList) return record(0);
  return seeds.length > 1 ? seeds.slice(0, 2) : [record(0)];
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  message: string;
  instance: string;
  errors?: { field: string; message: string }[];
}

/** One field of a 422 and what breaks it, in the validator's words. */
export function invalidField(
  rows: readonly FieldRow[],
  schema: JsonSchema | undefined,
  doc: OpenApiDocument,
) {
  const props = ((schema && resolve<JsonSchema>(doc, schema))?.['properties'] ?? {}) as Record<
    string,
    JsonSchema
  >;
  const rule = (row: FieldRow): { field: string; message: string } | undefined => {
    const raw = resolve<JsonSchema>(doc, props[row.name] ?? {});
    const s = ((raw['anyOf'] as JsonSchema[] | undefined)?.find((v) => v['type'] !== 'null') ??
      raw) as JsonSchema;
    const field = row.name;
    if (typeof s['minLength'] === 'number' && s['minLength'] > 0)
      return { field, message: `must be at least ${s['minLength']} characters long` };
    if (typeof s['maxLength'] === 'number')
      return { field, message: `must be at most ${s['maxLength']} characters long` };
    if (typeof s['maximum'] === 'number')
      return { field, message: `must be <= ${s['maximum']}, got ${s['maximum'] + 1}` };
    if (typeof s['pattern'] === 'string')
      return { field, message: `must match the pattern /${s['pattern']}/, got "?"` };
    if (s['format'] === 'email')
      return { field, message: 'must be a valid email, got "not-an-email"' };
    if (s['format'] === 'date-time')
      return {
        field,
        message: 'must be an ISO-8601 date-time such as "2024-05-01T09:30:00Z", got "tomorrow"',
      };
    if (Array.isArray(s['enum']))
      return {
        field,
        message: `must be one of ${s['enum'].map((v) => JSON.stringify(v)).join(', ')}, got "other"`,
      };
    return undefined;
  };
  const writable = rows.filter((r) => r.name !== 'id');
  for (const row of writable) {
    const found = rule(row);
    if (found) return found;
  }
  const required = writable.find((r) => r.required);
  if (required) return { field: required.name, message: 'is required' };
  const typed = writable.find((r) => !r.parent && r.type !== 'any');
  if (typed) return { field: typed.name, message: `must be ${article(typed.type)}, got []` };
  return { field: '', message: 'the body must be a JSON object, got []' };
}

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

export interface ProblemContext {
  status: number;
  /** As requested: `/todos/1`. */
  instance: string;
  method: string;
  /** The model the route serves, for its wording (`no todo with id 999`). */
  model?: string;
  /** The request body's schema, for a 422 naming one of its fields. */
  bodySchema?: JsonSchema;
  /** A list route: its 400 is a bad query parameter. */
  list?: boolean;
}

/** An RFC 9457 problem as the mock API would send it for this route and status. */
export function problemExample(doc: OpenApiDocument, ctx: ProblemContext): Problem {
  const noun = ctx.model?.toLowerCase() ?? 'record';
  const make = (
    type: string,
    title: string,
    detail: string,
    errors?: Problem['errors'],
  ): Problem => ({
    type,
    title,
    status: ctx.status,
    detail,
    message: detail,
    instance: ctx.instance,
    ...(errors ? { errors } : {}),
  });
  switch (ctx.status) {
    case 400:
      if (ctx.list) {
        const message = 'must be an integer >= 0, got "ten"';
        return make('bad-query', 'Bad query parameter', `limit: ${message}`, [
          { field: 'limit', message },
        ]);
      }
      if (ctx.method === 'GET' || ctx.method === 'DELETE' || ctx.method === 'HEAD')
        return make('malformed-id', 'Malformed id', 'id must be a positive integer, got "abc"');
      return make(
        'malformed-json',
        'Malformed JSON body',
        'Expected a property name or "}" at line 1, column 2',
      );
    case 404:
      return make('not-found', 'Not found', `no ${noun} with id 999`);
    case 405:
      return make('method-not-allowed', 'Method not allowed', `${ctx.method} is not allowed here`);
    case 409:
      return make('conflict', 'Conflict', 'id 1 is already taken');
    case 413:
      return make(
        'payload-too-large',
        'Payload too large',
        'request body exceeds the limit of 1048576 bytes',
      );
    case 415:
      return make(
        'unsupported-media-type',
        'Unsupported media type',
        'request body must be application/json, got "text/plain"',
      );
    case 422: {
      const rows = schemaRows(doc, ctx.bodySchema);
      const error = invalidField(rows, ctx.bodySchema, doc);
      return make('validation-error', `Invalid ${noun}`, `${error.field}: ${error.message}`, [
        error,
      ]);
    }
    case 500:
      return make(
        'internal-error',
        'Internal server error',
        'the handler failed; the server log has the details',
      );
    default:
      return make('about:blank', `HTTP ${ctx.status}`, `the server answered ${ctx.status}`);
  }
}
