import {
  classOfPrototype,
  isBarePropertyCall,
  type PropertyDecoratorFn,
} from '../metadata/decorate.js';
import { FIELD_KEY } from '../metadata/keys.js';
import { definePropertyMetadata } from '../metadata/store.js';
import type { FieldOptions } from '../metadata/types.js';

/**
 * Adds validation rules to a field, or declares its type in a compiled `.js` model
 * (CONTRACT §1). Plain fields need no decorator: their types come from the source.
 *
 * @example
 * ```ts
 * @Field({ minLength: 1, maxLength: 200 }) content!: string;
 * @Field({ min: 0, max: 5, default: 0 }) stars?: number;
 * @Field({ format: 'email' }) email!: string;
 * // A write-heavy table's field no list sorts, filters or searches on: no database index.
 * @Field({ index: false }) trace!: string;
 * ```
 */
export function Field(prototype: object, property: string | symbol): void;
export function Field(rules?: FieldOptions): PropertyDecoratorFn;
export function Field(...args: unknown[]): void | PropertyDecoratorFn {
  const record = (prototype: object, property: string | symbol, rules: FieldOptions): void => {
    definePropertyMetadata(FIELD_KEY, classOfPrototype(prototype), String(property), rules);
  };
  if (isBarePropertyCall(args)) return record(args[0], args[1], {});
  const rules = (args[0] ?? {}) as FieldOptions;
  return (prototype, property) => record(prototype, property, rules);
}
