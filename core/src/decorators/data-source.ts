import { DecoratorUsageError, INTERNAL_ERROR_CODES } from '../errors.js';
import type { ClassDecoratorFn } from '../metadata/decorate.js';
import { DATA_SOURCE_KEY } from '../metadata/keys.js';
import { defineClassMetadata } from '../metadata/store.js';

/**
 * Declares a named datasource: a class implementing `Persistence<M>` whose records models with
 * `@FromDataSource('<name>')` serve (spec §2.3, CONTRACT §5).
 *
 * @example
 * ```ts
 * @DataSource('memory')
 * export class MemoryTodos implements Persistence<Todo> {
 *   getAll() { return [{ id: 1, content: 'Write specs', completed: true }]; }
 * }
 * ```
 */
export function DataSource(name: string): ClassDecoratorFn {
  if (typeof name !== 'string' || name === '') {
    const what = typeof name === 'function' ? 'bare' : JSON.stringify(name);
    throw new DecoratorUsageError(
      INTERNAL_ERROR_CODES.DATA_SOURCE_NAME_REQUIRED,
      typeof name === 'function' ? (name as { name: string }).name : '@DataSource',
      `@DataSource needs a name, as in @DataSource('memory'); got ${what}`,
    );
  }
  return (target) => defineClassMetadata(DATA_SOURCE_KEY, target, { name });
}
