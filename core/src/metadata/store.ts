/// <reference types="reflect-metadata" />
/**
 * Writes and reads typed metadata with reflect-metadata. Decorators call `define*`; only the
 * inspector calls `get*`.
 */
import { requireCjs } from '../require-cjs.js';
import type { MetadataKey } from './keys.js';
import type { AnyClass } from './types.js';

// Installs Reflect.defineMetadata and friends; loaded with require (see require-cjs.ts).
requireCjs('reflect-metadata');

export function defineClassMetadata<T>(key: MetadataKey<T>, target: AnyClass, value: T): void {
  Reflect.defineMetadata(key.symbol, value, target);
}

/** The class's own value, not one inherited from a base class. */
export function getOwnClassMetadata<T>(key: MetadataKey<T>, target: AnyClass): T | undefined {
  return Reflect.getOwnMetadata(key.symbol, target) as T | undefined;
}

/** Adds one property's entry to the class's own property map (copy-on-write). */
export function definePropertyMetadata<T>(
  key: MetadataKey<Readonly<Record<string, T>>>,
  target: AnyClass,
  property: string,
  value: T,
): void {
  const own = getOwnClassMetadata(key, target) ?? {};
  defineClassMetadata(key, target, { ...own, [property]: value });
}

/** `design:type` as TypeScript's emitDecoratorMetadata wrote it, when it did. */
export function getDesignType(prototype: object, property: string): unknown {
  return Reflect.getMetadata('design:type', prototype, property);
}
