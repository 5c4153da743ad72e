import { describe, expect, it } from 'vitest';

import { TRAFFIC_BODY_LIMIT, type TrafficExchange } from '../contract/control-api.js';
import type { CapturedExchange, TrafficEvent } from '../http/traffic.js';
import { trafficEventJson } from './traffic-capture.js';

/** The exchange inside the event JSON, as a client parses it. */
const exchangeOf = (id: number, event: TrafficEvent): TrafficExchange => {
  const parsed = JSON.parse(trafficEventJson(id, event)) as {
    id: number;
    type: string;
    exchange: TrafficExchange;
  };
  expect(parsed).toMatchObject({ id, type: 'traffic' });
  return parsed.exchange;
};

const summary = {
  seq: 7,
  time: 1_795_633_771_296,
  method: 'POST',
  url: '/todos?x="quoted"&y=ü',
  status: 201,
  durationMs: 1.23456,
  requestBytes: 0,
  responseBytes: 14,
};

const capture = (over: Partial<CapturedExchange> = {}): CapturedExchange => ({
  requestHeaders: { host: '127.0.0.1:3000', 'content-type': 'application/json' },
  requestBody: [Buffer.from('{"title":"tea"}')],
  requestBodyBytes: 15,
  responseHeaders: { 'content-type': 'application/json', 'content-length': '14' },
  responseBody: '{"id":1,"ok":1}',
  ...over,
});

const cases: [string, TrafficEvent][] = [
  ['a summary only (no capture)', { ...summary }],
  ['string headers and bodies', { ...summary, capture: capture() }],
  [
    'array and number header values, an undefined one, and a tag',
    {
      ...summary,
      tag: 'proxied',
      capture: capture({
        requestHeaders: { cookie: 'a=1', 'x-list': ['one', 'two'], 'x-none': undefined },
        responseHeaders: { 'set-cookie': ['a=1', 'b=2'], 'content-length': 14, 'x-n': 3 },
      }),
    },
  ],
  [
    'text that needs escaping: quotes, newlines, control characters, emoji',
    {
      ...summary,
      capture: capture({
        responseBody: 'line "one"\nline\ttwo\u0001 \u2028 😀 \\ end',
        requestBody: [Buffer.from('é'), Buffer.from('ü\r\n')],
        requestBodyBytes: 6,
      }),
    },
  ],
  [
    'bodies past the limit, as a Buffer and as chunks (truncated)',
    {
      ...summary,
      responseBytes: TRAFFIC_BODY_LIMIT + 10,
      capture: capture({
        responseBody: Buffer.alloc(TRAFFIC_BODY_LIMIT + 10, 'a'),
        requestBody: [Buffer.alloc(TRAFFIC_BODY_LIMIT, 'b')],
        requestBodyBytes: TRAFFIC_BODY_LIMIT + 500,
      }),
    },
  ],
  ['no response body at all', { ...summary, capture: capture({ responseBody: undefined }) }],
  [
    'a request body partly kept (the rest came after the answer)',
    { ...summary, capture: capture({ requestBody: [Buffer.from('{"ti')], requestBodyBytes: 15 }) },
  ],
];

/** What the traffic view gets for an event, spelled the slow, plain way (CONTRACT §8, issue 12). */
function expected(event: TrafficEvent): TrafficExchange {
  const capture = event.capture;
  const text = (body: string | Buffer | readonly Buffer[] | undefined, total: number) => {
    if (body === undefined) return { text: '', truncated: total > 0 };
    const bytes =
      typeof body === 'string'
        ? Buffer.from(body)
        : Buffer.isBuffer(body)
          ? body
          : Buffer.concat(body);
    return {
      text: bytes.subarray(0, TRAFFIC_BODY_LIMIT).toString('utf8'),
      truncated:
        total > TRAFFIC_BODY_LIMIT ||
        bytes.length > TRAFFIC_BODY_LIMIT ||
        (typeof body !== 'string' && total > bytes.length),
    };
  };
  const headers = (h: Readonly<Record<string, unknown>> = {}) =>
    Object.fromEntries(
      Object.entries(h)
        .filter(([, v]) => v !== undefined)
        .map(([n, v]) => [n.toLowerCase(), Array.isArray(v) ? v.join(', ') : String(v)]),
    );
  const request = text(capture?.requestBody, capture?.requestBodyBytes ?? 0);
  const response = text(capture?.responseBody, event.responseBytes);
  return {
    seq: event.seq,
    time: event.time,
    method: event.method,
    url: event.url,
    status: event.status,
    durationMs: Math.round(event.durationMs * 1000) / 1000,
    requestHeaders: headers(capture?.requestHeaders),
    responseHeaders: headers(capture?.responseHeaders),
    requestBody: request.text,
    responseBody: response.text,
    requestTruncated: request.truncated,
    responseTruncated: response.truncated,
    requestBytes: capture?.requestBodyBytes ?? event.requestBytes,
    responseBytes: event.responseBytes,
    ...(event.tag ? { tag: event.tag } : {}),
  };
}

describe('trafficEventJson', () => {
  it.each(cases)('writes the exchange the traffic view expects: %s', (_, event) => {
    expect(exchangeOf(41, event)).toEqual(expected(event));
  });

  it('cuts a body at the limit (16 KiB) and flags it, and keeps a small one whole', () => {
    const written = exchangeOf(1, cases[4]![1]);
    expect(Buffer.byteLength(written.responseBody)).toBe(TRAFFIC_BODY_LIMIT);
    expect(written.responseTruncated).toBe(true);
    expect(written.requestTruncated).toBe(true);
    const small = exchangeOf(2, cases[1]![1]);
    expect(small).toMatchObject({ requestBody: '{"title":"tea"}', responseTruncated: false });
  });
});
