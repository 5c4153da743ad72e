/** What `@HasMany` and `@BelongTo` share: parsing their forms and recording the metadata. */
import { classOfPrototype } from '../metadata/decorate.js';
import { RELATION_KEY } from '../metadata/keys.js';
import { definePropertyMetadata } from '../metadata/store.js';
import type { AnyClass, HasManyOptions, RelationMetadata } from '../metadata/types.js';

export type Thunk = () => AnyClass;

export function recorder(
  kind: RelationMetadata['kind'],
  target: Thunk | undefined,
  options: HasManyOptions,
) {
  return (prototype: object, property: string | symbol): void => {
    // LoopBack's order: defaults, then the caller's options.
    const metadata: RelationMetadata = { kind, target, onDelete: options.onDelete ?? 'nullify' };
    definePropertyMetadata(RELATION_KEY, classOfPrototype(prototype), String(property), metadata);
  };
}

export function parseRelationArgs(args: unknown[]): {
  target: Thunk | undefined;
  options: HasManyOptions;
} {
  const [first, second] = args;
  if (typeof first === 'function')
    return { target: first as Thunk, options: (second ?? {}) as HasManyOptions };
  return { target: undefined, options: (first ?? {}) as HasManyOptions };
}
