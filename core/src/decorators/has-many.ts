import { isBarePropertyCall, type PropertyDecoratorFn } from '../metadata/decorate.js';
import type { HasManyOptions } from '../metadata/types.js';
import { parseRelationArgs, recorder, type Thunk } from './relation-recorder.js';

/**
 * The "one" side of a one-to-many relation (spec §2.2): `GET /users/:id/todos` serves it.
 * The target comes from the declared type; the thunk form is for compiled code.
 *
 * @example
 * ```ts
 * @HasMany todos!: Todo[];
 * @HasMany({ onDelete: 'cascade' }) todos!: Todo[];
 * @HasMany(() => Todo) todos!: Todo[];
 * ```
 */
export function HasMany(prototype: object, property: string | symbol): void;
export function HasMany(
  target?: Thunk | HasManyOptions,
  options?: HasManyOptions,
): PropertyDecoratorFn;
export function HasMany(...args: unknown[]): void | PropertyDecoratorFn {
  if (isBarePropertyCall(args)) return recorder('hasMany', undefined, {})(args[0], args[1]);
  const { target, options } = parseRelationArgs(args);
  return recorder('hasMany', target, options);
}
