/**
 * Holds writes back while a model edit changes what they mean (issue 24): a rename migrates
 * the records, the seed and the source, then reloads. A write validated by the old model in
 * that window stored the old key, and every later write of that record was refused. The edit
 * closes the gate, waits for the writes already inside to finish, does its work, and opens
 * it; writes that arrive meanwhile wait, then run against the new version. Reads wait only
 * for an edit that changes a database's tables (issue 26): the old version's statements name
 * columns that are gone from the moment the edit commits until the new version serves.
 */
import { problems } from '../errors.js';

/** A write waits this long for an edit, then gets a 503 with Retry-After. */
export const WRITE_WAIT_MS = 10_000;
/** An edit waits this long for the writes inside to finish, then is refused with a 503. */
export const DRAIN_WAIT_MS = 10_000;

export class WriteGate {
  #inside = 0;
  #drained: (() => void) | undefined;
  #held: Promise<void> | undefined;
  #readsHeld = false;
  /** One edit at a time holds the gate. */
  #queue: Promise<unknown> = Promise.resolve();

  get held(): boolean {
    return this.#held !== undefined;
  }

  /** Whether the edit holding the gate holds reads too (the hot path's one test for reads). */
  get readsHeld(): boolean {
    return this.#readsHeld;
  }

  /** Resolves once no edit holds the gate, or rejects with a 503 after {@link WRITE_WAIT_MS}. */
  async opened(): Promise<void> {
    const deadline = Date.now() + WRITE_WAIT_MS;
    while (this.#held !== undefined) {
      const left = deadline - Date.now();
      if (left <= 0) throw problems.reloading();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        this.#held,
        new Promise<void>((resolve) => (timer = setTimeout(resolve, left))),
      ]);
      clearTimeout(timer);
    }
  }

  /**
   * Lets one write in. Synchronous while the gate is open (the hot path: one branch); while an
   * edit holds it, resolves once it is open, or rejects with a 503 after {@link WRITE_WAIT_MS}.
   */
  enter(): (() => void) | Promise<() => void> {
    if (this.#held === undefined) return this.#admit();
    return this.#waitThenEnter();
  }

  async #waitThenEnter(): Promise<() => void> {
    await this.opened();
    return this.#admit();
  }

  #admit(): () => void {
    this.#inside++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      if (--this.#inside === 0) this.#drained?.();
    };
  }

  /**
   * Runs `work` with no write inside and none let in (nor a read, with `reads`); a 503 if
   * writes do not finish in time. Reads already running are not waited for: a database's
   * table lock does that.
   */
  hold<T>(work: () => Promise<T>, options: { reads?: boolean } = {}): Promise<T> {
    const run = this.#queue.then(async () => {
      let open!: () => void;
      this.#held = new Promise<void>((resolve) => (open = resolve));
      this.#readsHeld = options.reads === true;
      try {
        await this.#drain();
        return await work();
      } finally {
        this.#held = undefined;
        this.#readsHeld = false;
        open();
      }
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #drain(): Promise<void> {
    if (this.#inside === 0) return;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        new Promise<void>((resolve) => (this.#drained = resolve)),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(problems.reloading()), DRAIN_WAIT_MS);
        }),
      ]);
    } finally {
      clearTimeout(timer);
      this.#drained = undefined;
    }
  }
}
