/**
 * What a model edit must be before it is planned (issue 24 §4): a body of the right shape,
 * names that are identifiers the loader accepts, types the studio offers, rules no value breaks
 * by construction, and defaults that are values of their field. Each refusal is a 422 naming
 * the member (`edit.field.rules.default`), never a 500, and nothing is written.
 */
import type { FieldRulesEdit, FieldSpecInfo, ModelEdit } from '../contract/control-api.js';
import { problems } from '../errors.js';
import { ruleProblem } from '../model/rule-problem.js';
import type { FieldSchema } from '../model/schema.js';
import type { ProjectRuntime } from '../project/open-project.js';
import { compileFieldCheck } from '../validation/compile.js';
import { checkModelName } from './create-model.js';
import { checkFieldType, checkIdentifier, fieldTypeOf } from './field-edits.js';
import { withRules } from './migrate-rows.js';
import { ModelEditError } from './source-text.js';

const STRINGS: Readonly<Record<ModelEdit['kind'], readonly string[]>> = {
  createModel: [],
  addField: ['model'],
  renameField: ['model', 'field', 'to'],
  removeField: ['model', 'field'],
  changeField: ['model', 'field', 'type'],
  setRules: ['model', 'field'],
  link: ['parent', 'child'],
  setOpen: ['model'],
};

function isFieldSpec(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['name'] === 'string' &&
    typeof v['type'] === 'string' &&
    (v['optional'] === undefined || typeof v['optional'] === 'boolean') &&
    (v['rules'] === undefined ||
      (v['rules'] !== null && typeof v['rules'] === 'object' && !Array.isArray(v['rules'])))
  );
}

/**
 * How deep a default may nest. No field type holds more than an array of values; deeper input
 * only makes the writer, the validator and the loader recurse until the stack runs out.
 */
export const MAX_VALUE_DEPTH = 32;

/** Recurses at most `limit` levels, whatever the depth of `value`. */
function deeperThan(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (limit === 0) return true;
  return Object.values(value).some((v) => deeperThan(v, limit - 1));
}

/** The `@Field` options the studio writes; anything else would be written into the file as is. */
const RULE_KEYS: ReadonlySet<string> = new Set([
  'min',
  'max',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'default',
]);

/** `field` under `edit`; `''` is the edit itself. */
const bad = (field: string, message: string) =>
  problems.invalidBody('Invalid model edit', [
    { field: field === '' ? 'edit' : `edit.${field}`, message },
  ]);

/** The names an edit brings into the source: `[where, name, what]`. */
function namesIn(edit: ModelEdit): [string, unknown, string][] {
  switch (edit.kind) {
    case 'addField':
      return [['field.name', edit.field.name, 'field name']];
    case 'renameField':
      return [['to', edit.to, 'field name']];
    case 'link':
      return [
        ['hasMany', edit.hasMany, 'field name'],
        ['belongTo', edit.belongTo, 'field name'],
      ];
    case 'createModel':
      return [
        ...edit.model.fields.map((f, i): [string, unknown, string] => [
          `model.fields.${i}.name`,
          f.name,
          'field name',
        ]),
        ...(edit.model.belongTo ?? []).flatMap((l, i): [string, unknown, string][] => [
          [`model.belongTo.${i}.field`, l.field, 'field name'],
          [`model.belongTo.${i}.hasMany`, l.hasMany, 'field name'],
        ]),
      ];
    default:
      return [];
  }
}

function typesIn(edit: ModelEdit): [string, string][] {
  switch (edit.kind) {
    case 'addField':
      return [['field.type', edit.field.type]];
    case 'changeField':
      return [['type', edit.type]];
    case 'createModel':
      return edit.model.fields.map((f, i) => [`model.fields.${i}.type`, f.type]);
    default:
      return [];
  }
}

/** A check of `field-edits.ts` or `create-model.ts`, its refusal naming the member. */
function named(where: string, check: () => void): void {
  try {
    check();
  } catch (error) {
    if (error instanceof ModelEditError) throw bad(where, error.message);
    throw error;
  }
}

