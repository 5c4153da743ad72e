/**
 * The typed client of the control API (CONTRACT §8), safe in a browser: it imports the wire
 * contract and the `eventsource` package only, never `node:*`. Every call carries the launch
 * token as `Authorization: Bearer …`; an error answer is thrown as a {@link ControlError}
 * holding the server's RFC 9457 problem. The event stream is server-sent events read through
 * `fetch` (the `eventsource` package's `fetch` option), so the token stays in a header instead
 * of a URL, and a dropped stream reconnects with `Last-Event-ID` to catch up.
 *
 * Every JSON operation goes through one {@link ControlClient.call}, typed from the operations
 * table (issue 43): the operation's name picks its path parameters, query, body and answer.
 * Only what is more than one JSON request has a method of its own: {@link
 * ControlClient.subscribe} (the event stream) and {@link ControlClient.putProjectFile} (a
 * file's raw bytes).
 *
 * @example
 * const client = new ControlClient({ baseUrl: 'http://127.0.0.1:4100', token });
 * const models = await client.call('listModels');
 * const todo = await client.call('patchRecord', {
 *   params: { model: 'Todo', id: 1 },
 *   body: { completed: true },
 * });
 * const stop = client.subscribe({ onBatch: (batch) => console.log(batch.events.length) });
 */
import { EventSource } from 'eventsource';

import {
  AUTH_SCHEME,
  CONTROL_OPERATIONS,
  CONTROL_PREFIX,
  type ControlOperationName,
  type ControlPayloads,
  EVENT_ID_HEADER,
  type EventBatch,
  type ProjectFileEntry,
  type RecordKey,
  type RecordQuery,
} from '../contract/control-api.js';
import { PROJECT_FILE_NAME_PARAM } from '../contract/requests-api.js';
import { ControlError, networkProblem, toProblem } from './control-error.js';

export { ControlError } from './control-error.js';
export type { RecordQuery } from '../contract/control-api.js';

export interface ControlClientOptions {
  /** The control API's origin, e.g. `http://127.0.0.1:4100` (no trailing slash needed). */
  baseUrl: string;
  token: string;
  /** Defaults to the global `fetch`; tests and the desktop shell may pass their own. */
  fetch?: typeof fetch;
}

/** The stream's state, for a "live" / "reconnecting" indicator. */
export type StreamState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface SubscribeOptions {
  onBatch(batch: EventBatch): void;
  onState?(state: StreamState): void;
  /**
   * Start with what the server's history still holds (the last exchanges and other events),
   * as a reconnecting client would: a reloaded page gets its traffic log back.
   */
  replayHistory?: boolean;
}

/**
 * The operations {@link ControlClient.call} sends: every one but the event stream
 * ({@link ControlClient.subscribe}) and the file upload, whose body is raw bytes
 * ({@link ControlClient.putProjectFile}).
 */
export type CallableOperation = Exclude<ControlOperationName, 'events' | 'putProjectFile'>;

/** The `:name` parts of a path: `'model' | 'id'` for `/models/:model/records/:id`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type PathNames<K extends ControlOperationName> = PathParamNames<
  (typeof CONTROL_OPERATIONS)[K]['path']
>;

type ParamsPart<K extends ControlOperationName> = [PathNames<K>] extends [never]
  ? { readonly params?: undefined }
  : { readonly params: Readonly<Record<PathNames<K>, RecordKey>> };

type QueryPart<K extends ControlOperationName> = ControlPayloads[K] extends { query: infer Q }
  ? { readonly query?: Q }
  : { readonly query?: undefined };

type BodyPart<K extends ControlOperationName> = ControlPayloads[K] extends { body: infer B }
  ? { readonly body: B }
  : { readonly body?: undefined };

/** How a call is sent, whatever the operation. */
export interface CallOptions {
  /** Aborting it aborts the call (it then rejects with the abort's reason). */
  readonly signal?: AbortSignal | undefined;
  /** Let the call outlive the page that made it (a write as the page goes away). */
  readonly keepalive?: boolean;
}

/**
 * What one call of `K` fills in, as its line of the operations table says: the path's
 * parameters (required when the path has any), the query, the body (required when the
 * operation takes one), and how it is sent.
 */
export type CallInput<K extends CallableOperation> = ParamsPart<K> &
  QueryPart<K> &
  BodyPart<K> &
  CallOptions;

/** What `K` answers. */
export type CallAnswer<K extends ControlOperationName> = ControlPayloads[K]['answer'];

/** The input may be left out when nothing in it is required (`call('listModels')`). */
type CallArgs<K extends CallableOperation> =
  Partial<CallInput<K>> extends CallInput<K> ? [input?: CallInput<K>] : [input: CallInput<K>];

/** An answer and the ids of the events the call caused on the stream ({@link EVENT_ID_HEADER}). */
export interface AnswerWithEvents<T> {
  readonly answer: T;
  /** In the order the stream delivers them; empty when the call changed nothing. */
  readonly eventIds: readonly number[];
}

/** One request as sent, whatever the operation: the typed input seen from the inside. */
interface Request {
  readonly params?: Readonly<Record<string, RecordKey>> | undefined;
  /** A {@link RecordQuery} or another operation's query of text values. */
  readonly query?: unknown;
  readonly body?: unknown;
  readonly signal?: AbortSignal | undefined;
  readonly keepalive?: boolean | undefined;
}

