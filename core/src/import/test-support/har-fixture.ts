/**
 * HAR 1.2 files for the tests (issue 46): entries built from plain exchanges, and a large file
 * written as a stream (never held whole in memory).
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

export interface HarExchange {
  method?: string;
  url: string;
  status?: number;
  mimeType?: string;
  /** The answer's body: JSON-stringified unless a string. */
  body?: unknown;
  /** Sent as `content.encoding: base64`. */
  base64?: Buffer;
  headers?: Record<string, string>;
  requestHeaders?: Record<string, string>;
  resourceType?: string;
}

const list = (headers: Record<string, string> = {}) =>
  Object.entries(headers).map(([name, value]) => ({ name, value }));

/** One `log.entries` item. */
export function harEntry(x: HarExchange): Record<string, unknown> {
  const mimeType = x.mimeType ?? 'application/json; charset=utf-8';
  const text =
    x.base64 !== undefined
      ? x.base64.toString('base64')
      : x.body === undefined
        ? undefined
        : typeof x.body === 'string'
          ? x.body
          : JSON.stringify(x.body);
  return {
    startedDateTime: '2024-05-02T09:14:03.120Z',
    time: 12,
    request: {
      method: x.method ?? 'GET',
      url: x.url,
      httpVersion: 'HTTP/1.1',
      headers: list(x.requestHeaders),
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: x.status ?? 200,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      headers: list({ 'Content-Type': mimeType, ...x.headers }),
      cookies: [],
      content: {
        size: text?.length ?? 0,
        mimeType,
        ...(text !== undefined ? { text } : {}),
        ...(x.base64 !== undefined ? { encoding: 'base64' } : {}),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 1, wait: 10, receive: 1 },
    ...(x.resourceType ? { _resourceType: x.resourceType } : {}),
  };
}

/** A HAR file's text. */
export function harText(exchanges: readonly HarExchange[]): string {
  return JSON.stringify(
    {
      log: {
        version: '1.2',
        creator: { name: 'decorest tests', version: '1' },
        pages: [],
        entries: exchanges.map(harEntry),
      },
    },
    null,
    2,
  );
}

/** Writes a HAR of `count` entries made by `make(i)` to `file`, an entry at a time. */
export async function writeLargeHar(
  file: string,
  count: number,
  make: (i: number) => HarExchange,
): Promise<void> {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(
    '{"log":{"version":"1.2","creator":{"name":"decorest tests","version":"1"},"entries":[\n',
  );
  for (let i = 0; i < count; i++)
    await write(`${i === 0 ? '' : ',\n'}${JSON.stringify(harEntry(make(i)))}`);
  await write('\n]}}\n');
  out.end();
  await once(out, 'finish');
}
