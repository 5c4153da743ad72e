/**
 * The datafiles one project version serves from, and the data folder's lock. A hot reload
 * (issue 15) hands them to the next version: a model whose datafile and options did not change
 * keeps its open collection (no re-read, no write lost in a close/reopen gap); only what the new
 * version adds is opened, and only what it drops is closed, once it is serving.
 *
 * Or (issue 26, `--database`) the PostgreSQL database the default datasource lives in: one
 * pool per project, opened once and handed across reloads as the collections are; each
 * version gets its own stores (the table's columns may have changed), and its tables are made
 * to match its models before it serves. No data folder, no lock: the database is shared.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import type { ModelSchema } from '../model/schema.js';
import { recoverBatches } from '../persistence/batch/batch-recovery.js';
import type { Collection, CollectionOptions } from '../persistence/collection.js';
import { CollectionStore } from '../persistence/collections/collection-store.js';
import { openFileCollection } from '../persistence/collections/file-collection.js';
import { MemoryCollection } from '../persistence/collections/memory-collection.js';
import type { ModelStore } from '../persistence/model-store.js';
import type { DatabaseChanges, SharedChangeBus } from '../persistence/postgres/change-notify.js';
import type { PostgresDatabase } from '../persistence/postgres/postgres-database.js';
import { lockDataDir } from './data-lock.js';
import { loadPostgres } from './load-postgres.js';

/** The database a version serves from, and its stores by model name. */
interface OnDatabase {
  readonly url: string;
  readonly database: PostgresDatabase;
  /** `user@host:port/database`, for messages. */
  readonly name: string;
  readonly stores: ReadonlyMap<string, ModelStore>;
  /** Record changes to and from the other servers on the database (shared by every version). */
  readonly changes: DatabaseChanges;
}

interface OpenCollection {
  readonly collection: Collection;
  /** Datafile and options: equal keys may share one open collection. */
  readonly key: string;
}

/** Models stored by the default datasource, with the options their collection opens with. */
function storedModels(models: readonly ModelSchema[]) {
  return models
    .filter((m) => m.dataSource === undefined)
    .map((model) => {
      const indexes = model.relations.filter((r) => r.kind === 'belongTo').map((r) => r.field);
      const options: CollectionOptions = { idKind: model.idKind, indexes };
      return { model, options, key: `${model.path}\0${model.idKind}\0${indexes.join(',')}` };
    });
}

export class ProjectData {
  readonly #dataDir: string | undefined;
  readonly #byModel: Map<string, OpenCollection>;
  /** Shared with every version the lock was handed to; the last owner releases it. */
  readonly #lock: { unlock: () => Promise<void> };
  /** Set when the default datasource is a database (then `#byModel` is empty). */
  readonly #onDatabase: OnDatabase | undefined;
  /** Whether `close()` closes: not before a successor serves, nor after handing on. */
  #owner: boolean;
  readonly warnings: readonly string[];
  /**
   * Whether this open starts the data from nothing (no data folder; on a database, empty
   * tables never seeded, claimed by this start alone): a first run, which the seed fills.
   * False for a reload's successor.
   */
  readonly firstRun: boolean;

  private constructor(
    dataDir: string | undefined,
    byModel: Map<string, OpenCollection>,
    lock: { unlock: () => Promise<void> },
    warnings: readonly string[],
    owner: boolean,
    onDatabase?: OnDatabase,
    firstRun = false,
  ) {
    this.#owner = owner;
    this.#dataDir = dataDir;
    this.#byModel = byModel;
    this.#lock = lock;
    this.warnings = warnings;
    this.#onDatabase = onDatabase;
    this.firstRun = firstRun;
  }

