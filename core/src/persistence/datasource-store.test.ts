/**
 * A user's `@DataSource` class through DataSourceStore passes the ModelStore suite: one with
 * every optional method (synchronous, and the same answering Promises), and one with only
 * `getAll`, which serves the reads and answers every write 405 naming the missing method.
 */
import { describe, expect, it } from 'vitest';

import { HttpProblem } from '../errors.js';
import type { RecordId } from '../model/schema.js';
import type { StoredRecord } from './collection.js';
import { DataSourceStore } from './datasource-store.js';
import { runModelStoreCases } from './model-store.case.js';
import type { Persistence } from './persistence.js';

type Row = Record<string, unknown> & { id?: RecordId };

/** What a user writes: an array in insertion order, ids from a counter, every method. */
class MemoryRows implements Persistence<Row> {
  readonly #rows: Row[];
  #lastId: number;

  constructor(rows: readonly Row[]) {
    this.#rows = rows.map((r) => ({ ...r }));
    this.#lastId = Math.max(0, ...this.#rows.map((r) => Number(r.id)));
  }

  getAll(): Row[] {
    return this.#rows; // its own array, as users do: the store must not depend on a copy
  }

  getById(id: RecordId): Row | undefined {
    return this.#rows.find((r) => r.id === id);
  }

  getLimit(n: number): Row[] {
    return this.#rows.slice(0, n);
  }

  save(row: Row): Row {
    const saved = { ...row, id: ++this.#lastId };
    this.#rows.push(saved);
    return saved;
  }

  update(row: Row): Row {
    const at = this.#rows.findIndex((r) => r.id === row.id);
    if (at === -1) throw new Error(`no row ${String(row.id)}`);
    this.#rows[at] = { ...row };
    return this.#rows[at]!;
  }

  delete(row: Row): Row {
    const at = this.#rows.findIndex((r) => r.id === row.id);
    return this.#rows.splice(at, 1)[0]!;
  }
}

/** The same, every answer a Promise (a remote datasource). */
class AsyncRows implements Persistence<Row> {
  readonly #rows: MemoryRows;
  constructor(rows: readonly Row[]) {
    this.#rows = new MemoryRows(rows);
  }
  getAll = () => Promise.resolve(this.#rows.getAll());
  getById = (id: RecordId) => Promise.resolve(this.#rows.getById(id));
  getLimit = (n: number) => Promise.resolve(this.#rows.getLimit(n));
  save = (row: Row) => Promise.resolve(this.#rows.save(row));
  update = (row: Row) => Promise.resolve(this.#rows.update(row));
  delete = (row: Row) => Promise.resolve(this.#rows.delete(row));
}

/** Only the one required method. */
class ListOnly implements Persistence<Row> {
  constructor(readonly rows: readonly Row[]) {}
  getAll(): Row[] {
    return [...this.rows];
  }
}

const asRows = (seed: readonly StoredRecord[]): Row[] => seed.map((r) => ({ ...r }));

runModelStoreCases({
  name: 'DataSourceStore over a class with every method',
  writable: true,
  open: (seed) => Promise.resolve(new DataSourceStore('memory', new MemoryRows(asRows(seed)))),
});

runModelStoreCases({
  name: 'DataSourceStore over a class answering Promises',
  writable: true,
  open: (seed) => Promise.resolve(new DataSourceStore('remote', new AsyncRows(asRows(seed)))),
});

runModelStoreCases({
  name: 'DataSourceStore over a class with getAll only',
  writable: false,
  open: (seed) => Promise.resolve(new DataSourceStore('list', new ListOnly(asRows(seed)))),
});

describe('DataSourceStore over a class with getAll only', () => {
  it('has no first(n) and answers each write 405 naming the datasource and the method', async () => {
    const store = new DataSourceStore('list', new ListOnly([{ id: 1, title: 'a' }]));
    expect(store.first(1)).toBeUndefined();
    const refusals: [Promise<unknown>, string][] = [
      [store.insert({ title: 'b' }), 'save'],
      [store.replace(1, { title: 'b' }), 'update'],
      [store.remove(1), 'delete'],
    ];
    for (const [write, method] of refusals) {
      const error = await write.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(HttpProblem);
      expect(error).toMatchObject({
        status: 405,
        detail: `datasource "list" has no ${method}() method`,
      });
    }
    expect(await store.get(1)).toEqual({ id: 1, title: 'a' });
  });
});
