/**
 * Bodies `req.body(Model)` already validated (issue 11: "a body that req.body(Model) already
 * validated is not validated again"). The binder records the normalised record it built each
 * instance from; `dao().save(instance)` reuses it as long as the handler left the instance as
 * it was (a shallow comparison: cheaper than a validation, and any change is validated again).
 */
import type { RecordInput } from '../../validation/compile.js';

const validated = new WeakMap<object, RecordInput>();

export function markValidated(instance: object, record: RecordInput): void {
  validated.set(instance, record);
}

/** The record `value` was bound from, when it is an untouched `req.body(Model)` instance. */
export function validatedRecordOf(value: unknown): RecordInput | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const record = validated.get(value);
  if (record === undefined) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== Object.keys(record).length) return undefined;
  for (const key of keys) {
    if ((value as Record<string, unknown>)[key] !== record[key]) return undefined;
  }
  return { ...record };
}
