/**
 * Ajv's findings as the sentences of CONTRACT §4: `completed: must be a boolean, got "yes"`,
 * `content: is required`, `colour: is not a field of Todo`.
 */
import type { ErrorObject } from 'ajv';

import type { FieldError } from '../errors.js';

const ARTICLE: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/** How a received value is shown in a message: short, and never the whole of a huge value. */
export function showValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…"` : text;
}

/** `/tags/1` → `tags[1]`; `/user/id` → `user.id`. */
export function fieldPath(instancePath: string, extra?: string): string {
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) parts.push(extra);
  let out = '';
  for (const part of parts)
    out += /^\d+$/.test(part) ? `[${part}]` : out === '' ? part : `.${part}`;
  return out;
}

function valueAt(data: unknown, instancePath: string): unknown {
  let node: unknown = data;
  for (const part of instancePath.split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined;
    // JSON Pointer (RFC 6901): `~1` is `/`, `~0` is `~`.
    node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

function typeList(type: unknown): string {
  const types = Array.isArray(type) ? type : [type];
  return types.map((t) => ARTICLE[String(t)] ?? String(t)).join(' or ');
}

/** One Ajv error as a field error, or `undefined` for noise that another error explains. */
export function toFieldError(
  error: ErrorObject,
  data: unknown,
  modelName: string,
): FieldError | undefined {
  const got = showValue(valueAt(data, error.instancePath));
  const params = error.params as Record<string, unknown>;
  const field = fieldPath(error.instancePath);
  switch (error.keyword) {
    case 'required':
      return {
        field: fieldPath(error.instancePath, String(params.missingProperty)),
        message: 'is required',
      };
    case 'additionalProperties':
      return {
        field: fieldPath(error.instancePath, String(params.additionalProperty)),
        // Inside an object field, the same sentence names the object: `Pet.category`.
        message: `is not a field of ${error.instancePath === '' ? modelName : `${modelName}.${fieldPath(error.instancePath).replace(/\[\d+\]/g, '')}`}`,
      };
    case 'type':
      return { field, message: `must be ${typeList(params.type)}, got ${got}` };
    case 'enum':
      return {
        field,
        message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}, got ${got}`,
      };
    case 'minimum':
      return { field, message: `must be >= ${String(params.limit)}, got ${got}` };
    case 'maximum':
      return { field, message: `must be <= ${String(params.limit)}, got ${got}` };
    case 'minLength':
      return { field, message: `must be at least ${String(params.limit)} characters long` };
    case 'maxLength':
      return { field, message: `must be at most ${String(params.limit)} characters long` };
    case 'pattern':
      return { field, message: `must match the pattern /${String(params.pattern)}/, got ${got}` };
    case 'format':
      return {
        field,
        message:
          params.format === 'date-time'
            ? `must be an ISO-8601 date-time such as "2024-05-01T09:30:00Z", got ${got}`
            : `must be a valid ${String(params.format)}, got ${got}`,
      };
    case 'anyOf':
      return { field, message: `must be an id or an object with an id, got ${got}` };
    default:
      return { field, message: error.message ?? 'is invalid' };
  }
}