  /**
   * Connects to the PostgreSQL database at `url` and makes its tables match `models`: missing
   * ones are created, a difference that would lose data refuses the start
   * (TablesDifferError). A URL that does not connect is a DatabaseConnectError of one line.
   */
  static async openDatabase(models: readonly ModelSchema[], url: string): Promise<ProjectData> {
    const { openPostgres, DatabaseChanges, claimSeed } = await loadPostgres();
    const { database, address, stores } = await openPostgres(url, models);
    try {
      // Issue 40: the seed goes in on the first start on empty tables, also after `db push`.
      const firstRun = await claimSeed(
        database.pool,
        [...stores.values()].map((store) => store.spec),
      );
      const changes = new DatabaseChanges(url, database.pool);
      changes.models = [...stores.keys()];
      const onDatabase = { url, database, name: address, stores, changes };
      const noLock = { unlock: async () => {} };
      return new ProjectData(undefined, new Map(), noLock, [], true, onDatabase, firstRun);
    } catch (error) {
      await database.close();
      throw error;
    }
  }

  /**
   * Locks `dataDir`, finishes interrupted batches, opens a datafile per stored model.
   * `dataDir` undefined keeps records in memory and touches no file.
   */
  static async open(
    models: readonly ModelSchema[],
    dataDir: string | undefined,
  ): Promise<ProjectData> {
    const stored = storedModels(models);
    const needsFiles = dataDir !== undefined && stored.length > 0;
    const firstRun = dataDir !== undefined && !existsSync(dataDir);
    const unlock = needsFiles ? await lockDataDir(dataDir) : async () => {};
    const byModel = new Map<string, OpenCollection>();
    try {
      // Issue 18: finish or undo a delete's multi-datafile batch a crash interrupted, first.
      const recovered = needsFiles ? await recoverBatches(dataDir) : [];
      // All at once: one datafile is parsed while the next is still being read (issue 15).
      const results = await Promise.allSettled(
        stored.map(({ model, options }) => openCollection(dataDir, model, options)),
      );
      stored.forEach(({ model, key }, i) => {
        const result = results[i]!;
        if (result.status === 'fulfilled')
          byModel.set(model.name, { collection: result.value, key });
      });
      // The first model's failure, as when they opened one by one; the others are closed below.
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
      return new ProjectData(
        dataDir,
        byModel,
        { unlock },
        [...recovered, ...warningsOf(byModel.values())],
        true,
        undefined,
        firstRun,
      );
    } catch (error) {
      await closeAll(byModel.values());
      await unlock();
      throw error;
    }
  }

