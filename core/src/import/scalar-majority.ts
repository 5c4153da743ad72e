/**
 * The one scalar type a field's mixed values are written as (issue 42, "Types by what the data
 * says"). decorest has no `number | string` union, so a db.json field holding `18`, `9.65` and
 * one `"2"` must become one type. It becomes the type the data says:
 *
 * - **number** when it holds at least one number and at least {@link FIT_SHARE} of its non-null
 *   values are numbers or a number's text ({@link isNumberText}: `"2"`, `"9.65"`, `"18.00"`).
 *   The texts are written as those numbers in the seed. The rest (`"n/a"`, `"02134"`, `"1e3"`,
 *   `true`) fit no number: they are left out of the seed, since the seed is validated as a
 *   create when it is loaded and one misfit would refuse every record. Each is listed.
 * - **boolean** alike, with `"true"` and `"false"` as the texts.
 * - **string** otherwise, with the numbers and booleans written as text (as before issue 42):
 *   a field that is mostly text, or whose odd values are too many to leave out, keeps them all.
 *
 * Dates stay strings: json-server stores them as text, and a `Date` field would answer them
 * re-formatted (`"2024-01-01"` as `"2024-01-01T00:00:00.000Z"`).
 */
import type { JsonValue } from '../contract/control-api.js';

export type ScalarKind = 'string' | 'number' | 'boolean';

/**
 * How much of a field must fit a number (or boolean) for the misfits to be left out: nine in ten.
 * Fewer, and leaving them out would lose more than a typo's worth of the data; the field is text.
 */
export const FIT_SHARE = 0.9;

/** Decimal text without a leading zero or a sign other than `-` (one reading: linear time). */
const DECIMAL = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

/**
 * Whether `text` reads as a number that writes back as the same text: `"2"`, `"-9.65"`,
 * `"1e+21"`, and decimals whose fraction ends in zeros (`"18.00"` is 18, `"9.650"` 9.65: only
 * the zeros are lost). Not `"02134"` (a code: its zero would be lost), `"1e3"`, `"+1"`, `"-0"`,
 * `" 2"`, `""`, nor digits past a double's precision (`"12345678901234567890"`).
 */
export function isNumberText(text: string): boolean {
  const value = Number(text);
  if (text === '' || !Number.isFinite(value)) return false;
  const written = String(value);
  if (written === text) return true;
  if (!text.includes('.') || !DECIMAL.test(text)) return false;
  // The fraction's trailing zeros, and a point left bare, trimmed by hand (no backtracking).
  let end = text.length;
  while (text.charCodeAt(end - 1) === 48) end--;
  if (text[end - 1] === '.') end--;
  return written === text.slice(0, end);
}

const isBooleanText = (text: string): boolean => text === 'true' || text === 'false';

/** Counts of the non-null scalar values under one key (or in its arrays). */
export class ScalarTally {
  numbers = 0;
  booleans = 0;
  strings = 0;
  /** Strings that are a number's text. */
  numberTexts = 0;
  /** `"true"` and `"false"`. */
  booleanTexts = 0;

  /** The kinds in the order first seen: one is a plain field, more a mixed one. */
  readonly seen: ScalarKind[] = [];

  add(value: string | number | boolean): void {
    const kind = typeof value as ScalarKind;
    if (!this.seen.includes(kind)) this.seen.push(kind);
    if (typeof value === 'number') this.numbers++;
    else if (typeof value === 'boolean') this.booleans++;
    else {
      this.strings++;
      if (isNumberText(value)) this.numberTexts++;
      else if (isBooleanText(value)) this.booleanTexts++;
    }
  }

  get total(): number {
    return this.numbers + this.booleans + this.strings;
  }
}

/** A value as the chosen type holds it; `undefined` when it fits none and is left out. */
export type ScalarConvert = (value: JsonValue) => JsonValue | undefined;

export interface ScalarVerdict {
  kind: ScalarKind;
  /** Numbers and booleans written as text: the field is no link candidate then. */
  widened: boolean;
  /** Values left out of the seed (they fit no `kind`). */
  leftOut: number;
  convert?: ScalarConvert;
  guess?: string;
}

const toNumber: ScalarConvert = (value) =>
  value === null || typeof value === 'number'
    ? value
    : typeof value === 'string' && isNumberText(value)
      ? Number(value)
      : undefined;

const toBoolean: ScalarConvert = (value) =>
  value === null || typeof value === 'boolean'
    ? value
    : value === 'true' || value === 'false'
      ? value === 'true'
      : undefined;

/** Numbers and booleans as text, for a field typed string. */
export const asString = (value: JsonValue): JsonValue =>
  value === null || typeof value === 'string' ? value : JSON.stringify(value);

const plural = (count: number, one: string, many: string): string =>
  `${count} ${count === 1 ? one : many}`;

/** `holds numbers and 1 number written as text: typed number, that one written as a number …`. */
function mixedGuess(kind: 'number' | 'boolean', texts: number, misfits: number): string {
  const asText = `${plural(texts, kind, `${kind}s`)} written as text`;
  const odd = `${plural(misfits, 'value', 'values')} that ${misfits === 1 ? 'is' : 'are'} no ${kind}`;
  const rewritten = `written as ${texts === 1 ? `a ${kind}` : `${kind}s`} in the seed`;
  if (misfits === 0)
    return `holds ${kind}s and ${asText}: typed ${kind}, ${texts === 1 ? 'that one' : 'those'} ${rewritten}`;
  if (texts === 0)
    return `holds ${kind}s and ${odd}: typed ${kind}, ${misfits === 1 ? 'that one' : 'those'} left out of the seed`;
  return `holds ${kind}s, ${asText} and ${odd}: typed ${kind}, ${texts === 1 ? 'the text' : 'the texts'} ${rewritten} and ${misfits === 1 ? 'the other' : 'the others'} left out`;
}

/**
 * The type of values counted in `tally`. `leaveOut: false` (an array's items, whose places
 * matter) allows no misfit: any one makes the items text.
 */
export function scalarVerdict(tally: ScalarTally, leaveOut = true): ScalarVerdict {
  const { numbers, booleans, total } = tally;
  if (tally.seen.length <= 1)
    return { kind: tally.seen[0] ?? 'string', widened: false, leftOut: 0 };
  for (const [kind, own, texts, convert] of [
    ['number', numbers, tally.numberTexts, toNumber],
    ['boolean', booleans, tally.booleanTexts, toBoolean],
  ] as const) {
    if (own === 0) continue;
    const misfits = total - own - texts;
    if (misfits > 0 && (!leaveOut || own + texts < FIT_SHARE * total)) continue;
    return {
      kind,
      widened: false,
      leftOut: misfits,
      convert,
      guess: mixedGuess(kind, texts, misfits),
    };
  }
  return {
    kind: 'string',
    widened: true,
    leftOut: 0,
    convert: asString,
    guess: `holds ${tally.seen.join(' and ')} values: typed string (decorest has no union of these), the others written as strings in the seed`,
  };
}
