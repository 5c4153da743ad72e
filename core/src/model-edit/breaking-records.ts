/**
 * What an edit leaves the stored data unable to pass (issue 23): a tightened rule that 197
 * records break, or a new required field the seed's rows do not hold. Counted for the preview,
 * so the user decides (fit the values, or keep them and know what follows) before Apply.
 */
import type { ModelRuntime } from '../app/model-runtime.js';
import type { BreakingRecords, FieldRules, ModelEdit } from '../contract/control-api.js';
import { compileFieldCheck } from '../validation/compile.js';
import { fitValue, type Row, withRules } from './migrate-rows.js';
import type { SeedRows } from './seed-rows.js';

/** Examples named in the preview; the counts cover the rest. */
const EXAMPLES = 3;

interface Tally {
  records: number;
  seedRecords: number;
  examples: string[];
  fittable: boolean;
}

function note(tally: Tally, example: string): void {
  if (tally.examples.length < EXAMPLES) tally.examples.push(example);
}

function result(field: string, tally: Tally): BreakingRecords | undefined {
  if (tally.records + tally.seedRecords === 0) return undefined;
  return { field, ...tally };
}

async function breakingRules(
  runtime: ModelRuntime,
  seed: SeedRows | undefined,
  field: string,
  rules: FieldRules,
): Promise<BreakingRecords | undefined> {
  const declared = runtime.schema.fields.find((f) => f.name === field);
  if (!declared) return undefined; // the planner names an unknown field
  const check = compileFieldCheck(withRules(declared, rules), runtime.schema.name);
  const tally: Tally = { records: 0, seedRecords: 0, examples: [], fittable: true };
  const visit = (row: Row, where: string, count: 'records' | 'seedRecords') => {
    const value = row[field];
    if (value === undefined || value === null) return;
    const problem = check(value);
    if (problem === undefined) return;
    tally[count]++;
    note(tally, `${where}: ${problem}`);
    if (check(fitValue(value, rules)) !== undefined) tally.fittable = false;
  };
  for (const record of (await runtime.store.records()).values())
    visit(record, `record ${String(record.id)}`, 'records');
  seed?.rows.forEach((row, i) => visit(row, `${seed.relative} row ${i}`, 'seedRecords'));
  return result(field, tally);
}

function missingInSeed(seed: SeedRows | undefined, field: string): BreakingRecords | undefined {
  const tally: Tally = { records: 0, seedRecords: 0, examples: [], fittable: false };
  seed?.rows.forEach((row, i) => {
    if (row[field] !== undefined) return;
    tally.seedRecords++;
    note(tally, `${seed.relative} row ${i}: ${field} is required`);
  });
  return result(field, tally);
}

/** The keys a closed model's records may hold: `id`, its fields and its links. */
export function declaredKeys(runtime: ModelRuntime): ReadonlySet<string> {
  const { fields, relations } = runtime.schema;
  return new Set(['id', ...fields.map((f) => f.name), ...relations.map((r) => r.field)]);
}

/** Records and seed rows holding undeclared keys, which a closed model refuses (issue 42). */
async function undeclaredInRows(
  runtime: ModelRuntime,
  seed: SeedRows | undefined,
): Promise<BreakingRecords | undefined> {
  const declared = declaredKeys(runtime);
  const { name } = runtime.schema;
  const tally: Tally = { records: 0, seedRecords: 0, examples: [], fittable: true };
  const visit = (row: Row, where: string, count: 'records' | 'seedRecords') => {
    const extra = Object.keys(row).filter((k) => !declared.has(k));
    if (extra.length === 0) return;
    tally[count]++;
    note(
      tally,
      `${where}: ${extra.join(', ')} ${extra.length === 1 ? 'is not a field' : 'are not fields'} of ${name}`,
    );
  };
  for (const record of (await runtime.store.records()).values())
    visit(record, `record ${String(record.id)}`, 'records');
  seed?.rows.forEach((row, i) => visit(row, `${seed.relative} row ${i}`, 'seedRecords'));
  // No one field: the preview names the model.
  return result(name, tally);
}

/** The records and seed rows `edit` leaves invalid, or `undefined` when none. */
export async function breakingRecords(
  runtime: ModelRuntime,
  seed: SeedRows | undefined,
  edit: ModelEdit,
): Promise<BreakingRecords | undefined> {
  if (edit.kind === 'setRules') return breakingRules(runtime, seed, edit.field, edit.rules);
  if (edit.kind === 'setOpen' && !edit.open && runtime.schema.open === true)
    return undeclaredInRows(runtime, seed);
  if (
    edit.kind === 'addField' &&
    !edit.field.optional &&
    edit.default === undefined &&
    edit.field.rules?.default === undefined
  )
    return missingInSeed(seed, edit.field.name);
  return undefined;
}
