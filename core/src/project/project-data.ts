/**
 * The datafiles one project version serves from, and the data folder's lock. A hot reload
 * (issue 15) hands them to the next version: a model whose datafile and options did not change
 * keeps its open collection (no re-read, no write lost in a close/reopen gap); only what the new
 * version adds is opened, and only what it drops is closed, once it is serving.
 */
import { join } from 'node:path';

import type { ModelSchema } from '../model/schema.js';
import { recoverBatches } from '../persistence/batch/batch-recovery.js';
import type { Collection, CollectionOptions } from '../persistence/collection.js';
import { openFileCollection } from '../persistence/collections/file-collection.js';
import { MemoryCollection } from '../persistence/collections/memory-collection.js';
import { lockDataDir } from './data-lock.js';

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
  /** Whether `close()` closes: not before a successor serves, nor after handing on. */
  #owner: boolean;
  readonly warnings: readonly string[];

  private constructor(
    dataDir: string | undefined,
    byModel: Map<string, OpenCollection>,
    lock: { unlock: () => Promise<void> },
    warnings: readonly string[],
    owner: boolean,
  ) {
    this.#owner = owner;
    this.#dataDir = dataDir;
    this.#byModel = byModel;
    this.#lock = lock;
    this.warnings = warnings;
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

  /** Closes this version's datafiles, then opens them for `models` (same folder, new options). */
  async reopen(models: readonly ModelSchema[]): Promise<ProjectData> {
    await this.close();
    return ProjectData.open(models, this.#dataDir);
  }

  /** Whether records live in datafiles (not in memory only). */
  get durable(): boolean {
    return this.#dataDir !== undefined;
  }

  collection(model: string): Collection {
    const entry = this.#byModel.get(model);
    if (!entry) throw new Error(`no collection is open for ${model}`);
    return entry.collection;
  }

  /** Flushes and closes every datafile and releases the lock, unless handed on. */
  async close(): Promise<void> {
    if (!this.#owner) return;
    this.#owner = false;
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
