/**
 * A collection with no file: the same behaviour as {@link FileCollection} (one conformance
 * suite runs against both), for tests and in-memory projects. Writes still serialize their
 * line, so a record one store refuses the other refuses too.
 */
import { CollectionClosedError } from '../../errors.js';
import type { CollectionOptions } from '../collection.js';
import { IndexedCollection } from './indexed-collection.js';

export class MemoryCollection extends IndexedCollection {
  private closed = false;

  /**
   * @example
   * ```ts
   * const users = new MemoryCollection({ idKind: 'number' });
   * await users.insert({ name: 'Ann' }); // { id: 1, name: 'Ann' }
   * ```
   */
  constructor(options: CollectionOptions) {
    super(options.idKind, options.indexes);
  }

  protected persist(): Promise<void> {
    return Promise.resolve();
  }

  protected assertOpen(): void {
    if (this.closed) throw new CollectionClosedError('memory collection');
  }

  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }
}
