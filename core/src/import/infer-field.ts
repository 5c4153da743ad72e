/**
 * One field's type from every value a collection holds for it (issue 28): what a json-server
 * `db.json` leaves untyped becomes a decorest field type, and how far that was a guess.
 */
import type { JsonValue } from '../contract/control-api.js';
import { asString, type ScalarConvert, ScalarTally, scalarVerdict } from './scalar-majority.js';

type ValueKind = 'string' | 'number' | 'boolean' | 'object' | 'array';

/** What the records hold under one key, gathered in one pass. */
export class FieldStats {
  present = 0;
  nulls = 0;
  readonly kinds = new Set<ValueKind>();
  readonly elementKinds = new Set<ValueKind | 'null'>();
  /** The scalar values held under the key, counted for the type they agree on. */
  readonly scalars = new ScalarTally();
  /** The scalar items of its arrays. */
  readonly elementScalars = new ScalarTally();
  /** The members of the objects held under the key, when it holds objects. */
  object: ObjectStats | undefined;
  /** The members of the objects its arrays hold. */
  elementObject: ObjectStats | undefined;

  add(value: unknown): void {
    this.present++;
    if (value === null) {
      this.nulls++;
      return;
    }
    const kind = kindOf(value);
    this.kinds.add(kind);
    if (isScalar(value)) this.scalars.add(value);
    if (kind === 'object') (this.object ??= new ObjectStats()).add(value as object);
    if (kind === 'array')
      for (const element of value as unknown[]) {
        const elementKind = element === null ? 'null' : kindOf(element);
        this.elementKinds.add(elementKind);
        if (isScalar(element)) this.elementScalars.add(element);
        if (elementKind === 'object')
          (this.elementObject ??= new ObjectStats()).add(element as object);
      }
  }
}

const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** Every object seen under one key: how many, and what each member held. */
export class ObjectStats {
  count = 0;
  readonly members = new Map<string, FieldStats>();

  add(value: object): void {
    this.count++;
    for (const [key, member] of Object.entries(value)) {
      let stats = this.members.get(key);
      if (!stats) this.members.set(key, (stats = new FieldStats()));
      stats.add(member);
    }
  }
}

