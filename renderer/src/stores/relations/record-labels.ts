/**
 * What names a record beside its id where another record points at it ("3 · Ada Lovelace"), as
 * a database client shows a foreign key: the field people use for a title, when the model has
 * one. Relations in the Data view and the parent picker read it.
 */
import type { JsonRecord, ModelInfo } from '../../api';

/** Looked for in this order; the first string field of the model with one of these names. */
const TITLE_NAMES = [
  'name',
  'title',
  'label',
  'displayName',
  'fullName',
  'username',
  'email',
  'content',
  'description',
  'text',
];

/** The field that names a record of `model`, or `undefined` when none reads as a title. */
export function labelFieldOf(model: ModelInfo): string | undefined {
  const strings = model.fields.filter((f) => f.type.kind === 'string' && f.name !== 'id');
  for (const name of TITLE_NAMES) {
    const found = strings.find((f) => f.name.toLowerCase() === name.toLowerCase());
    if (found) return found.name;
  }
  return strings.find((f) => f.required)?.name;
}

/** The record's title, or '' when it has none (an empty or missing value reads as none). */
export function labelOf(record: JsonRecord, field: string | undefined): string {
  if (field === undefined) return '';
  const value = record[field];
  return typeof value === 'string' ? value : '';
}
