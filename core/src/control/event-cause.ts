/**
 * Issue 43: which events a control call caused. The call runs in its own async context
 * (`AsyncLocalStorage`); an event published from inside it, however deep (a record write's
 * change, published synchronously by the one write path), is noted on that call, and the
 * answer names it in its `Event-Id` header (`EVENT_ID_HEADER`). The studio window that wrote the record then
 * knows its own change when the stream brings it back, with no counting or guessing.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** More than any one write causes (a delete's cascades are one event per model): a bound. */
const MAX_IDS = 64;

/** The events one control call caused while it ran. */
export class EventCause {
  readonly #ids: number[] = [];
  #open = true;

  note(id: number): void {
    if (this.#open && this.#ids.length < MAX_IDS) this.#ids.push(id);
  }

  /**
   * Stops noting and answers the ids. Whatever the call started keeps its async context
   * (a server it started, a watcher it set up); what they publish later is not the call's.
   */
  close(): readonly number[] {
    this.#open = false;
    return this.#ids;
  }
}

const current = new AsyncLocalStorage<EventCause>();

/** Runs `work` as the call `cause` stands for. */
export function causing<T>(cause: EventCause, work: () => T): T {
  return current.run(cause, work);
}

/** Notes a published event on the call running now, if one is. */
export function noteEvent(id: number): void {
  current.getStore()?.note(id);
}

/** The `Event-Id` header's value: `41, 42`. */
export function eventIdHeader(ids: readonly number[]): string {
  return ids.join(', ');
}
