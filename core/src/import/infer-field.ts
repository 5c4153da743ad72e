/**
 * One field's type from every value a collection holds for it (issue 28): what a json-server
 * `db.json` leaves untyped becomes a decorest field type, and how far that was a guess.
 */
import type { JsonValue } from '../contract/control-api.js';

type ValueKind = 'string' | 'number' | 'boolean' | 'object' | 'array';

/** What the records hold under one key, gathered in one pass. */
export class FieldStats {
  present = 0;
  nulls = 0;
  readonly kinds = new Set<ValueKind>();
  readonly elementKinds = new Set<ValueKind | 'null'>();

  add(value: unknown): void {
    this.present++;
    if (value === null) {
      this.nulls++;
      return;
    }
    const kind = kindOf(value);
    this.kinds.add(kind);
    if (kind === 'array')
      for (const element of value as unknown[])
        this.elementKinds.add(element === null ? 'null' : kindOf(element));
  }
}

function kindOf(value: unknown): ValueKind {
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean' ? type : 'object';
}

/** How a field is written, and how its values go into the seed. */
export type FieldVerdict =
  | {
      imported: true;
      /** `string`, `number[]`, `boolean | null`, … */
      type: string;
      optional: boolean;
      /** The scalar kind, for the relation check (`postId` holding numbers). */
      scalar?: 'string' | 'number' | 'boolean';
      /** A guess to report, when the type is wider than the values. */
      guess?: string;
      /** Set when values must be rewritten to fit the type (numbers as strings). */
      convert?: (value: JsonValue) => JsonValue;
    }
  | { imported: false; reason: string };

const NOT_A_FIELD_TYPE =
  'decorest fields hold strings, numbers, booleans, dates and arrays of these, not nested objects';

const asString = (value: JsonValue): JsonValue =>
  value === null || typeof value === 'string' ? value : JSON.stringify(value);

const eachAsString = (value: JsonValue): JsonValue =>
  Array.isArray(value) ? value.map((v) => (v === null ? v : asString(v))) : value;

/**
 * The type that holds every value seen. A key missing from some records, or null in some, is
 * optional; decorest has no `string | number` union, so mixed scalars widen to `string` and
 * the seed carries them as strings (reported as a guess).
 */
export function verdictOf(stats: FieldStats, records: number): FieldVerdict {
  const optional = stats.present < records || stats.nulls > 0;
  const orNull = stats.nulls > 0 ? ' | null' : '';
  if (stats.kinds.has('object'))
    return { imported: false, reason: `holds objects: ${NOT_A_FIELD_TYPE}` };
  if (stats.kinds.has('array')) {
    if (stats.kinds.size > 1)
      return {
        imported: false,
        reason: 'holds arrays in some records and single values in others',
      };
    if (stats.elementKinds.has('object') || stats.elementKinds.has('array'))
      return { imported: false, reason: `holds arrays of objects or arrays: ${NOT_A_FIELD_TYPE}` };
    if (stats.elementKinds.has('null'))
      return {
        imported: false,
        reason: 'holds arrays with null items, which no decorest type allows',
      };
    const elements = [...stats.elementKinds] as ('string' | 'number' | 'boolean')[];
    if (elements.length === 1)
      return { imported: true, type: `${elements[0]}[]${orNull}`, optional };
    if (elements.length === 0)
      return {
        imported: true,
        type: `string[]${orNull}`,
        optional,
        guess: 'holds only empty arrays: typed string[]',
      };
    return {
      imported: true,
      type: `string[]${orNull}`,
      optional,
      guess: `holds arrays of ${elements.join(' and ')}: typed string[], the others written as strings in the seed`,
      convert: eachAsString,
    };
  }
  const scalars = [...stats.kinds] as ('string' | 'number' | 'boolean')[];
  if (scalars.length === 0)
    return {
      imported: true,
      type: 'string | null',
      optional: true,
      guess: 'is null in every record: typed string | null',
    };
  if (scalars.length === 1)
    return { imported: true, type: `${scalars[0]}${orNull}`, optional, scalar: scalars[0] };
  return {
    imported: true,
    type: `string${orNull}`,
    optional,
    scalar: 'string',
    guess: `holds ${scalars.join(' and ')} values: typed string (decorest has no union of these), the others written as strings in the seed`,
    convert: asString,
  };
}
