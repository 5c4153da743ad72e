/**
 * One validator per model, compiled once (Fastify's rule: never per request), on the first
 * write that needs it: issue 15's start-up does not pay Ajv for a server whose first requests
 * are reads (a 20-model project spent half its start compiling 60 validators). What could make
 * a compile fail (a bad `pattern`) is refused when the model is built, so it still surfaces at
 * load. Writes are validated whole and every problem is reported at once (CONTRACT §4).
 */
import type { Ajv as AjvClass, ValidateFunction } from 'ajv';
import type addFormatsModule from 'ajv-formats';

import { type FieldError, ValidationProblem } from '../errors.js';
import { fieldKeyProblem } from '../model/field-key.js';
import type { FieldSchema, FieldType, ModelSchema } from '../model/schema.js';
import type { StoredRecord } from '../persistence/collection.js';
import { requireCjs } from '../require-cjs.js';
import { fieldJsonSchema, idJsonSchema, type JsonSchema, writeJsonSchema } from './json-schema.js';
import { showValue, toFieldError } from './messages.js';

/** A record about to be stored: plain JSON, `id` included when known. */
export type RecordInput = Record<string, unknown>;

export interface ModelValidator {
  /** A POST body: validated, defaults applied, values normalised. */
  create(body: unknown): RecordInput;
  /** A PUT body: every field replaced; `id` in the body is ignored (the path has it). */
  replace(body: unknown): RecordInput;
  /** A PATCH body merged into `existing` (RFC 7396), then validated whole. */
  patch(existing: StoredRecord, body: unknown): RecordInput;
}

function newAjv(): AjvClass {
  // Loaded on first use: about 100 ms of a start-up that only reads.
  const { Ajv } = requireCjs('ajv') as { Ajv: typeof AjvClass };
  // ajv-formats is CommonJS with `exports.default`.
  const addFormats = (requireCjs('ajv-formats') as typeof addFormatsModule).default;
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(ajv, ['email', 'uri', 'date-time']);
  return ajv;
}

/** `compile()` on first call, then the same function. */
function lazily(compile: () => ValidateFunction): ValidateFunction {
  let compiled: ValidateFunction | undefined;
  const validate = ((data: unknown) => {
    compiled ??= compile();
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  }) as ValidateFunction;
  return validate;
}

/** One error per field, in the order found: the first problem of a field is the one to fix. */
function collectErrors(validate: ValidateFunction, data: unknown, modelName: string): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const error of validate.errors ?? []) {
    // anyOf branches each fail on their own; the anyOf error itself says it best.
    if (error.schemaPath.includes('/anyOf/')) continue;
    const fieldError = toFieldError(error, data, modelName);
    if (!fieldError || seen.has(fieldError.field)) continue;
    seen.add(fieldError.field);
    out.push(fieldError);
  }
  return out;
}

/**
 * Checks one stored value against `field` as declared (its type and rules): the message a
 * write of it would get, or `undefined` when it passes. For a model edit's preview, which
 * asks of stored values what the edited model will ask of them.
 */
export function compileFieldCheck(
  field: FieldSchema,
  modelName: string,
): (value: unknown) => string | undefined {
  const validate = newAjv().compile(fieldJsonSchema(field));
  return (value) =>
    validate(value)
      ? undefined
      : (collectErrors(validate, value, modelName)[0]?.message ?? 'is invalid');
}