/** A body that is not the edit it says it is: a 422 naming the member, never a 500. */
export function checkShape(edit: ModelEdit): void {
  const e = edit as unknown as Record<string, unknown>;
  for (const key of STRINGS[edit.kind])
    if (typeof e[key] !== 'string') throw bad(key, 'must be a string');
  if (edit.kind === 'addField' && !isFieldSpec(edit.field))
    throw bad('field', 'must be { name, type, optional?, rules? }');
  if (
    edit.kind === 'setRules' &&
    (edit.rules === null || typeof edit.rules !== 'object' || Array.isArray(edit.rules))
  )
    throw bad('rules', 'must be an object');
  if (edit.kind === 'setRules' && edit.fit !== undefined && typeof edit.fit !== 'boolean')
    throw bad('fit', 'must be a boolean');
  if (edit.kind === 'setOpen' && typeof edit.open !== 'boolean')
    throw bad('open', 'must be a boolean');
  if (edit.kind === 'setOpen' && edit.fit !== undefined && typeof edit.fit !== 'boolean')
    throw bad('fit', 'must be a boolean');
  if (edit.kind === 'changeField' && typeof edit.optional !== 'boolean')
    throw bad('optional', 'must be a boolean');
  if (
    edit.kind === 'changeField' &&
    edit.convert !== undefined &&
    typeof edit.convert !== 'boolean'
  )
    throw bad('convert', 'must be a boolean');
  if (edit.kind === 'createModel') {
    const m = edit.model as unknown as Record<string, unknown>;
    if (typeof m['name'] !== 'string') throw bad('model.name', 'must be a string');
    if (!Array.isArray(m['fields']) || !m['fields'].every(isFieldSpec))
      throw bad('model.fields', 'must be an array of { name, type, optional?, rules? }');
    const links = m['belongTo'];
    if (
      links !== undefined &&
      (!Array.isArray(links) ||
        !links.every((l) => l && typeof (l as Record<string, unknown>)['target'] === 'string'))
    )
      throw bad('model.belongTo', 'must be an array of { target, field?, hasMany? }');
  }
  // Before anything walks the values: a default nested thousands deep exhausted the stack.
  for (const [where, value] of defaultsIn(edit))
    if (deeperThan(value, MAX_VALUE_DEPTH))
      throw bad(where, `is nested deeper than ${MAX_VALUE_DEPTH} levels`);
  if (deeperThan(edit, MAX_VALUE_DEPTH + 8))
    throw bad('', `is nested deeper than ${MAX_VALUE_DEPTH} levels`);
  for (const [where, name, what] of namesIn(edit))
    if (name !== undefined) named(where, () => checkIdentifier(name as string, what));
  if (edit.kind === 'createModel') named('model.name', () => checkModelName(edit.model.name));
  for (const [where, type] of typesIn(edit)) named(where, () => checkFieldType(type));
  // What the loader would refuse once written, refused before: a 422 at the preview.
  for (const [where, rules] of rulesIn(edit)) {
    if (rules === undefined) continue;
    for (const key of Object.keys(rules))
      if (!RULE_KEYS.has(key))
        throw bad(
          `${where}.${key}`,
          `is not a rule the studio writes (${[...RULE_KEYS].join(', ')})`,
        );
    if (rules.pattern !== undefined && typeof rules.pattern !== 'string')
      throw bad(`${where}.pattern`, 'must be a string');
    const problem = ruleProblem(rules);
    if (problem !== undefined) throw bad(where, problem);
  }
}

function rulesIn(edit: ModelEdit): [string, FieldRulesEdit | undefined][] {
  switch (edit.kind) {
    case 'setRules':
      return [['rules', edit.rules]];
    case 'addField':
      return [['field.rules', edit.field.rules]];
    case 'createModel':
      return edit.model.fields.map((f, i) => [`model.fields.${i}.rules`, f.rules]);
    default:
      return [];
  }
}

/** Every value an edit writes as a default: `[where, value]`. */
function defaultsIn(edit: ModelEdit): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const [where, rules] of rulesIn(edit))
    if (rules?.default !== undefined) out.push([`${where}.default`, rules.default]);
  if (edit.kind === 'addField' && edit.default !== undefined) out.push(['default', edit.default]);
  return out;
}

/** A field as the edit declares it, for checking values against its type and rules. */
function declaredField(model: string, spec: FieldSpecInfo): FieldSchema {
  const { type, nullable } = fieldTypeOf(spec.type);
  const field: FieldSchema = {
    name: spec.name,
    type,
    optional: spec.optional ?? false,
    nullable,
    constraints: {},
    declaredIn: model,
  };
  return withRules(field, spec.rules ?? {});
}

/**
 * A default that is no value of its field: stored as is (in the `@Field` options or in every
 * record), it made each later create or PATCH of those records a 422. Refused, naming it.
 */
export function checkDefaults(project: ProjectRuntime, edit: ModelEdit): void {
  const checks: [string, unknown, FieldSchema, string][] = [];
  const push = (where: string, value: unknown, field: FieldSchema, model: string): void => {
    if (value !== undefined) checks.push([where, value, field, model]);
  };
  switch (edit.kind) {
    case 'addField': {
      const field = declaredField(edit.model, edit.field);
      push('field.rules.default', edit.field.rules?.default, field, edit.model);
      push('default', edit.default, field, edit.model);
      break;
    }
    case 'createModel':
      edit.model.fields.forEach((f, i) =>
        push(
          `model.fields.${i}.rules.default`,
          f.rules?.default,
          declaredField(edit.model.name, f),
          edit.model.name,
        ),
      );
      break;
    case 'setRules': {
      // A relation or an unknown field: refused further on, as before.
      const runtime = project.runtimes.find((r) => r.schema.name === edit.model);
      const field = runtime?.schema.fields.find((f) => f.name === edit.field);
      if (field)
        push('rules.default', edit.rules.default, withRules(field, edit.rules), edit.model);
      break;
    }
    default:
      break;
  }
  for (const [where, value, field, model] of checks) {
    const problem = compileFieldCheck(field, model)(value);
    if (problem !== undefined)
      throw bad(where, `is not a value of ${model}.${field.name}: ${problem}`);
  }
}
