/**
 * A value for a schema, made from what the document says (issue 41): the schema's own
 * `example`/`examples`, its properties' examples, `default`, `enum`, and a plain value of its type
 * where nothing is said. It is the seed of a collection whose examples sit on its properties
 * (the Petstore's way) and the answer of an operation that documents no example (`GET /tags`).
 * `$ref`s are followed with the set being followed, so a cycle ends instead of recursing.
 */
import type { JsonValue } from '../contract/control-api.js';
import { isObject, type JsonObject, resolvePointer } from './openapi-document.js';

/** Deeper than any schema a person writes; the bound keeps a hostile one off the stack. */
const MAX_DEPTH = 16;

/** Plain values by string format: each one the format accepts. */
const FORMAT_VALUES: Readonly<Record<string, string>> = {
  'date-time': '2024-01-01T00:00:00.000Z',
  date: '2024-01-01',
  time: '00:00:00Z',
  email: 'user@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  uuid: '00000000-0000-4000-8000-000000000000',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
};

/** Whether `value` survives JSON unchanged (YAML's `.nan`, `.inf` and dates do not). */
export function isJsonValue(value: unknown, depth = 0): value is JsonValue {
  if (depth > 64) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((v) => isJsonValue(v, depth + 1));
  if (isObject(value) && Object.getPrototypeOf(value) === Object.prototype)
    return Object.values(value).every((v) => isJsonValue(v, depth + 1));
  return false;
}

/** The schema's own example, if it is JSON. */
function ownExample(schema: JsonObject): JsonValue | undefined {
  const candidates = [
    schema.example,
    Array.isArray(schema.examples) ? schema.examples[0] : undefined,
    schema.default,
    schema.const,
    Array.isArray(schema.enum) ? schema.enum.find((v) => v !== null) : undefined,
  ];
  return candidates.find((c): c is JsonValue => c !== undefined && isJsonValue(c));
}

function plainString(schema: JsonObject): string {
  const format = typeof schema.format === 'string' ? FORMAT_VALUES[schema.format] : undefined;
  if (format !== undefined) return format;
  const min = typeof schema.minLength === 'number' ? Math.min(schema.minLength, 64) : 0;
  return 'string'.padEnd(Math.max(min, 6), 'x');
}

function plainNumber(schema: JsonObject): number {
  if (typeof schema.minimum === 'number') return schema.minimum;
  if (typeof schema.exclusiveMinimum === 'number') return schema.exclusiveMinimum + 1;
  if (typeof schema.maximum === 'number' && schema.maximum < 0) return schema.maximum;
  return 0;
}

function walk(
  root: JsonObject,
  input: unknown,
  seen: ReadonlySet<string>,
  depth: number,
): JsonValue | undefined {
  if (depth > MAX_DEPTH) return undefined;
  let schema = input;
  const followed = new Set(seen);
  while (isObject(schema) && typeof schema.$ref === 'string') {
    if (followed.has(schema.$ref)) return undefined;
    followed.add(schema.$ref);
    schema = resolvePointer(root, schema.$ref);
  }
  if (!isObject(schema)) return undefined;
  const own = ownExample(schema);
  if (own !== undefined) return own;
  if (Array.isArray(schema.allOf)) {
    const merged: Record<string, JsonValue> = {};
    for (const part of schema.allOf) {
      const value = walk(root, part, followed, depth + 1);
      if (isObject(value)) Object.assign(merged, value);
    }
    return merged;
  }
  const union = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(union)) {
    for (const option of union) {
      const value = walk(root, option, followed, depth + 1);
      if (value !== undefined && value !== null) return value;
    }
    return null;
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type =
    types.find((t) => t !== 'null') ??
    (isObject(schema.properties) ? 'object' : schema.items ? 'array' : undefined);
  switch (type) {
    case 'object': {
      const out: Record<string, JsonValue> = {};
      if (isObject(schema.properties))
        for (const [key, property] of Object.entries(schema.properties)) {
          const value = walk(root, property, followed, depth + 1);
          if (value !== undefined) out[key] = value;
        }
      return out;
    }
    case 'array': {
      const item = walk(root, schema.items, followed, depth + 1);
      return item === undefined ? [] : [item];
    }
    case 'string':
      return plainString(schema);
    case 'integer':
    case 'number':
      return plainNumber(schema);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return types.includes('null') ? null : undefined;
  }
}

/**
 * A value valid for `schema` as far as its examples and types say; undefined for no schema.
 *
 * @example
 * ```ts
 * exampleOf(root, { type: 'object', properties: { tags: { type: 'array', items: { type: 'string', example: 'dragons' } } } });
 * // { tags: ['dragons'] }
 * ```
 */
export function exampleOf(root: JsonObject, schema: unknown): JsonValue | undefined {
  return walk(root, schema, new Set(), 0);
}

/** Whether an object schema's properties carry examples (the seed is then made from them). */
export function hasPropertyExamples(root: JsonObject, schema: unknown): boolean {
  let target = schema;
  for (let hops = 0; hops < 32 && isObject(target) && typeof target.$ref === 'string'; hops++)
    target = resolvePointer(root, target.$ref);
  if (!isObject(target)) return false;
  const parts = [target, ...(Array.isArray(target.allOf) ? target.allOf : [])];
  return parts.some((part) => {
    const resolved =
      isObject(part) && typeof part.$ref === 'string' ? resolvePointer(root, part.$ref) : part;
    return (
      isObject(resolved) &&
      isObject(resolved.properties) &&
      Object.values(resolved.properties).some(
        (p) => isObject(p) && (p.example !== undefined || Array.isArray(p.examples)),
      )
    );
  });
}