/** Compiles the create/replace/patch validators of `model`. */
export function compileModelValidator(
  model: ModelSchema,
  models: readonly ModelSchema[],
): ModelValidator {
  let ajv: AjvClass | undefined;
  const idsOf = (name: string): JsonSchema => {
    const target = models.find((m) => m.name === name);
    return target ? idJsonSchema(target) : { type: ['integer', 'string'] };
  };
  const compile = (kind: 'create' | 'replace' | 'patch') =>
    lazily(() => (ajv ??= newAjv()).compile(writeJsonSchema(model, kind, idsOf)));
  const validateCreate = compile('create');
  const validateReplace = compile('replace');
  const validatePatch = compile('patch');
  const title = `Invalid ${model.name.toLowerCase()}`;
  const readOnly = model.relations.filter((r) => r.kind === 'hasMany');
  const belongTo = model.relations.filter((r) => r.kind === 'belongTo');
  const dates = model.fields.filter((f) => f.type.kind === 'date').map((f) => f.name);
  const defaults = model.fields.filter((f) => f.default !== undefined);
  const objectTypes = new Map<string, ObjectType>();
  for (const f of model.fields) if (f.type.kind === 'object') objectTypes.set(f.name, f.type);

  const requireObject = (body: unknown): Record<string, unknown> => {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      const got = body === undefined ? 'no body' : showValue(body);
      throw new ValidationProblem(title, [
        { field: '', message: `the body must be a JSON object, got ${got}` },
      ]);
    }
    return body as Record<string, unknown>;
  };

  const undeclaredErrors = model.open === true ? undeclaredKeyChecker(model) : undefined;

  const readOnlyErrors = (body: Record<string, unknown>): FieldError[] =>
    readOnly
      .filter((r) => r.field in body)
      .map((r) => ({
        field: r.field,
        message: `is read-only: create or patch ${r.target.toLowerCase()} records instead`,
      }));

  const check = (validate: ValidateFunction, body: Record<string, unknown>): void => {
    const errors = readOnlyErrors(body);
    if (undeclaredErrors !== undefined) errors.push(...undeclaredErrors(body));
    const rest =
      errors.length === 0
        ? body
        : omit(
            body,
            readOnly.map((r) => r.field),
          );
    if (!validate(rest)) errors.push(...collectErrors(validate, rest, model.name));
    if (errors.length > 0) throw new ValidationProblem(title, errors);
  };

  // An open model keeps a link left out of a write absent, as json-server does; a closed one
  // stores it as null, so its records always carry every link (CONTRACT §3).
  const absentLink = model.open === true ? undefined : null;

  // CONTRACT §1, §3: dates travel as ISO strings; a parent may be sent as `{ "id": … }`.
  const normalise = (record: RecordInput): RecordInput => {
    for (const name of dates) {
      const value = record[name];
      if (typeof value === 'string') record[name] = new Date(value).toISOString();
    }
    for (const r of belongTo) {
      const value = record[r.field];
      if (value !== null && typeof value === 'object')
        record[r.field] = (value as { id: unknown }).id;
      else if (value === undefined && absentLink === null) record[r.field] = null;
    }
    return record;
  };

  return {
    create(body) {
      const object = requireObject(body);
      const record: RecordInput = { ...object };
      for (const f of defaults)
        if (record[f.name] === undefined) record[f.name] = structuredClone(f.default);
      check(validateCreate, record);
      return normalise(record);
    },
    replace(body) {
      const record = omit(requireObject(body), ['id']);
      check(validateReplace, record);
      return normalise(record);
    },
    patch(existing, body) {
      const changes = omit(requireObject(body), ['id']);
      check(validatePatch, changes);
      const merged: RecordInput = { ...existing };
      delete merged.id;
      for (const [key, value] of Object.entries(changes)) {
        // RFC 7396: null removes an optional member; a required `T | null` field stores null.
        if (value === null && isRemovable(model, key)) delete merged[key];
        else merged[key] = mergeField(objectTypes.get(key), merged[key], value);
      }
      check(validateReplace, merged);
      return normalise(merged);
    },
  };
}

/** How many undeclared fields one record of an open model may hold. */
export const MAX_UNDECLARED_FIELDS = 100;

/**
 * An open model's check of the keys it does not declare (issue 42): each must be a key a field
 * can have (no `__proto__` or `toString`, 1 to 64 characters), and a record holds a bounded
 * number of them, so a client cannot grow one record's key set without end.
 */
function undeclaredKeyChecker(model: ModelSchema): (body: Record<string, unknown>) => FieldError[] {
  const declared = new Set<string>(['id', ...model.fields.map((f) => f.name)]);
  for (const r of model.relations) declared.add(r.field);
  return (body) => {
    const errors: FieldError[] = [];
    let undeclared = 0;
    for (const key of Object.keys(body)) {
      if (declared.has(key)) continue;
      undeclared++;
      const problem = fieldKeyProblem(key);
      if (problem !== undefined)
        errors.push({ field: key.slice(0, 64), message: `cannot be a field: ${problem}` });
    }
    if (undeclared > MAX_UNDECLARED_FIELDS)
      errors.push({
        field: '',
        message: `a ${model.name} holds at most ${MAX_UNDECLARED_FIELDS} fields it does not declare, got ${undeclared}`,
      });
    return errors;
  };
}

type ObjectType = Extract<FieldType, { kind: 'object' }>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * RFC 7396 inside an object field: a patch object merges into what is stored (into `{}` when
 * nothing is), member by member, the same way the record's own fields do; anything else
 * (a scalar, an array, a field that is no object) replaces.
 */
function mergeField(type: ObjectType | undefined, stored: unknown, change: unknown): unknown {
  if (type === undefined || !isPlainObject(change)) return change;
  const merged: Record<string, unknown> = isPlainObject(stored) ? { ...stored } : {};
  for (const [key, value] of Object.entries(change)) {
    const member = type.fields.find((m) => m.name === key);
    if (value === null && member?.optional === true) delete merged[key];
    else {
      const inner = member?.type.kind === 'object' ? member.type : undefined;
      merged[key] = mergeField(inner, merged[key], value);
    }
  }
  return merged;
}

function isRemovable(model: ModelSchema, key: string): boolean {
  const field = model.fields.find((f) => f.name === key);
  if (field !== undefined) return field.optional;
  return model.relations.some((r) => r.kind === 'belongTo' && r.field === key && r.optional);
}

function omit(object: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(object)) {
    if (keys.includes(k)) continue;
    // A parsed `__proto__` key stays a key, for the checks to refuse, never `out`'s prototype.
    if (k === '__proto__')
      Object.defineProperty(out, k, {
        value: v,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else out[k] = v;
  }
  return out;
}
