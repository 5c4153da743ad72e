/** One answered request, as the console log and the studio's traffic view show it. */
export interface TrafficEvent {
  /** Increases by one per request within a server's life. */
  readonly seq: number;
  /** Epoch milliseconds when the request arrived. */
  readonly time: number;
  readonly method: string;
  /** Path and query string as sent. */
  readonly url: string;
  readonly status: number;
  readonly durationMs: number;
  readonly requestBytes: number;
  readonly responseBytes: number;
}

export type TrafficListener = (event: TrafficEvent) => void;

/**
 * Publishes every answered request to its subscribers. A listener that throws is dropped from
 * that event only; it never breaks serving.
 */
export class TrafficBus {
  #listeners: TrafficListener[] = [];
  #seq = 0;

  /** Subscribes; returns the function that unsubscribes. */
  subscribe(listener: TrafficListener): () => void {
    this.#listeners = [...this.#listeners, listener];
    return () => {
      this.#listeners = this.#listeners.filter((l) => l !== listener);
    };
  }

  get hasListeners(): boolean {
    return this.#listeners.length > 0;
  }

  nextSeq(): number {
    return ++this.#seq;
  }

  publish(event: TrafficEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // A broken subscriber must not turn into a broken response.
      }
    }
  }
}
