/**
 * The values the other contract modules share (JSON, a field's rules), in a leaf of their own so
 * `control-api.ts` and `import-api.ts` can both use them without importing each other.
 */

/** A JSON value as records hold it. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

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
