/**
 * The event hub's history, one {@link Entry} per published event, and the {@link Mark}s that
 * clients' cursors are (event-hub.ts): where the stream stands after an event, so the difference
 * between two marks says what lies between them without walking it.
 */
import type { TrafficEvent } from '../http/traffic.js';
import type { Span } from './byte-log.js';

const NOT_WRITTEN = Buffer.alloc(0);

/**
 * Where the stream stands after an event: how many events of each kind and how many bytes were
 * published up to it. A client's cursor is one of these; the difference between two says what
 * lies between them without walking it.
 */
export interface Mark {
  readonly id: number;
  readonly traffic: number;
  readonly other: number;
  readonly bytes: number;
}

export const START: Mark = { id: 0, traffic: 0, other: 0, bytes: 0 };

/** A copy of `mark`: a cursor must not keep an entry (its capture, its chunk) alive. */
export const markOf = (m: Mark): Mark => ({
  id: m.id,
  traffic: m.traffic,
  other: m.other,
  bytes: m.bytes,
});

/**
 * One event, and the {@link Mark} just after it (one object per event: this runs per request
 * of the mock API while a client listens). Its bytes are in the byte log once written; an
 * exchange that no client has needed yet keeps its capture instead and is written when one
 * does, so an exchange skipped by every client is never turned into text.
 */
export class Entry implements Span, Mark {
  chunk = NOT_WRITTEN;
  start = 0;
  end = 0;
  readonly id: number;
  readonly traffic: number;
  readonly other: number;
  readonly bytes: number;
  constructor(
    before: Mark,
    readonly isTraffic: boolean,
    /** Bytes counted for the history and the queues: exact once written, estimated before. */
    readonly size: number,
    public exchange: TrafficEvent | undefined,
  ) {
    this.id = before.id + 1;
    this.traffic = before.traffic + (isTraffic ? 1 : 0);
    this.other = before.other + (isTraffic ? 0 : 1);
    this.bytes = before.bytes + size;
  }

  /** The mark just before this event. */
  before(): Mark {
    return {
      id: this.id - 1,
      traffic: this.traffic - (this.isTraffic ? 1 : 0),
      other: this.other - (this.isTraffic ? 0 : 1),
      bytes: this.bytes - this.size,
    };
  }
}

/** Index of the first entry from `lo` with an id above `id` (ids increase along the array). */
export function firstAfter(entries: readonly Entry[], id: number, lo = 0): number {
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (entries[mid]!.id <= id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
