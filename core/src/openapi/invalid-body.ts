/**
 * The 422 of a write's example (issue 43): the valid example body with one field broken, as the
 * model's own validator answers it, so the example's wording is the validator's (CONTRACT §4).
 * The field broken is the first with a rule (the most telling), else a required one left out,
 * else one of the wrong type, else a field the model does not have.
 */
import type { ModelRuntime } from '../app/model-runtime.js';
import type { JsonValue } from '../contract/values.js';
import { ValidationProblem } from '../errors.js';
import type { FieldSchema, FieldType } from '../model/schema.js';
import type { StoredRecord } from '../persistence/collection.js';
import type { ExampleRecord } from './example-records.js';

/** One way to break a body: a field and the value it gets (`undefined`: left out). */
type Breach = readonly [field: string, value: JsonValue | undefined];

/** Values that break a field's rules, most telling first. */
function ruleBreaches(field: FieldSchema): Breach[] {
  const c = field.constraints;
  const out: Breach[] = [];
  const element = field.type.kind === 'array' ? field.type.element : field.type;
  const wrap = (value: JsonValue): JsonValue => (field.type.kind === 'array' ? [value] : value);
  if (element.kind === 'string') {
    if (c.minLength !== undefined && c.minLength > 0) out.push([field.name, wrap('')]);
    if (c.maxLength !== undefined) out.push([field.name, wrap('x'.repeat(c.maxLength + 1))]);
    if (c.format === 'email') out.push([field.name, wrap('not-an-email')]);
    if (c.format === 'uri') out.push([field.name, wrap('not a uri')]);
    if (c.format === 'date-time') out.push([field.name, wrap('tomorrow')]);
    if (c.pattern !== undefined) out.push([field.name, wrap('?')], [field.name, wrap('')]);
  }
  if (element.kind === 'number') {
    if (c.max !== undefined) out.push([field.name, wrap(c.max + 1)]);
    if (c.min !== undefined) out.push([field.name, wrap(c.min - 1)]);
  }
  if (element.kind === 'date') out.push([field.name, wrap('tomorrow')]);
  if (element.kind === 'enum') out.push([field.name, wrap('other')]);
  return out;
}

/** A value no field of `type` takes (CONTRACT §4's `completed: must be a boolean, got "yes"`). */
function wrongType(type: FieldType): JsonValue {
  switch (type.kind) {
    case 'boolean':
      return 'yes';
    case 'number':
      return 'ten';
    default:
      return 42;
  }
}

function breaches(runtime: ModelRuntime, shape: 'create' | 'replace' | 'patch'): Breach[] {
  const { fields, relations, open, name } = runtime.schema;
  const out: Breach[] = fields.flatMap(ruleBreaches);
  if (shape !== 'patch') {
    for (const f of fields)
      if (!f.optional && !(shape === 'create' && f.default !== undefined))
        out.push([f.name, undefined]);
    for (const r of relations)
      if (r.kind === 'belongTo' && !r.optional) out.push([r.field, undefined]);
  }
  for (const f of fields) out.push([f.name, wrongType(f.type)]);
  for (const r of relations) if (r.kind === 'belongTo') out.push([r.field, []]);
  // A key no field has, spelled so it cannot be one the model declares.
  if (open !== true) out.push([`${name.toLowerCase()}Colour`, 'red']);
  return out;
}

/** What the validator says of `body`, if it refuses it. */
function refusal(check: () => unknown): ValidationProblem | undefined {
  try {
    check();
  } catch (error) {
    if (error instanceof ValidationProblem) return error;
  }
  return undefined;
}

/**
 * The validator's 422 for `valid` with one field broken; for a PATCH, the broken field alone.
 * `existing` is the record a PATCH merges into; `fixed`, a field the path sets, is never broken.
 *
 * @example
 * ```ts
 * invalidBodyProblem(todo, 'create', { content: 'Buy milk', completed: false, user: 1 }, record);
 * // ValidationProblem: content: is required
 * ```
 */
export function invalidBodyProblem(
  runtime: ModelRuntime,
  shape: 'create' | 'replace' | 'patch',
  valid: ExampleRecord,
  existing: StoredRecord,
  fixed?: string,
): ValidationProblem | undefined {
  const validator = runtime.validator;
  const check = (body: unknown) => () =>
    shape === 'create'
      ? validator.create(body)
      : shape === 'replace'
        ? validator.replace(body)
        : validator.patch(existing, body);
  for (const [field, value] of breaches(runtime, shape)) {
    if (field === fixed) continue;
    const body: Record<string, unknown> = shape === 'patch' ? {} : { ...valid };
    if (value === undefined) delete body[field];
    else body[field] = value;
    const problem = refusal(check(body));
    if (problem) return problem;
  }
  // Nothing in the body can be wrong (an open model of optional fields): not an object.
  return refusal(check([]));
}
