/** Building {@link FormFields}, shared by the urlencoded and the multipart reader (issue 30). */
import { isForbiddenKey } from './body.js';
import { formProblems } from './form-problems.js';
import type { FormFields } from './form-types.js';

/** The most fields a form may carry, either kind: a bound on the work one body costs. */
export const FORM_FIELD_LIMIT = 1000;

/** A fresh object for fields: no prototype, so an inherited `toString` never reads as a field. */
export function emptyFields(): FormFields {
  return Object.create(null) as FormFields;
}

/**
 * Adds one field; a repeated name becomes an array of its values in order. Refuses the keys
 * CONTRACT §4 refuses in JSON, for a handler that merges the fields into an object anyway.
 */
export function addField(fields: FormFields, name: string, value: string): void {
  if (isForbiddenKey(name)) throw formProblems.forbiddenField(name);
  const previous = fields[name];
  if (previous === undefined) fields[name] = value;
  else if (typeof previous === 'string') fields[name] = [previous, value];
  else previous.push(value);
}

/** `1000` → `1,000`, as the limits are written in problems. */
export function countInWords(count: number): string {
  return count.toLocaleString('en-US');
}
