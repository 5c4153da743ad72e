import { type ClassDecoratorFn, isBareClassCall } from '../metadata/decorate.js';
import { REST_KEY } from '../metadata/keys.js';
import { defineClassMetadata } from '../metadata/store.js';
import type { AnyClass, RestOptions } from '../metadata/types.js';

/**
 * Gives a model class the generated REST endpoints (spec §2.2).
 *
 * @example
 * ```ts
 * @Rest @FromDataSource
 * export class Todo { id!: number; content!: string; completed!: boolean }
 *
 * @Rest({ path: 'tasks' }) @FromDataSource
 * export class Task { id!: number; title!: string }
 *
 * // Open: fields the class does not declare are kept (json-server's way).
 * @Rest({ open: true }) @FromDataSource
 * export class Post { id!: number; title?: string }
 * ```
 */
export function Rest(target: AnyClass): void;
export function Rest(options?: RestOptions): ClassDecoratorFn;
export function Rest(...args: unknown[]): void | ClassDecoratorFn {
  if (isBareClassCall(args)) {
    defineClassMetadata(REST_KEY, args[0], { path: undefined, open: false });
    return;
  }
  const options = (args[0] ?? {}) as RestOptions;
  // Only `true` opens a model: a closed one is the default and the safe reading of anything else.
  const open = options.open === true;
  return (target) => defineClassMetadata(REST_KEY, target, { path: options.path, open });
}
