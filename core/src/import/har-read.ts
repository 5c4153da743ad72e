/**
 * A HAR 1.2 file (a browser's "Save all as HAR", a proxy's export) as an import plan
 * (issue 46): its entries go through the recording's own planner (`traffic-plan.ts`), one at a
 * time, read from the file in chunks (`json-array-split.ts`), so memory holds one entry and
 * what the plan keeps (the distinct records, one answer per route), never the whole file.
 *
 * A browser's HAR holds the page's scripts, styles, images and third-party calls beside the
 * API's: only exchanges a page's code made (`_resourceType` xhr or fetch, when the browser
 * says) that answered data are read, and the API is the origin that answered the most JSON.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';

import { ImportError, type ImportNote, type ImportPlan } from './import-plan.js';
import { JsonArraySplitter } from './json-array-split.js';
import {
  bodyText,
  exchangesText,
  type RecordedExchange,
  sizeText,
  withoutSecrets,
} from './recorded-exchange.js';
import { TrafficPlanner } from './traffic-plan.js';

/** An entry longer than this (in characters) is skipped: one answer of 64 MB is no mock's. */
export const HAR_ENTRY_LIMIT = 64 * 1024 * 1024;

/** Origins told apart; exchanges with more are counted as others. */
const MAX_ORIGINS = 64;

/** Answers that are a page's own files, not an API's data. */
const PAGE_FILE = /^(text\/(html|css|javascript)|application\/(x-)?javascript)/i;

/** What a page's code fetched (Chrome's and Firefox's `_resourceType`). */
const FETCHED = new Set(['xhr', 'fetch']);

export interface HarReadOptions {
  /** Secret headers to keep (lower-case): `--keep-header`. */
  keepHeaders?: ReadonlySet<string>;
}

interface HarHeader {
  name?: unknown;
  value?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function headerRecord(list: unknown): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  if (!Array.isArray(list)) return out;
  for (const h of list as HarHeader[]) {
    if (!isObject(h) || typeof h.name !== 'string' || typeof h.value !== 'string') continue;
    const name = h.name.toLowerCase();
    // HTTP/2 pseudo-headers (`:status`) are the transport's.
    if (name.startsWith(':')) continue;
    const before = out[name];
    out[name] = before === undefined ? h.value : [...[before].flat(), h.value];
  }
  return out;
}

/** Reads entries into one planner per origin and plans the API's. */
class HarReader {
  readonly #planners = new Map<string, { planner: TrafficPlanner; data: number }>();
  readonly #skipped = new Map<string, number>();
  #entries = 0;
  #otherOrigins = 0;

  constructor(
    readonly file: string,
    readonly options: HarReadOptions,
  ) {}

  get entries(): number {
    return this.#entries;
  }

  entry(text: string): void {
    this.#entries++;
    let entry: unknown;
    try {
      entry = JSON.parse(text);
    } catch (error) {
      throw new ImportError(
        this.file,
        undefined,
        `entry ${this.#entries} of log.entries is not JSON: ${(error as Error).message}`,
      );
    }
    if (!isObject(entry) || !isObject(entry.request) || !isObject(entry.response))
      return this.#skip('entries without a request and a response');
    const { request, response } = entry;
    if (typeof request.url !== 'string' || typeof request.method !== 'string')
      return this.#skip('entries without a request URL and method');
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return this.#skip('entries whose URL is not absolute');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return this.#skip(`${url.protocol} entries (not HTTP)`);
    const kind = entry._resourceType;
    if (typeof kind === 'string' && !FETCHED.has(kind))
      return this.#skip(`the page's own ${kind} requests (not made by its code)`);
    const status = typeof response.status === 'number' ? response.status : 0;
    // A request that got no answer (blocked, cancelled) has status 0.
    if (status === 0) return this.#skip('requests that got no answer (status 0)');
    const content = isObject(response.content) ? response.content : {};
    const mimeType = typeof content.mimeType === 'string' ? content.mimeType : undefined;
    if (mimeType !== undefined && PAGE_FILE.test(mimeType))
      return this.#skip(`${mimeType.split(';')[0]} answers (a page's files, not an API's data)`);
    const headers = withoutSecrets(
      headerRecord(response.headers),
      this.options.keepHeaders ?? new Set(),
    );
    if (mimeType !== undefined && headers['content-type'] === undefined)
      headers['content-type'] = mimeType;
    const exchange = { method: request.method, url: url.pathname + url.search, status, headers };
    const body = this.#body(content, headers['content-type']);
    this.#planner(url.origin, body.data)?.add({ ...exchange, ...body.parts });
  }

