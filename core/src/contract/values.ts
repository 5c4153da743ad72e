/**
 * The values the other contract modules share (JSON, a stored record and its key, a field's
 * rules), in a leaf of their own so `control-api.ts` and the `*-api.ts` files beside it can all
 * use them without importing each other.
 */

/** A JSON value as records hold it. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * A field's rules (CONTRACT §1): what the model schema holds, the studio shows and a model
 * edit writes. The one rules type of the core (issue 25); `@Field`'s options add to it.
 */
export interface FieldRules {
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: 'email' | 'uri' | 'date-time';
}

/** `@Field({...})` as the studio writes it: the rules plus a default. */
export interface FieldRulesEdit extends FieldRules {
  default?: JsonValue;
}

/** One stored record: `id` plus the model's fields; `@BelongTo` fields hold the parent id. */
export type JsonRecord = { id: RecordKey } & Record<string, JsonValue>;

export type RecordKey = number | string;
