/**
 * Appends lines to a datafile with group commit (issue 6: "writes to the datafile grouped,
 * many acknowledged writes per append, without giving up 'acknowledged means in the
 * datafile'"; CONTRACT §5: a 2xx write survives `kill -9`).
 *
 * Every line queued during one turn of the event loop goes out in ONE write(2), made at the
 * end of that turn (`setImmediate`), and each waiter resolves after the write that carried its
 * line returned. The write is synchronous: a few KiB into the page cache cost microseconds,
 * less than the round trip through libuv's thread pool it replaced (issue 6 profile: that
 * round trip and its garbage were a fifth of a PATCH). A returned write(2) is in the kernel's
 * page cache, which survives the process being killed; `fsync: true` adds an `fdatasync` per
 * append (off the event loop) for power loss as well.
 *
 * On a failed append every queued entry is undone (newest first) and rejected with a
 * {@link StorageWriteError}, and the file is cut back to its last good length before the next
 * append, so a half-written batch can neither come back at the next load nor sit in the
 * middle of the file.
 */
import { type FileHandle, open } from 'node:fs/promises';

import { CollectionClosedError, StorageWriteError } from '../../errors.js';
import { writeAll, writeAllSync } from '../write-all.js';

interface Entry {
  seq: number;
  text: string;
  lines: number;
  undo: () => void;
  resolve: () => void;
  reject: (error: Error) => void;
}

/** Lines committed since compaction took its snapshot; it replays them onto the new file. */
export interface TailCapture {
  readonly fromSeq: number;
  texts: string[];
  lines: number;
  failed: boolean;
}

export interface AppendLogState {
  /** Bytes of good content; anything after it is cut before the first append. */
  size: number;
  lines: number;
  /** The last good line lacks its newline (a hand-written file): add one first. */
  needsNewline: boolean;
  /** The file holds more than `size` bytes (a torn line) to cut before appending. */
  truncate: boolean;
}

export class AppendLog {
  /** Number of write batches that reached the file (tests check group commit with it). */
  appends = 0;
  size: number;
  lines: number;
  private handle: FileHandle | undefined;
  private repair: { truncateTo: number | undefined; newline: boolean };
  private queue: Entry[] = [];
  private nextSeq = 0;
  private writing = false;
  private scheduled = false;
  private paused = false;
  private closed = false;
  private stoppedWaiters: Array<() => void> = [];
  private capture: TailCapture | undefined;

  constructor(
    readonly file: string,
    state: AppendLogState,
    private readonly options: { fsync: boolean; onCommit: () => void },
  ) {
    this.size = state.size;
    this.lines = state.lines;
    this.repair = {
      truncateTo: state.truncate ? state.size : undefined,
      newline: state.needsNewline,
    };
  }

  /** An append handle is open (false while the file cannot be opened for writing). */
  get isOpen(): boolean {
    return this.handle !== undefined;
  }

  get idle(): boolean {
    return !this.writing && this.queue.length === 0;
  }

