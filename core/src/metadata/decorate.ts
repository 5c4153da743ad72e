/**
 * One place for the "bare or called" forms every decorator supports (CONTRACT §1):
 * `@Rest` and `@Rest()`, `@HasMany` and `@HasMany({ onDelete })`.
 */
import type { AnyClass } from './types.js';

export type ClassDecoratorFn = (target: AnyClass) => void;
export type PropertyDecoratorFn = (prototype: object, property: string | symbol) => void;

/** Is this call the decorator applied bare to a class (`@Rest`)? */
export function isBareClassCall(args: readonly unknown[]): args is [AnyClass] {
  return args.length === 1 && typeof args[0] === 'function' && args[0].prototype !== undefined;
}

/**
 * Is this call the decorator applied bare to a property (`@HasMany todos`)? Legacy property
 * decorators receive `(prototype, key, undefined)`.
 */
export function isBarePropertyCall(args: readonly unknown[]): args is [object, string | symbol] {
  return (
    args.length >= 2 &&
    typeof args[0] === 'object' &&
    args[0] !== null &&
    (typeof args[1] === 'string' || typeof args[1] === 'symbol')
  );
}

/** The class a property decorator was applied to, by its prototype. */
export function classOfPrototype(prototype: object): AnyClass {
  return (prototype as { constructor: AnyClass }).constructor;
}

/** `User.prototype.todos`, the way LoopBack names decoration targets in errors. */
export function targetName(prototype: object, property?: string | symbol): string {
  const name = classOfPrototype(prototype).name || '<anonymous class>';
  return property === undefined ? name : `${name}.prototype.${String(property)}`;
}
