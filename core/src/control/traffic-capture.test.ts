import { describe, expect, it } from 'vitest';

import type { CapturedExchange, TrafficEvent } from '../http/traffic.js';
import { TRAFFIC_BODY_LIMIT } from './contract.js';
import { toTrafficExchange, trafficExchangeJson } from './traffic-capture.js';

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
];

describe('trafficExchangeJson', () => {
  it.each(cases)('writes what toTrafficExchange says an exchange is: %s', (_, event) => {
    const written: unknown = JSON.parse(trafficExchangeJson(event));
    expect(written).toEqual(JSON.parse(JSON.stringify(toTrafficExchange(event))));
  });
});
