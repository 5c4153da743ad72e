import { isBarePropertyCall, type PropertyDecoratorFn } from '../metadata/decorate.js';
import { parseRelationArgs, recorder, type Thunk } from './relation-recorder.js';

/**
 * The "many" side of a one-to-many relation (spec §2.2), sent as the parent's id.
 *
 * @example
 * ```ts
 * @BelongTo user?: User;
 * @BelongTo(() => User) user?: User;
 * ```
 */
export function BelongTo(prototype: object, property: string | symbol): void;
export function BelongTo(target?: Thunk): PropertyDecoratorFn;
export function BelongTo(...args: unknown[]): void | PropertyDecoratorFn {
  if (isBarePropertyCall(args)) return recorder('belongTo', undefined, {})(args[0], args[1]);
  const { target } = parseRelationArgs(args);
  return recorder('belongTo', target, {});
}