  #body(
    content: Record<string, unknown>,
    type: string | undefined,
  ): { parts: Pick<RecordedExchange, 'body' | 'skipped'>; data: boolean } {
    const text = typeof content.text === 'string' ? content.text : undefined;
    if (text === undefined || text === '') return { parts: {}, data: false };
    if (content.encoding === 'base64') {
      const read = bodyText(Buffer.from(text, 'base64'), type);
      return 'body' in read
        ? { parts: { body: read.body }, data: /json/i.test(type ?? '') }
        : { parts: { skipped: read.skipped }, data: false };
    }
    return { parts: { body: text }, data: /json/i.test(type ?? '') };
  }

  #planner(origin: string, data: boolean): TrafficPlanner | undefined {
    let found = this.#planners.get(origin);
    if (!found) {
      if (this.#planners.size >= MAX_ORIGINS) {
        this.#otherOrigins++;
        return undefined;
      }
      found = {
        planner: new TrafficPlanner({ source: { kind: 'har', file: this.file } }),
        data: 0,
      };
      this.#planners.set(origin, found);
    }
    if (data) found.data++;
    return found.planner;
  }

  #skip(why: string): void {
    this.#skipped.set(why, (this.#skipped.get(why) ?? 0) + 1);
  }

  tooLarge(chars: number): void {
    this.#entries++;
    this.#skip(`entries over ${sizeText(HAR_ENTRY_LIMIT)} (${sizeText(chars)} and such)`);
  }

  async plan(): Promise<ImportPlan> {
    const ranked = [...this.#planners.entries()].sort(
      (a, b) => b[1].data - a[1].data || b[1].planner.exchanges - a[1].planner.exchanges,
    );
    const api = ranked[0];
    if (!api)
      throw new ImportError(
        this.file,
        undefined,
        `holds no exchange with an API (${this.#entries} entries${this.#skipReasons()})`,
      );
    const plan = await api[1].planner.plan();
    const notes: ImportNote[] = [
      {
        kind: 'guess',
        at: 'log.entries',
        text: `${api[0]} is the API (it answered the most JSON): ${api[1].planner.exchanges} of ${this.#entries} entries`,
      },
    ];
    for (const [origin, { planner }] of ranked.slice(1))
      notes.push({
        kind: 'not-imported',
        at: origin,
        text: `${exchangesText(planner.exchanges)} with another origin: not imported`,
      });
    if (this.#otherOrigins > 0)
      notes.push({
        kind: 'not-imported',
        at: 'log.entries',
        text: `${exchangesText(this.#otherOrigins)} with ${MAX_ORIGINS}+ other origins: not imported`,
      });
    for (const [why, count] of this.#skipped)
      notes.push({ kind: 'not-imported', at: 'log.entries', text: `${count} ${why}` });
    return { ...plan, notes: [...notes, ...plan.notes] };
  }

  #skipReasons(): string {
    const reasons = [...this.#skipped.entries()].map(([why, n]) => `${n} ${why}`);
    return reasons.length > 0 ? `: ${reasons.join(', ')}` : '';
  }
}

function splitterFor(reader: HarReader): JsonArraySplitter {
  return new JsonArraySplitter(
    ['log', 'entries'],
    { element: (text) => reader.entry(text), tooLarge: (chars) => reader.tooLarge(chars) },
    HAR_ENTRY_LIMIT,
  );
}

function finish(file: string, splitter: JsonArraySplitter, reader: HarReader): void {
  if (!splitter.found)
    throw new ImportError(file, undefined, 'is not a HAR file: it has no "log": { "entries": [] }');
  if (!splitter.complete)
    throw new ImportError(
      file,
      undefined,
      `ends inside log.entries, after ${reader.entries} entries: the file is cut short`,
    );
}

/**
 * The plan of a HAR file's text already in memory (the studio sends it).
 *
 * @example
 * ```ts
 * const plan = await readHar('api.har', text);
 * plan.models.map((m) => m.name); // ['User', 'Post']
 * ```
 */
export async function readHar(
  file: string,
  text: string,
  options: HarReadOptions = {},
): Promise<ImportPlan> {
  const reader = new HarReader(file, options);
  const splitter = splitterFor(reader);
  splitter.write(text);
  finish(file, splitter, reader);
  return reader.plan();
}

/** The plan of a HAR file, read in chunks: memory holds one entry at a time. */
export async function readHarFile(file: string, options: HarReadOptions = {}): Promise<ImportPlan> {
  try {
    if (!(await stat(file)).isFile()) throw new ImportError(file, undefined, 'is not a file');
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError(file, undefined, `cannot be read (${(error as Error).message})`);
  }
  const reader = new HarReader(file, options);
  const splitter = splitterFor(reader);
  const decoder = new StringDecoder('utf8');
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 }))
    splitter.write(decoder.write(chunk as Buffer));
  splitter.write(decoder.end());
  finish(file, splitter, reader);
  return reader.plan();
}
