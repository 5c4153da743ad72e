/**
 * An open model's records (`@Rest({ open: true })`, issue 42) hold fields the model does not
 * declare. The grid shows them in one "other fields" column, as the JSON object they make, so a
 * record of any shape fits a fixed set of columns however many different keys the records use.
 */
import type { ModelInfo } from '../../api';

/** The grid's key for that column: quoted, so no field (whose keys hold no quotes) has it. */
export const UNDECLARED_COLUMN = '"other fields"';

const DECLARED = new WeakMap<ModelInfo, ReadonlySet<string>>();

function declaredOf(model: ModelInfo): ReadonlySet<string> {
  let names = DECLARED.get(model);
  if (names === undefined) {
    names = new Set([
      'id',
      ...model.fields.map((f) => f.name),
      ...model.relations.map((r) => r.field),
    ]);
    DECLARED.set(model, names);
  }
  return names;
}

/** The fields of `row` its model does not declare, in the record's order; `{}` when none. */
export function undeclaredFields(
  model: ModelInfo,
  row: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const declared = declaredOf(model);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(row))
    if (!declared.has(key))
      Object.defineProperty(out, key, {
        value: row[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
  return out;
}

/** The cell's text: the undeclared fields as compact JSON, empty when there are none. */
export function undeclaredText(model: ModelInfo, row: Readonly<Record<string, unknown>>): string {
  const fields = undeclaredFields(model, row);
  return Object.keys(fields).length === 0 ? '' : JSON.stringify(fields);
}
