/**
 * The examples an OpenAPI document gives for a collection as seed records (issue 28). Only
 * records that the written model accepts are kept (decorest checks the seed when it loads it),
 * each one left out is reported; the same record documented twice (a list example and an item
 * example) is seeded once.
 */
import type { FieldRulesEdit, JsonValue } from '../contract/control-api.js';
import type { FieldType } from '../model/schema.js';
import { fieldTypeOf } from '../model-edit/field-edits.js';
import type { ImportNote } from './import-plan.js';
import type { ModelShape } from './openapi-model.js';

type Row = Record<string, JsonValue>;

/** An example value and where it was found (a JSON pointer, for the report). */
export interface Example {
  value: unknown;
  at: string;
}

const isRow = (value: unknown): value is Row =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Why `value` does not fit a field of `type` with `rules`, or undefined when it does. */
function misfit(
  value: JsonValue,
  type: string,
  rules: FieldRulesEdit | undefined,
): string | undefined {
  if (value === null) return type.endsWith('| null') ? undefined : 'is null';
  // An object type (or a list of them) is checked member by member, as the model would.
  if (type.startsWith('{')) return shapeMisfit(value, fieldTypeOf(type).type);
  const base = type.replace(/ \| null$/, '');
  if (base.endsWith('[]')) return Array.isArray(value) ? undefined : 'is not a list';
  if (base.startsWith("'")) {
    const literals = [...base.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map((m) =>
      m[1]!.replace(/\\(.)/g, '$1'),
    );
    return typeof value === 'string' && literals.includes(value)
      ? undefined
      : 'is not one of the allowed values';
  }
  if (typeof value !== base) return `is not a ${base}`;
  if (typeof value === 'string') {
    if (rules?.minLength !== undefined && value.length < rules.minLength) return 'is too short';
    if (rules?.maxLength !== undefined && value.length > rules.maxLength) return 'is too long';
    if (rules?.pattern !== undefined && !new RegExp(rules.pattern, 'u').test(value))
      return 'does not match its pattern';
  }
  if (typeof value === 'number') {
    if (rules?.min !== undefined && value < rules.min) return 'is below its minimum';
    if (rules?.max !== undefined && value > rules.max) return 'is above its maximum';
  }
  return undefined;
}

/** Why `value` does not fit `type` (an object field's type, read as the loader reads it). */
function shapeMisfit(value: JsonValue, type: FieldType): string | undefined {
  switch (type.kind) {
    case 'array': {
      if (!Array.isArray(value)) return 'is not a list';
      for (const [index, element] of value.entries()) {
        const why = element === null ? 'is null' : shapeMisfit(element, type.element);
        if (why) return `[${index}] ${why}`;
      }
      return undefined;
    }
    case 'object': {
      if (!isRow(value)) return 'is not an object';
      for (const key of Object.keys(value))
        if (!type.fields.some((m) => m.name === key)) return `has ${key}, not one of its members`;
      for (const member of type.fields) {
        const inner = value[member.name];
        if (inner === undefined) {
          if (!member.optional) return `lacks ${member.name}`;
          continue;
        }
        const why =
          inner === null
            ? member.nullable
              ? undefined
              : 'is null'
            : shapeMisfit(inner, member.type);
        if (why) return `.${member.name} ${why}`;
      }
      return undefined;
    }
    case 'enum':
      return typeof value === 'string' && type.values.includes(value)
        ? undefined
        : 'is not one of the allowed values';
    case 'date':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value))
        ? undefined
        : 'is not a date';
    default:
      return typeof value === type.kind ? undefined : `is not a ${type.kind}`;
  }
}

/** One example object as a seed row, or why the model would refuse it. */
function rowOf(record: Row, shape: ModelShape): { row: Row } | { why: string } {
  const row: Row = {};
  const id = record.id;
  if (id !== undefined) {
    const valid =
      shape.idType === 'number'
        ? Number.isSafeInteger(id) && (id as number) >= 1
        : typeof id === 'string' && id.length >= 1 && id.length <= 200;
    if (!valid)
      return { why: `its id ${JSON.stringify(id)} is no ${shape.idType} id decorest stores` };
    row.id = id;
  }
  for (const field of shape.fields) {
    const key = field.wireName ?? field.name;
    const value = record[key];
    if (value === undefined) {
      if (!field.optional) return { why: `${key} is missing` };
      continue;
    }
    const why = misfit(value, field.type, field.rules);
    if (why) return { why: `${key} ${why}` };
    row[key] = value;
  }
  for (const relation of shape.relations) {
    const embedded = [...shape.linked].find(([, f]) => f === relation.field)?.[0];
    const value = embedded === undefined ? record[relation.field] : record[embedded];
    const linkId = isRow(value) ? value.id : value;
    if (typeof linkId === 'number' || typeof linkId === 'string') row[relation.field] = linkId;
  }
  return { row };
}

/**
 * Seed rows from every example of a collection; arrays (a list's example) give one row per item.
 *
 * @example
 * ```ts
 * seedRows([{ value: [{ id: 1, name: 'Rex' }], at: '#/paths/~1pets/get/...' }], shape, 'Pet', notes);
 * // [{ id: 1, name: 'Rex' }]
 * ```
 */
export function seedRows(
  examples: readonly Example[],
  shape: ModelShape,
  model: string,
  notes: ImportNote[],
): Row[] {
  const rows: Row[] = [];
  const seen = new Set<string>();
  for (const example of examples) {
    const items = Array.isArray(example.value) ? example.value : [example.value];
    items.forEach((item, index) => {
      const at = Array.isArray(example.value) ? `${example.at}/${index}` : example.at;
      if (!isRow(item)) {
        notes.push({
          kind: 'not-imported',
          at,
          text: `an example of ${model} that is not an object`,
        });
        return;
      }
      const read = rowOf(item, shape);
      if ('why' in read) {
        notes.push({
          kind: 'not-imported',
          at,
          text: `an example of ${model} left out of the seed: ${read.why}`,
        });
        return;
      }
      // The same record often appears in the list example and the item example.
      const key =
        read.row.id !== undefined ? `id:${JSON.stringify(read.row.id)}` : JSON.stringify(read.row);
      if (seen.has(key)) return;
      seen.add(key);
      rows.push(read.row);
    });
  }
  return rows;
}