  /** Queues `text` (whole lines); resolves once it is in the file. */
  append(text: string, lines: number, undo: () => void): Promise<void> {
    if (this.closed) return Promise.reject(new CollectionClosedError(this.file));
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ seq: this.nextSeq++, text, lines, undo, resolve, reject });
      this.schedule();
    });
  }

  /**
   * Opens (creating) the file for appending, cutting a torn tail and adding a missing final
   * newline first. Called at open; a failure here is retried by the next append.
   */
  async prepare(): Promise<FileHandle> {
    if (!this.handle) this.handle = await open(this.file, 'a');
    const handle = this.handle;
    if (this.repair.truncateTo !== undefined) {
      await handle.truncate(this.repair.truncateTo);
      this.size = this.repair.truncateTo;
      this.repair.truncateTo = undefined;
    }
    if (this.repair.newline) {
      await writeAll(handle, Buffer.from('\n'));
      this.size += 1;
      this.repair.newline = false;
    }
    return handle;
  }

  /** Resolves when nothing is queued or in flight. */
  async flush(): Promise<void> {
    while (!this.idle) await this.waitStopped();
  }

  /** Stops starting appends; resolves once none is in flight (queued lines stay queued). */
  pause(): Promise<void> {
    this.paused = true;
    return this.writing ? this.waitStopped() : Promise.resolve();
  }

  resume(): void {
    this.paused = false;
    this.schedule();
  }

  startCapture(): TailCapture {
    this.capture = { fromSeq: this.nextSeq, texts: [], lines: 0, failed: false };
    return this.capture;
  }

  stopCapture(): void {
    this.capture = undefined;
  }

  /** Continues on `handle` (a compacted file renamed over ours). Call while paused. */
  async swap(handle: FileHandle, size: number, lines: number): Promise<void> {
    const old = this.handle;
    this.handle = handle;
    this.size = size;
    this.lines = lines;
    this.repair = { truncateTo: undefined, newline: false };
    await old?.close().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
    if (this.handle && this.repair.truncateTo !== undefined)
      await this.prepare().catch(() => undefined);
    const handle = this.handle;
    this.handle = undefined;
    await handle?.close();
  }

  /** At the end of this turn of the event loop: every write issued in it joins the batch. */
  private schedule(): void {
    if (this.queue.length > 0 && !this.scheduled && !this.writing && !this.paused) {
      this.scheduled = true;
      setImmediate(() => void this.drain());
    }
  }

  private async drain(): Promise<void> {
    this.scheduled = false;
    if (this.writing) return;
    this.writing = true;
    try {
      while (this.queue.length > 0 && !this.paused) {
        const batch = this.queue;
        this.queue = [];
        await this.writeBatch(batch);
      }
    } finally {
      this.writing = false;
      const waiters = this.stoppedWaiters;
      this.stoppedWaiters = [];
      for (const wake of waiters) wake();
    }
  }

  private async writeBatch(batch: Entry[]): Promise<void> {
    let text = '';
    let lines = 0;
    for (const entry of batch) {
      text += entry.text;
      lines += entry.lines;
    }
    let goodSize: number | undefined;
    try {
      const handle = await this.prepare();
      goodSize = this.size;
      const buffer = Buffer.from(text, 'utf8');
      writeAllSync(handle.fd, buffer);
      if (this.options.fsync) await handle.datasync();
      this.size = goodSize + buffer.length;
      this.lines += lines;
      this.appends++;
    } catch (error) {
      this.fail(batch, error);
      // Cut whatever part of the batch may have landed, now (before any other append, as the
      // writer is still busy): complete lines left behind would bring back rolled-back writes
      // at the next load. If cutting fails too, the next append retries it first.
      if (goodSize !== undefined) {
        this.repair.truncateTo = goodSize;
        await this.prepare().catch(() => undefined);
      }
      return;
    }
    const capture = this.capture;
    if (capture) {
      for (const entry of batch) {
        if (entry.seq < capture.fromSeq) continue;
        capture.texts.push(entry.text);
        capture.lines += entry.lines;
      }
    }
    for (const entry of batch) entry.resolve();
    this.options.onCommit();
  }

  /**
   * Undoes the failed batch and everything queued after it, newest first, synchronously:
   * a write arriving later builds on the rolled-back state, never on a phantom record.
   */
  private fail(batch: Entry[], cause: unknown): void {
    const later = this.queue;
    this.queue = [];
    for (let i = later.length - 1; i >= 0; i--) later[i]!.undo();
    for (let i = batch.length - 1; i >= 0; i--) batch[i]!.undo();
    const error = new StorageWriteError(this.file, cause);
    for (const entry of batch) entry.reject(error);
    if (later.length > 0) {
      const queued = new StorageWriteError(
        this.file,
        cause,
        `not written: an earlier write to ${this.file} failed (${error.osCode})`,
      );
      for (const entry of later) entry.reject(queued);
    }
    if (this.capture) this.capture.failed = true;
  }

  private waitStopped(): Promise<void> {
    return new Promise((resolve) => this.stoppedWaiters.push(resolve));
  }
}
