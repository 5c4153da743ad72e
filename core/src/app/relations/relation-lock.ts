/**
 * A readers-writer lock per model (issue 5/7: no orphaned children). Writes that name a parent
 * hold the parent model's lock shared, from the existence check to the stored line; deleting a
 * parent holds it exclusively while its children are nulled, cascaded or counted. Shared
 * holders never wait for each other, so concurrent child writes still share appends.
 */
export class RelationLock {
  #readers = 0;
  #writer = false;
  #waiting: { exclusive: boolean; start: () => void }[] = [];

  /** Runs `fn` while no exclusive holder runs. */
  async shared<T>(fn: () => Promise<T>): Promise<T> {
    await this.#acquire(false);
    try {
      return await fn();
    } finally {
      this.#readers--;
      this.#drain();
    }
  }

  /** Runs `fn` alone. */
  async exclusive<T>(fn: () => Promise<T>): Promise<T> {
    await this.#acquire(true);
    try {
      return await fn();
    } finally {
      this.#writer = false;
      this.#drain();
    }
  }

  #acquire(exclusive: boolean): Promise<void> {
    // A waiting exclusive holder goes before later shared ones, so a delete is not starved.
    if (this.#waiting.length === 0 && this.#canStart(exclusive)) {
      this.#take(exclusive);
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push({ exclusive, start: resolve }));
  }

  #canStart(exclusive: boolean): boolean {
    return exclusive ? !this.#writer && this.#readers === 0 : !this.#writer;
  }

  #take(exclusive: boolean): void {
    if (exclusive) this.#writer = true;
    else this.#readers++;
  }

  #drain(): void {
    while (this.#waiting.length > 0 && this.#canStart(this.#waiting[0]!.exclusive)) {
      const next = this.#waiting.shift()!;
      this.#take(next.exclusive);
      next.start();
      if (next.exclusive) return;
    }
  }
}
