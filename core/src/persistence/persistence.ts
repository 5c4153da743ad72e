/**
 * `Persistence<M>` (spec §2.3, CONTRACT §5): what a `@DataSource` class implements. Only
 * `getAll` is required; every method may answer a value or a Promise.
 */
import type { RecordId } from '../model/schema.js';

type MaybePromise<T> = T | Promise<T>;

/**
 * @example
 * ```ts
 * @DataSource('memory')
 * export class MemoryQuotes implements Persistence<Quote> {
 *   #quotes: Quote[] = [{ id: 1, text: 'Simplicity is prerequisite for reliability.' }];
 *   getAll() { return this.#quotes; }
 * }
 * ```
 */
export interface Persistence<M> {
  getAll(): MaybePromise<M[]>;
  /** Falls back to `getAll()` when absent. */
  getById?(id: RecordId): MaybePromise<M | undefined | null>;
  /** Falls back to `getAll()` when absent. */
  getLimit?(n: number): MaybePromise<M[]>;
  /** Without it, generated POSTs answer 405 naming the datasource and the method. */
  save?(model: M): MaybePromise<M>;
  update?(model: M): MaybePromise<M>;
  delete?(model: M): MaybePromise<M>;
}
