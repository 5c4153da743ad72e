import { type ClassDecoratorFn, isBareClassCall } from '../metadata/decorate.js';
import { FROM_DATA_SOURCE_KEY } from '../metadata/keys.js';
import { defineClassMetadata } from '../metadata/store.js';
import type { AnyClass } from '../metadata/types.js';

/**
 * Keeps a model's records in the default datasource (a file database under `data/`), or, with
 * a name, in the `@DataSource` of that name (spec §2.2, CONTRACT §5).
 *
 * @example
 * ```ts
 * @Rest @FromDataSource export class Todo { id!: number; content!: string }
 * @Rest @FromDataSource('memory') export class Quote { id!: number; text!: string }
 * ```
 */
export function FromDataSource(target: AnyClass): void;
export function FromDataSource(name?: string): ClassDecoratorFn;
export function FromDataSource(...args: unknown[]): void | ClassDecoratorFn {
  if (isBareClassCall(args)) {
    defineClassMetadata(FROM_DATA_SOURCE_KEY, args[0], { name: undefined });
    return;
  }
  const name = args[0];
  if (name !== undefined && (typeof name !== 'string' || name === '')) {
    throw new TypeError(
      '@FromDataSource takes no argument or a datasource name (a non-empty string)',
    );
  }
  return (target) => defineClassMetadata(FROM_DATA_SOURCE_KEY, target, { name });
}
