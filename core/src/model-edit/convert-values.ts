/**
 * Converting stored values when a field's type changes (the studio's "Change type" with
 * Convert ticked): what a user means when `price: string` becomes `number` is that "12.5"
 * becomes 12.5, and that a value with no such reading ("about ten") stops the change rather
 * than being lost. Only the types the studio offers are converted; null and absent values are
 * left as they are (the field's optionality is a separate question).
 */
import { FIELD_TYPES, type FieldTypeText, type JsonValue } from '../contract/control-api.js';

export type Conversion = { ok: true; value: JsonValue } | { ok: false };

type Convert = (value: JsonValue) => Conversion;

const ok = (value: JsonValue): Conversion => ({ ok: true, value });
const FAILED: Conversion = { ok: false };

const toString: Convert = (v) =>
  typeof v === 'string'
    ? ok(v)
    : typeof v === 'number' || typeof v === 'boolean'
      ? ok(String(v))
      : FAILED;

const toNumber: Convert = (v) => {
  if (typeof v === 'number') return ok(v);
  if (typeof v !== 'string' || v.trim() === '') return FAILED;
  const n = Number(v.trim());
  return Number.isFinite(n) ? ok(n) : FAILED;
};

const toBoolean: Convert = (v) => {
  if (typeof v === 'boolean') return ok(v);
  if (v === 1 || v === 0) return ok(v === 1);
  if (typeof v !== 'string') return FAILED;
  const word = v.trim().toLowerCase();
  return word === 'true' ? ok(true) : word === 'false' ? ok(false) : FAILED;
};

/** Dates are stored as ISO-8601 strings (CONTRACT §1); epoch milliseconds are read as such. */
const toDate: Convert = (v) => {
  if (typeof v !== 'string' && typeof v !== 'number') return FAILED;
  const ms = typeof v === 'number' ? v : Date.parse(v);
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return FAILED;
  return ok(new Date(ms).toISOString());
};

/** A list of `element`s: a single value becomes a list of one. */
function listOf(element: Convert): Convert {
  return (v) => {
    const items = Array.isArray(v) ? v : [v];
    const out: JsonValue[] = [];
    for (const item of items) {
      const c = element(item);
      if (!c.ok) return FAILED;
      out.push(c.value);
    }
    return ok(out);
  };
}

const CONVERTERS: Readonly<Record<FieldTypeText, Convert>> = {
  string: toString,
  number: toNumber,
  boolean: toBoolean,
  Date: toDate,
  'string[]': listOf(toString),
  'number[]': listOf(toNumber),
};

/** The types values can be converted to: every type the studio's type picker offers. */
export const CONVERTIBLE_TYPES: readonly string[] = FIELD_TYPES;

/**
 * The conversion to `type` (TypeScript type text), or undefined when it is not one of
 * {@link CONVERTIBLE_TYPES}. null and undefined convert to themselves.
 */
export function converterTo(
  type: string,
): ((value: JsonValue | undefined) => Conversion) | undefined {
  const name = type.trim();
  if (!CONVERTIBLE_TYPES.includes(name)) return undefined;
  const convert = CONVERTERS[name as FieldTypeText];
  return (value) => (value === null || value === undefined ? ok(value ?? null) : convert(value));
}