  /**
   * The data of the version that replaces this one: unchanged collections are shared, new ones
   * opened. Nothing of this version is closed until {@link commit}; {@link abort} undoes.
   * Undefined when a datafile open here must reopen with other options (its ids or relation
   * indexes changed): then the caller closes this version first.
   */
  async successor(models: readonly ModelSchema[]): Promise<PendingData | undefined> {
    if (this.#onDatabase !== undefined) return this.#databaseSuccessor(models);
    const open = new Map([...this.#byModel.values()].map((o) => [o.key, o]));
    const openFiles = new Set([...open.keys()].map((key) => key.split('\0')[0]));
    const stored = storedModels(models);
    if (stored.some((s) => !open.has(s.key) && openFiles.has(s.model.path))) return undefined;
    const byModel = new Map<string, OpenCollection>();
    const opened: OpenCollection[] = [];
    try {
      for (const { model, options, key } of stored) {
        let entry = open.get(key);
        if (!entry) {
          entry = { collection: await openCollection(this.#dataDir, model, options), key };
          opened.push(entry);
        }
        byModel.set(model.name, entry);
      }
    } catch (error) {
      await closeAll(opened);
      throw error;
    }
    const next = new ProjectData(this.#dataDir, byModel, this.#lock, warningsOf(opened), false);
    return {
      data: next,
      commit: async () => {
        this.#owner = false;
        next.#owner = true;
        const kept = new Set(byModel.values());
        await closeAll([...this.#byModel.values()].filter((o) => !kept.has(o)));
      },
      abort: () => closeAll(opened),
    };
  }

  /**
   * On a database nothing needs reopening: the new version's tables are brought to its models
   * (refused, with the old version serving on, when that would lose data) and it gets stores of
   * its own on the same pool. A column added here is unused by the old version's statements.
   */
  async #databaseSuccessor(models: readonly ModelSchema[]): Promise<PendingData> {
    const { url, database, changes } = this.#onDatabase!;
    const { openPostgres } = await loadPostgres();
    const { address, stores } = await openPostgres(url, models, { database });
    const onDatabase = { url, database, name: address, stores, changes };
    const next = new ProjectData(undefined, new Map(), this.#lock, [], false, onDatabase);
    return {
      data: next,
      commit: async () => {
        this.#owner = false;
        next.#owner = true;
        changes.models = [...onDatabase.stores.keys()];
      },
      abort: async () => {},
    };
  }

  /** Closes this version's datafiles, then opens them for `models` (same folder, new options). */
  async reopen(models: readonly ModelSchema[]): Promise<ProjectData> {
    await this.close();
    return ProjectData.open(models, this.#dataDir);
  }

  /** Whether records live in datafiles (not in memory only). */
  get durable(): boolean {
    return this.#dataDir !== undefined;
  }

  /** The PostgreSQL database the default datasource lives in (`user@host:port/db`), if one. */
  get database(): string | undefined {
    return this.#onDatabase?.name;
  }

  /**
   * On a database, tells the other servers on it what `bus` publishes (issue 26: NOTIFY, once
   * per bus however many versions share it); nothing on the data folder.
   */
  relayChanges(bus: SharedChangeBus): void {
    this.#onDatabase?.changes.relay(bus);
  }

  /**
   * On a database, publishes on `bus` what the other servers on it write (a studio: LISTEN on
   * a connection of its own, until the database closes). Resolves once listening.
   */
  async listenForChanges(bus: SharedChangeBus): Promise<void> {
    await this.#onDatabase?.changes.listen(bus);
  }

  /** The store of a default-datasource model: its collection's, or its table's. */
  store(model: ModelSchema): ModelStore {
    if (this.#onDatabase !== undefined) {
      const store = this.#onDatabase.stores.get(model.name);
      if (!store) throw new Error(`no table is open for ${model.name}`);
      return store;
    }
    const indexes = model.relations.filter((r) => r.kind === 'belongTo').map((r) => r.field);
    return new CollectionStore(this.collection(model.name), indexes);
  }

  collection(model: string): Collection {
    const entry = this.#byModel.get(model);
    if (!entry) throw new Error(`no collection is open for ${model}`);
    return entry.collection;
  }

  /** Flushes and closes every datafile and releases the lock (or ends the pool), unless handed on. */
  async close(): Promise<void> {
    if (!this.#owner) return;
    this.#owner = false;
    if (this.#onDatabase !== undefined) {
      await this.#onDatabase.changes.close();
      await this.#onDatabase.database.close();
      return;
    }
    await Promise.all([...this.#byModel.values()].map((o) => o.collection.close()));
    await this.#lock.unlock();
  }
}

/** The next version's data, until the version that uses it is known to serve. */
export interface PendingData {
  readonly data: ProjectData;
  /** The new version serves: close what only the old one used; the lock moves on. */
  commit(): Promise<void>;
  /** The new version failed: close what was opened for it; the old one is untouched. */
  abort(): Promise<void>;
}

async function openCollection(
  dataDir: string | undefined,
  model: ModelSchema,
  options: CollectionOptions,
): Promise<Collection> {
  return dataDir === undefined
    ? new MemoryCollection(options)
    : await openFileCollection(join(dataDir, `${model.path}.db`), options);
}

async function closeAll(entries: Iterable<OpenCollection>): Promise<void> {
  await Promise.allSettled([...entries].map((o) => o.collection.close()));
}

function warningsOf(entries: Iterable<OpenCollection>): string[] {
  return [...entries].flatMap(({ collection }) =>
    'warnings' in collection ? (collection.warnings as string[]) : [],
  );
}
