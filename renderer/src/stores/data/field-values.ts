/**
 * Between a grid cell's text and a record's JSON value, typed by the model's schema. A value
 * the type cannot take is sent as typed (a string): the API's 422 then says what is wrong, in
 * the same words a client of the mock API would read.
 */
import type { FieldInfo, FieldTypeInfo, JsonValue, ModelInfo } from '../../api';

export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function parseCell(
  text: string,
  field: FieldInfo | undefined,
  relation: boolean,
): JsonValue {
  const trimmed = text.trim();
  if (trimmed === '' && (field?.nullable || !field?.required || relation)) return null;
  if (relation) return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
  switch (field?.type.kind) {
    case 'number':
      return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : text;
    case 'boolean':
      return trimmed === 'true' ? true : trimmed === 'false' ? false : text;
    case 'array':
    case 'object':
      // Lists and objects are edited as JSON; text that is none goes as typed, for the 422.
      try {
        return JSON.parse(trimmed) as JsonValue;
      } catch {
        return text;
      }
    default:
      return text;
  }
}

/** A plausible value for a field: its default, or a sample of its type. */
function sampleOf(field: FieldInfo): JsonValue {
  if (field.default !== undefined) return field.default;
  const t = field.type;
  switch (t.kind) {
    case 'number':
      return field.rules.min ?? 0;
    case 'boolean':
      return false;
    case 'date':
      return new Date(0).toISOString();
    case 'enum':
      return t.values[0] ?? '';
    case 'array':
      return [];
    case 'object':
      return sampleObject(t);
    default:
      if (field.rules.format === 'email') return 'someone@example.com';
      if (field.rules.format === 'uri') return 'https://example.com';
      return field.rules.minLength ? 'x'.repeat(field.rules.minLength) : '';
  }
}

/** An object field's sample: its required members, each a sample of its type. */
function sampleObject(type: Extract<FieldTypeInfo, { kind: 'object' }>): JsonValue {
  const value: Record<string, JsonValue> = {};
  for (const member of type.fields) {
    if (!member.required) continue;
    value[member.name] = member.nullable ? null : sampleOfType(member.type);
  }
  return value;
}

function sampleOfType(type: FieldTypeInfo): JsonValue {
  switch (type.kind) {
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'date':
      return new Date(0).toISOString();
    case 'enum':
      return type.values[0] ?? '';
    case 'array':
      return [];
    case 'object':
      return sampleObject(type);
    default:
      return '';
  }
}

/** A create body for the model: every writable field with a sample (relations as `null`). */
export function sampleBody(model: ModelInfo): Record<string, JsonValue> {
  const body: Record<string, JsonValue> = {};
  const hasMany = new Set(model.relations.filter((r) => r.kind === 'hasMany').map((r) => r.field));
  const belongTo = new Set(
    model.relations.filter((r) => r.kind === 'belongTo').map((r) => r.field),
  );
  for (const field of model.fields) {
    if (field.name === 'id' || hasMany.has(field.name)) continue;
    body[field.name] = belongTo.has(field.name) ? null : sampleOf(field);
  }
  for (const r of model.relations) {
    if (r.kind === 'belongTo' && !(r.field in body)) body[r.field] = r.required ? 1 : null;
  }
  return body;
}
