/**
 * The default datasource's store (CONTRACT §5): one NeDB-format datafile per model, served
 * from memory, every write acknowledged only once its line is in the file.
 *
 * Why not NeDB's engine (DESIGN "Known traps"): its `find().limit()` walks every document,
 * it cannot group writes, it silently drops up to 10 % corrupt lines, and it would keep a
 * second copy of every record beside our ordered index. We keep its file format only.
 */
import { mkdir, rename, stat, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';

import { CollectionClosedError, osCodeOf, StorageWriteError } from '../../errors.js';
import type { CollectionOptions } from '../collection.js';
import { metaLine } from '../datafile/datafile-format.js';
import { type LoadedDatafile, readDatafile } from '../datafile/datafile-load.js';
import { AppendLog } from './append-log.js';
import { compactDatafile, type CompactionSnapshot, compactionTempFile } from './compaction.js';
import { IndexedCollection } from './indexed-collection.js';

export interface FileCollectionOptions extends CollectionOptions {
  /** `fdatasync` after every append, for power loss too (default: off; CONTRACT §5 asks for kill -9). */
  fsync?: boolean;
  /**
   * Compact when the file holds more than `ratio` × live records + `slack` lines
   * (default 2 and 1,000); `false` for manual `compact()` only.
   */
  autoCompact?: { ratio?: number; slack?: number } | false;
}

/**
 * Opens (creating folder and file if missing) and loads a datafile.
 * Throws `LoadError` (`CORRUPT_DATAFILE`, naming `file:line`) for a corrupt line; a torn last
 * line is cut off and reported in `warnings`. An unwritable file still opens: reads work and
 * writes reject with a `StorageWriteError` carrying the OS code (issue 7).
 *
 * @example
 * ```ts
 * const todos = await openFileCollection('data/todos.db', { idKind: 'number', indexes: ['user'] });
 * await todos.insert({ content: 'buy milk', completed: false, user: 1 }); // { id: 1, … }
 * await todos.close();
 * ```
 */
export async function openFileCollection(
  file: string,
  options: FileCollectionOptions,
): Promise<FileCollection> {
  await mkdir(dirname(file), { recursive: true }).catch(() => undefined); // reported by the first write
  await recoverNedbTemp(file);
  await unlink(compactionTempFile(file)).catch(() => undefined); // left by a crash mid-compaction
  return FileCollection.load(file, options, await readDatafile(file, options.idKind));
}

export class FileCollection extends IndexedCollection {
  readonly file: string;
  /** Things the user should know that did not stop the collection (torn line, unwritable file). */
  readonly warnings: string[] = [];
  private readonly log: AppendLog;
  private readonly indexLines: string[];
  private readonly autoCompact: { ratio: number; slack: number } | undefined;
  private compacting: Promise<void> | undefined;
  private nextCompactionAt = 0;
  private closing = false;
  /** Why the datafile could not be opened for appending, while that lasts. */
  private unwritable: unknown;
  /** Batches whose journal may still need this datafile's lines as written (issue 18). */
  private compactionHolds = 0;

  /** @internal Use {@link openFileCollection}. */
  static async load(
    file: string,
    options: FileCollectionOptions,
    loaded: LoadedDatafile,
  ): Promise<FileCollection> {
    const collection = new FileCollection(file, options, loaded);
    await collection.ready(loaded);
    return collection;
  }

  private constructor(file: string, options: FileCollectionOptions, loaded: LoadedDatafile) {
    super(options.idKind, options.indexes);
    this.file = file;
    this.table.bulkLoad(loaded.records);
    for (const [id, key] of loaded.foreignKeys) this.foreignKeys.set(id, key);
    this.lastId = loaded.lastId;
    this.indexLines = [...loaded.indexLines.values()].map((line) => `${line}\n`);
    const auto = options.autoCompact;
    this.autoCompact =
      auto === false ? undefined : { ratio: auto?.ratio ?? 2, slack: auto?.slack ?? 1_000 };
    this.log = new AppendLog(
      file,
      {
        size: loaded.size,
        lines: loaded.lines,
        needsNewline: loaded.needsNewline,
        truncate: loaded.torn !== undefined,
      },
      { fsync: options.fsync ?? false, onCommit: () => this.maybeCompact() },
    );
  }

  /** Appends that reached the file; fewer than acknowledged writes under load (group commit). */
  get appendCount(): number {
    return this.log.appends;
  }

  /** Lines in the datafile, live or superseded (what compaction reclaims). */
  get fileLines(): number {
    return this.log.lines;
  }

  /** Creates the file, cuts a torn tail, compacts after one (issue 7). */
  private async ready(loaded: LoadedDatafile): Promise<void> {
    if (loaded.torn) {
      this.warnings.push(
        `${this.file}:${loaded.torn.line}: torn last line (${loaded.torn.reason}), left by an interrupted write; ` +
          `it was removed and the ${this.table.size} complete records before it loaded`,
      );
    }
    try {
      await this.log.prepare();
    } catch (error) {
      this.unwritable = error;
      this.warnings.push(
        `${this.file}: not writable (${osCodeOf(error)}); reads work, writes will fail`,
      );
      return;
    }
    if (loaded.torn) await this.compact().catch(() => undefined);
  }

  /**
   * Rewrites the datafile with only live records, while reads and writes go on. Resolves
   * when the new file is in place (the running compaction if one is under way).
   */
  compact(): Promise<void> {
    if (this.compacting) return this.compacting;
    if (this.compactionHolds > 0)
      return Promise.reject(new Error(`${this.file}: compaction waits for a batch in progress`));
    // Never rename a new file over a datafile we could not open for writing (read-only).
    if (!this.log.isOpen) return Promise.reject(new StorageWriteError(this.file, this.unwritable));
    const running = compactDatafile(this.file, this.log, () => this.snapshot()).then(
      () => {
        this.compacting = undefined;
      },
      (error: unknown) => {
        this.compacting = undefined;
        // Do not retry on every commit: wait until another `slack` lines were appended.
        this.nextCompactionAt = this.log.lines + (this.autoCompact?.slack ?? 1_000);
        this.warnings.push(
          `${this.file}: compaction failed (${osCodeOf(error)}: ${(error as Error).message})`,
        );
        throw error;
      },
    );
    this.compacting = running;
    return running;
  }

  /**
   * Keeps compaction from rewriting the datafile until the returned release is called: a
   * multi-datafile batch's recovery finds its lines by their marker (issue 18). Waits for a
   * running compaction first.
   */
  async holdCompaction(): Promise<() => void> {
    this.compactionHolds++;
    await this.compacting?.catch(() => undefined);
    let released = false;
    return () => {
      if (!released) this.compactionHolds--;
      released = true;
    };
  }

  /**
   * Holds appends (writes still apply to memory and queue, in order) until
   * {@link resumeAppends}; waits for the append in flight. For a batch writing its journal.
   */
  pauseAppends(): Promise<void> {
    return this.log.pause();
  }

  resumeAppends(): void {
    this.log.resume();
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.compacting?.catch(() => undefined);
    await this.log.close();
  }

  protected persist(text: string, lines: number, undo: () => void): Promise<void> {
    return this.log.append(text, lines, undo);
  }

  protected assertOpen(): void {
    if (this.closing) throw new CollectionClosedError(this.file);
  }

  private snapshot(): CompactionSnapshot {
    const header =
      this.idKind === 'number' ? [metaLine(this.lastId), ...this.indexLines] : [...this.indexLines];
    return { header, records: this.table.snapshot(), foreignKeys: new Map(this.foreignKeys) };
  }

  private maybeCompact(): void {
    const auto = this.autoCompact;
    if (!auto || this.compacting || this.closing || this.compactionHolds > 0) return;
    const lines = this.log.lines;
    if (lines > auto.ratio * this.table.size + auto.slack && lines >= this.nextCompactionAt) {
      this.compact().catch(() => undefined); // reported in `warnings`
    }
  }
}

/**
 * NeDB writes `<file>~` and renames it over the datafile; if it crashed in between, the
 * datafile may be missing and `<file>~` is the good copy (NeDB's `ensureDatafileIntegrity`).
 */
async function recoverNedbTemp(file: string): Promise<void> {
  const exists = (path: string) =>
    stat(path).then(
      () => true,
      () => false,
    );
  if (!(await exists(file)) && (await exists(`${file}~`)))
    await rename(`${file}~`, file).catch(() => undefined);
}
