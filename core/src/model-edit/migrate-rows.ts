/**
 * What a model edit does to one stored row, the same for the datafile's records and the seed's
 * rows (issue 23: a rename that migrated the records but not `seed/` made Reset to seed refuse
 * the seed). A conversion or a fit is all or nothing: a value with no reading in the new
 * declaration stops the edit with a 422 that names the first rows and counts the rest.
 */
import type { FieldRules, JsonValue } from '../contract/control-api.js';
import { type FieldError, problems } from '../errors.js';
import type { FieldSchema } from '../model/schema.js';
import { compileFieldCheck } from '../validation/compile.js';
import { converterTo } from './convert-values.js';

export type MigrationOp =
  | { readonly action: 'rename'; readonly field: string; readonly to: string }
  | { readonly action: 'drop'; readonly field: string }
  | { readonly action: 'default'; readonly field: string; readonly value: JsonValue }
  | { readonly action: 'convert'; readonly field: string; readonly to: string }
  /** Numbers moved to the nearest bound, texts cut to `maxLength` (a tightened rule). */
  | { readonly action: 'fit'; readonly field: string; readonly rules: FieldRules }
  /**
   * A model closed with Fit (issue 42): every key outside `declared` goes. `field` is `''`:
   * the op is about no one field.
   */
  | {
      readonly action: 'dropUndeclared';
      readonly field: '';
      readonly declared: ReadonlySet<string>;
    };

export type Row = Readonly<Record<string, unknown>>;

/** How a refused row is named: `Todo[id=3].views`, or `seed/todos.json[2].views`. */
export interface RowNames {
  /** Whose rows: `Invoice`, `seed/invoices.json`. */
  readonly owner: string;
  /** `record`/`records`, `row`/`rows`. */
  noun(n: number): string;
  field(row: Row, index: number): string;
  row(row: Row, index: number): string;
}

/** Rows named in a refusal; the count covers the rest. */
const NAMED_FAILURES = 5;

const has = (row: Row, field: string): boolean => Object.prototype.hasOwnProperty.call(row, field);

/** A value moved inside `rules`' bounds; what no bound can mend is left for the check. */
export function fitValue(value: unknown, rules: FieldRules): unknown {
  if (Array.isArray(value)) return value.map((v) => fitValue(v, rules));
  if (typeof value === 'number') {
    if (rules.min !== undefined && value < rules.min) return rules.min;
    if (rules.max !== undefined && value > rules.max) return rules.max;
    return value;
  }
  // Counted in code points, as the validator counts them.
  if (typeof value === 'string' && rules.maxLength !== undefined) {
    const chars = Array.from(value);
    return chars.length > rules.maxLength ? chars.slice(0, rules.maxLength).join('') : value;
  }
  return value;
}

/** The same field with other rules (a `setRules` edit), for checking stored values. */
export function withRules(field: FieldSchema, rules: FieldRules): FieldSchema {
  const constraints: Record<string, unknown> = {};
  for (const key of ['min', 'max', 'minLength', 'maxLength', 'pattern', 'format'] as const)
    if (rules[key] !== undefined) constraints[key] = rules[key];
  return { ...field, constraints };
}

type Step = (row: Row) => { next: Row | undefined } | { refused: string };

function stepOf(op: MigrationOp, field: FieldSchema | undefined, model: string): Step {
  switch (op.action) {
    case 'default':
      return (row) => ({ next: has(row, op.field) ? undefined : { ...row, [op.field]: op.value } });
    case 'rename':
    case 'drop':
      return (row) => {
        if (!has(row, op.field)) return { next: undefined };
        const { [op.field]: value, ...rest } = row;
        return { next: op.action === 'rename' ? { ...rest, [op.to]: value } : rest };
      };
    case 'convert': {
      const convert = converterTo(op.to);
      if (!convert) throw new Error(`no conversion to ${op.to}`); // the plan checked it
      return (row) => {
        if (!has(row, op.field)) return { next: undefined };
        const value = row[op.field] as JsonValue;
        const result = convert(value);
        if (!result.ok) return { refused: `${JSON.stringify(value)} has no ${op.to} reading` };
        return {
          next:
            JSON.stringify(result.value) === JSON.stringify(value)
              ? undefined
              : { ...row, [op.field]: result.value },
        };
      };
    }
    case 'dropUndeclared':
      return (row) => {
        if (Object.keys(row).every((k) => op.declared.has(k))) return { next: undefined };
        return {
          next: Object.fromEntries(Object.entries(row).filter(([k]) => op.declared.has(k))),
        };
      };
    case 'fit': {
      if (!field) throw new Error(`no field ${op.field}`); // the plan checked it
      const check = compileFieldCheck(withRules(field, op.rules), model);
      return (row) => {
        const value = row[op.field];
        if (value === undefined || value === null) return { next: undefined };
        const fitted = fitValue(value, op.rules);
        const problem = check(fitted);
        if (problem !== undefined) return { refused: `${JSON.stringify(value)} ${problem}` };
        return {
          next:
            JSON.stringify(fitted) === JSON.stringify(value)
              ? undefined
              : { ...row, [op.field]: fitted },
        };
      };
    }
  }
}

function refusal(op: MigrationOp, names: RowNames, failures: number): string {
  const rows = `${failures} ${names.owner} ${names.noun(failures)} ${failures === 1 ? 'has' : 'have'}`;
  return op.action === 'convert'
    ? `${rows} a ${op.field} that cannot become ${op.to}`
    : `${rows} a ${op.field} that no bound of the new rules can mend`;
}

/**
 * The rows `op` changes, as they will be, by their index in `rows`; a 422 when a conversion or
 * a fit cannot be made.
 */
export function migrateRows(
  rows: readonly Row[],
  op: MigrationOp,
  field: FieldSchema | undefined,
  model: string,
  names: RowNames,
): Map<number, Row> {
  const step = stepOf(op, field, model);
  const changed = new Map<number, Row>();
  const named: FieldError[] = [];
  let failures = 0;
  rows.forEach((row, index) => {
    const outcome = step(row);
    if ('next' in outcome) {
      if (outcome.next) changed.set(index, outcome.next);
      return;
    }
    if (++failures <= NAMED_FAILURES)
      named.push({
        field: names.field(row, index),
        message: `${names.row(row, index)}: ${outcome.refused}`,
      });
  });
  if (failures > NAMED_FAILURES) {
    named.push({
      field: `${model}.${op.field}`,
      message: `and ${failures - NAMED_FAILURES} more ${names.noun(failures - NAMED_FAILURES)}`,
    });
  }
  if (failures > 0) throw problems.invalidBody(refusal(op, names, failures), named);
  return changed;
}