export class ControlClient {
  readonly baseUrl: string;
  readonly #token: string;
  readonly #fetch: typeof fetch;

  constructor(options: ControlClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#token = options.token;
    // Bound: a bare `fetch` reference called as a method throws "Illegal invocation" in browsers.
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /**
   * Calls the operation `name` with its method and path from the operations table, its path
   * parameters filled in, the query in the URL and the body as JSON; resolves its answer.
   *
   * @example
   * const page = await client.call('listRecords', {
   *   params: { model: 'Todo' },
   *   query: { limit: 50, sort: '-id' },
   * });
   */
  async call<K extends CallableOperation>(
    name: K,
    ...[input]: CallArgs<K>
  ): Promise<CallAnswer<K>> {
    return (await this.#send<K>(name, input)).answer;
  }

  /**
   * {@link call}, also resolving the ids of the events the call caused on the stream: the
   * window that wrote a record knows its own record-change event when it comes back (issue 43).
   */
  callWithEvents<K extends CallableOperation>(
    name: K,
    ...[input]: CallArgs<K>
  ): Promise<AnswerWithEvents<CallAnswer<K>>> {
    return this.#send<K>(name, input);
  }

  /** Issue 30/40: copies `file` into the project's `files/` as `name`; its bytes are the body. */
  async putProjectFile(name: string, file: Blob): Promise<ProjectFileEntry> {
    const sent = await this.#send<'putProjectFile'>('putProjectFile', {
      query: { [PROJECT_FILE_NAME_PARAM]: name },
      body: file,
    });
    return sent.answer;
  }

  /**
   * Reads the event stream until the returned function is called. Reconnects on its own
   * (SSE semantics) and sends `Last-Event-ID`, so the server replays what was missed; a batch
   * with `gap: true` says the history did not reach back far enough.
   */
  subscribe(options: SubscribeOptions): () => void {
    const token = this.#token;
    const doFetch = this.#fetch;
    const source = new EventSource(`${this.baseUrl}${CONTROL_PREFIX}/events`, {
      fetch: (url, init) => {
        const headers: Record<string, string> = {
          ...init.headers,
          Authorization: `${AUTH_SCHEME} ${token}`,
        };
        // The first connection has no Last-Event-ID; 0 asks for the whole history.
        const resuming = Object.keys(headers).some((k) => k.toLowerCase() === 'last-event-id');
        if (options.replayHistory && !resuming) headers['Last-Event-ID'] = '0';
        return doFetch(url, { ...init, headers });
      },
    });
    let closed = false;
    options.onState?.('connecting');
    source.addEventListener('open', () => options.onState?.('open'));
    source.addEventListener('error', () => {
      if (closed) return;
      options.onState?.(source.readyState === source.CLOSED ? 'closed' : 'reconnecting');
    });
    source.addEventListener('message', (event) => {
      let batch: EventBatch;
      try {
        batch = JSON.parse(String(event.data)) as EventBatch;
      } catch {
        return; // not a batch (a comment or keep-alive someone sent as data): nothing to apply
      }
      if (Array.isArray(batch.events)) options.onBatch(batch);
    });
    return () => {
      closed = true;
      source.close();
      options.onState?.('closed');
    };
  }

  /** Sends `name` as {@link CONTROL_OPERATIONS} says: its method, its path filled in. */
  async #send<K extends ControlOperationName>(
    name: K,
    request: Request = {},
  ): Promise<AnswerWithEvents<CallAnswer<K>>> {
    const { method, path } = CONTROL_OPERATIONS[name];
    const filled = path.replace(/:(\w+)/g, (_m, key: string) => {
      const value = request.params?.[key];
      if (value === undefined) throw new Error(`${name} needs :${key}`);
      return enc(String(value));
    });
    const target = `${filled}${toSearch((request.query ?? {}) as RecordQuery)}`;
    const headers: Record<string, string> = {
      Authorization: `${AUTH_SCHEME} ${this.#token}`,
      Accept: 'application/json',
    };
    const init: RequestInit = { method, headers };
    const { body, signal } = request;
    if (signal) init.signal = signal;
    if (request.keepalive) init.keepalive = true;
    if (body instanceof Blob) {
      // A file's bytes as they are (putProjectFile), not JSON.
      headers['Content-Type'] = 'application/octet-stream';
      init.body = body;
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    let response: Response;
    try {
      response = await this.#fetch(`${this.baseUrl}${CONTROL_PREFIX}${target}`, init);
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw new ControlError(networkProblem(target, cause), { cause });
    }
    const text = await response.text();
    if (!response.ok) throw new ControlError(toProblem(response.status, target, text));
    return {
      answer: (text === '' ? undefined : JSON.parse(text)) as CallAnswer<K>,
      eventIds: eventIdsOf(response.headers.get(EVENT_ID_HEADER)),
    };
  }
}

/** `Event-Id: 41, 42` as `[41, 42]`; anything that is not a list of ids as none. */
function eventIdsOf(header: string | null): number[] {
  if (header === null) return [];
  const ids = header.split(',').map((part) => Number(part.trim()));
  return ids.every((id) => Number.isSafeInteger(id) && id > 0) ? ids : [];
}

function enc(part: string): string {
  return encodeURIComponent(part);
}

function toSearch(query: RecordQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? (value as readonly (string | number)[]) : [value];
    for (const one of values) {
      if (one !== undefined && one !== '') params.append(key, String(one));
    }
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
