/**
 * The proxy's recorder (issue 46): each exchange the proxy forwards is written to the journal
 * as it completes, its secrets dropped first, and memory stays within two bounds however many
 * answers stream at once: {@link RECORDING_BODY_LIMIT} of one answer and
 * {@link RECORDING_MEMORY_LIMIT} of all the answers in flight. An answer past either streams
 * through to its client unchanged and is journalled with its size, as not recorded.
 */
import type { IncomingHttpHeaders } from 'node:http';

import type { ProxiedExchange, ProxyRecorder } from '../http/proxy-recorder.js';
import { bodyText, withoutSecrets } from '../import/recorded-exchange.js';
import type { ExchangeLine, JournalWriter } from './journal.js';

/** Bytes of one answer a recording keeps (the rest of a larger one is streamed, not kept). */
export const RECORDING_BODY_LIMIT = 5 * 1024 * 1024;

/** Bytes of all the answers in flight a recording holds at once. */
export const RECORDING_MEMORY_LIMIT = 64 * 1024 * 1024;

export interface RecorderOptions {
  /** Secret headers to keep, lower-case (`--keep-header`). */
  keepHeaders?: ReadonlySet<string>;
  bodyLimit?: number;
  memoryLimit?: number;
  /** After each exchange is journalled (the studio counts them). */
  onRecord?: (count: number) => void;
}

const NONE: ReadonlySet<string> = new Set();

export class JournalRecorder implements ProxyRecorder {
  #held = 0;
  readonly #keep: ReadonlySet<string>;
  readonly bodyLimit: number;
  readonly memoryLimit: number;

  constructor(
    readonly journal: JournalWriter,
    readonly options: RecorderOptions = {},
  ) {
    this.#keep = options.keepHeaders ?? NONE;
    this.bodyLimit = options.bodyLimit ?? RECORDING_BODY_LIMIT;
    this.memoryLimit = options.memoryLimit ?? RECORDING_MEMORY_LIMIT;
  }

  /** Exchanges journalled. */
  get count(): number {
    return this.journal.count;
  }

  hold(bytes: number, held: number): boolean {
    if (held + bytes > this.bodyLimit || this.#held + bytes > this.memoryLimit) return false;
    this.#held += bytes;
    return true;
  }

  release(held: number): void {
    this.#held -= held;
  }

  record(exchange: ProxiedExchange): void {
    this.journal.append(this.#lineOf(exchange));
    this.options.onRecord?.(this.journal.count);
  }

  #lineOf(x: ProxiedExchange): ExchangeLine {
    const headers = withoutSecrets(x.headers as Record<string, string | string[]>, this.#keep);
    const line = {
      t: x.time,
      method: x.method.toUpperCase(),
      url: x.url,
      status: x.status,
      request: withoutSecrets(x.requestHeaders as IncomingHttpHeaders, this.#keep),
      headers,
    };
    if (x.body === undefined) {
      const limit = x.bytes > this.bodyLimit ? this.bodyLimit : this.memoryLimit;
      const reason = x.bytes > this.bodyLimit ? ('limit' as const) : ('busy' as const);
      return { ...line, skipped: { reason, bytes: x.bytes, limit } };
    }
    if (x.bytes === 0) return line;
    const bytes = x.body.length === 1 ? x.body[0]! : Buffer.concat(x.body);
    const coding = headers['content-encoding'];
    // Decoded when the journal is read, not here: the exchange's cost stays a write.
    if (coding !== undefined && coding !== 'identity')
      return { ...line, encoded: { coding, base64: bytes.toString('base64') } };
    const read = bodyText(bytes, headers['content-type']);
    return 'body' in read ? { ...line, body: read.body } : { ...line, skipped: read.skipped };
  }
}