/** As deep as a model's object fields may nest (model/schema.ts MAX_OBJECT_DEPTH). */
const MAX_OBJECT_DEPTH = 8;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A member's name in a type literal: bare when it is an identifier, else quoted. */
function memberKey(name: string): string {
  return IDENTIFIER.test(name) ? name : `'${name.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

/** The type literal holding every object seen, or why none does. */
function objectVerdict(
  stats: ObjectStats,
  depth: number,
):
  | { type: string; guesses: string[]; convert?: (value: JsonValue) => JsonValue }
  | { reason: string } {
  if (depth > MAX_OBJECT_DEPTH)
    return { reason: `holds objects nested deeper than ${MAX_OBJECT_DEPTH} levels` };
  if (stats.members.size === 0) return { reason: 'holds only empty objects: no member to type' };
  const members: string[] = [];
  const guesses: string[] = [];
  const converts = new Map<string, ScalarConvert>();
  for (const [key, member] of stats.members) {
    const verdict = verdictOf(member, stats.count, depth + 1);
    if (!verdict.imported) return { reason: `holds objects whose ${key} ${verdict.reason}` };
    members.push(`${memberKey(key)}${verdict.optional ? '?' : ''}: ${verdict.type}`);
    if (verdict.guess) guesses.push(`${key} ${verdict.guess}`);
    if (verdict.convert) converts.set(key, verdict.convert);
  }
  const type = `{ ${members.join('; ')} }`;
  if (converts.size === 0) return { type, guesses };
  const convert = (value: JsonValue): JsonValue => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const out: Record<string, JsonValue> = {};
    for (const [key, v] of Object.entries(value)) {
      const rewrite = converts.get(key);
      const kept = rewrite ? rewrite(v) : v;
      // A member that fits no type of its field is left out, as a top-level field is.
      if (kept !== undefined) out[key] = kept;
    }
    return out;
  };
  return { type, guesses, convert };
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
      /**
       * Set when values must be rewritten to fit the type (`"2"` as 2, or numbers as strings);
       * `undefined` for a value that fits no type of the field and is left out.
       */
      convert?: ScalarConvert;
    }
  | { imported: false; reason: string };

const NOT_A_FIELD_TYPE =
  'decorest fields hold strings, numbers, booleans, dates, objects of these and arrays of these, not arrays of arrays';

const eachAsString = (value: JsonValue): JsonValue =>
  Array.isArray(value) ? value.map((v) => (v === null ? v : asString(v))) : value;

/**
 * The type that holds every value seen. A key missing from some records, or null in some, is
 * optional. decorest has no `string | number` union: mixed scalars take the type the data
 * says (scalar-majority.ts), and the seed carries them rewritten (reported as a guess).
 */
export function verdictOf(stats: FieldStats, records: number, depth = 1): FieldVerdict {
  const optional = stats.present < records || stats.nulls > 0;
  const orNull = stats.nulls > 0 ? ' | null' : '';
  if (stats.kinds.has('object')) {
    if (stats.kinds.size > 1)
      return {
        imported: false,
        reason: 'holds objects in some records and other values in others',
      };
    const object = objectVerdict(stats.object!, depth);
    if ('reason' in object) return { imported: false, reason: object.reason };
    return {
      imported: true,
      type: `${object.type}${orNull}`,
      optional,
      ...(object.guesses.length > 0 ? { guess: object.guesses.join('; ') } : {}),
      ...(object.convert ? { convert: object.convert } : {}),
    };
  }
  if (stats.kinds.has('array')) {
    if (stats.kinds.size > 1)
      return {
        imported: false,
        reason: 'holds arrays in some records and single values in others',
      };
    if (stats.elementKinds.has('array'))
      return { imported: false, reason: `holds arrays of arrays: ${NOT_A_FIELD_TYPE}` };
    if (stats.elementKinds.has('object')) {
      if (stats.elementKinds.size > 1)
        return {
          imported: false,
          reason: 'holds arrays mixing objects with other values (or null items)',
        };
      const object = objectVerdict(stats.elementObject!, depth);
      if ('reason' in object)
        return {
          imported: false,
          reason: `holds arrays of objects: ${object.reason.replace(/^holds objects /, 'items ')}`,
        };
      const convert = object.convert;
      return {
        imported: true,
        type: `${object.type}[]${orNull}`,
        optional,
        ...(object.guesses.length > 0 ? { guess: object.guesses.join('; ') } : {}),
        ...(convert
          ? { convert: (v: JsonValue) => (Array.isArray(v) ? v.map((e) => convert(e)) : v) }
          : {}),
      };
    }
    if (stats.elementKinds.has('null'))
      return {
        imported: false,
        reason: 'holds arrays with null items, which no decorest type allows',
      };
    if (stats.elementScalars.total === 0)
      return {
        imported: true,
        type: `string[]${orNull}`,
        optional,
        guess: 'holds only empty arrays: typed string[]',
      };
    // An item's place in its array matters: none is left out, a misfit makes the items text.
    const items = scalarVerdict(stats.elementScalars, false);
    const seen = stats.elementScalars.seen;
    if (seen.length === 1) return { imported: true, type: `${items.kind}[]${orNull}`, optional };
    const convert = items.widened ? eachAsString : items.convert!;
    return {
      imported: true,
      type: `${items.kind}[]${orNull}`,
      optional,
      guess: items.widened
        ? `holds arrays of ${seen.join(' and ')}: typed string[], the others written as strings in the seed`
        : `holds arrays of ${items.kind}s and ${items.kind}s written as text: typed ${items.kind}[], the texts written as ${items.kind}s in the seed`,
      convert: (v: JsonValue) => (Array.isArray(v) ? v.map((e) => convert(e) ?? e) : v),
    };
  }
  if (stats.scalars.total === 0)
    return {
      imported: true,
      type: 'string | null',
      optional: true,
      guess: 'is null in every record: typed string | null',
    };
  const scalar = scalarVerdict(stats.scalars);
  return {
    imported: true,
    type: `${scalar.kind}${orNull}`,
    // A value left out of a record leaves the key missing there.
    optional: optional || scalar.leftOut > 0,
    ...(scalar.widened ? {} : { scalar: scalar.kind }),
    ...(scalar.guess ? { guess: scalar.guess } : {}),
    ...(scalar.convert ? { convert: scalar.convert } : {}),
  };
}
