/**
 * Holds writes back while a model edit changes what they mean (issue 24): a rename migrates
 * the records, the seed and the source, then reloads. A write validated by the old model in
 * that window stored the old key, and every later write of that record was refused. The edit
 * closes the gate, waits for the writes already inside to finish, does its work, and opens
 * it; writes that arrive meanwhile wait, then run against the new version. Reads never wait.
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
  /** One edit at a time holds the gate. */
  #queue: Promise<unknown> = Promise.resolve();

  get held(): boolean {
    return this.#held !== undefined;
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

  /** Runs `work` with no write inside and none let in; a 503 if writes do not finish in time. */
  hold<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(async () => {
      let open!: () => void;
      this.#held = new Promise<void>((resolve) => (open = resolve));
      try {
        await this.#drain();
        return await work();
      } finally {
        this.#held = undefined;
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
