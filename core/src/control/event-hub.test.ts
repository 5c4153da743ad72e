import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';

import { afterEach, describe, expect, it, vi } from 'vitest';

import type { TrafficEvent } from '../http/traffic.js';
import type { EventBatch, StudioEvent } from './contract.js';
import { TRAFFIC_HISTORY } from './contract.js';
import { EventHub } from './event-hub.js';

/** A stand-in response that records what the hub writes, parsed into batches. */
function fakeResponse(): { res: ServerResponse; batches: () => EventBatch[]; end: () => void } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (c: Buffer) => (text += c.toString()));
  const res = Object.assign(stream, { writeHead: () => res }) as unknown as ServerResponse;
  return {
    res,
    batches: () =>
      text
        .split('\n\n')
        .filter((m) => m.includes('data: '))
        .map((m) => JSON.parse(m.slice(m.indexOf('data: ') + 6)) as EventBatch),
    end: () => stream.destroy(),
  };
}

const traffic = (seq: number): StudioEvent => ({
  type: 'traffic',
  exchange: {
    seq,
    time: 0,
    method: 'GET',
    url: `/x/${seq}`,
    status: 200,
    durationMs: 1,
    requestHeaders: {},
    responseHeaders: {},
    requestBody: '',
    responseBody: '',
    requestTruncated: false,
    responseTruncated: false,
    requestBytes: 0,
    responseBytes: 0,
  },
});

/** An exchange as the mock API publishes it (headers and bodies captured). */
const exchange = (seq: number): TrafficEvent => ({
  seq,
  time: 0,
  method: 'GET',
  url: `/x/${seq}`,
  status: 200,
  durationMs: 1,
  requestBytes: 0,
  responseBytes: 2,
  capture: {
    requestHeaders: { host: 'h' },
    requestBody: [],
    requestBodyBytes: 0,
    responseHeaders: {},
    responseBody: '{}',
  },
});

let hub: EventHub | undefined;
afterEach(() => hub?.close());

describe('EventHub', () => {
  it('numbers events and keeps the last 1,000 exchanges for catch-up', () => {
    hub = new EventHub();
    for (let i = 1; i <= TRAFFIC_HISTORY + 50; i++) hub.publish(traffic(i));
    hub.publish({ type: 'records', model: 'Todo', op: 'create', ids: [1] });
    expect(hub.lastId).toBe(TRAFFIC_HISTORY + 51);
    const all = hub.since(0);
    expect(all.gap).toBe(true);
    expect(all.entries).toHaveLength(TRAFFIC_HISTORY + 1);
    expect(all.entries[0]!.id).toBe(51);
    expect(hub.since(hub.lastId + 5).gap).toBe(true); // an id from an earlier launch
    expect(hub.since(hub.lastId)).toEqual({ entries: [], gap: false });
    const recent = hub.since(TRAFFIC_HISTORY + 40);
    expect(recent.gap).toBe(false);
    expect(recent.entries.map((e) => e.id)).toEqual(
      Array.from({ length: 11 }, (_, i) => TRAFFIC_HISTORY + 41 + i),
    );
  });

  it('tells a new client where the stream is, then sends what it missed in one batch', () => {
    hub = new EventHub();
    hub.publish(traffic(1));
    hub.publish(traffic(2));
    const fresh = fakeResponse();
    hub.attach(fresh.res, undefined);
    expect(fresh.batches()).toEqual([{ lastId: 2, events: [] }]);
    const back = fakeResponse();
    hub.attach(back.res, 1);
    const [batch] = back.batches();
    expect(batch!.lastId).toBe(2);
    expect(batch!.events.map((e) => e.id)).toEqual([2]);
    fresh.end();
    back.end();
  });

  it('sends an exchange of the mock API exactly as the same event published as an object', () => {
    hub = new EventHub();
    const event = traffic(1) as Extract<StudioEvent, { type: 'traffic' }>;
    hub.publish(event);
    const exchange = { ...event.exchange, seq: 2, url: 'caf\u00e9 ✓' };
    hub.publishTraffic({
      ...exchange,
      capture: {
        requestHeaders: {},
        requestBody: [],
        requestBodyBytes: 0,
        responseHeaders: {},
        responseBody: '',
      },
    });
    hub.publish({ type: 'records', model: 'Todo', op: 'create', ids: [1] });
    const back = fakeResponse();
    hub.attach(back.res, 0);
    expect(back.batches()[0]!.events).toEqual([
      { id: 1, ...event },
      { id: 2, type: 'traffic', exchange },
      { id: 3, type: 'records', model: 'Todo', op: 'create', ids: [1] },
    ]);
    back.end();
  });

  it('reports its client count as clients come and go', async () => {
    const counts: number[] = [];
    hub = new EventHub((n) => counts.push(n));
    const a = fakeResponse();
    const b = fakeResponse();
    hub.attach(a.res, undefined);
    hub.attach(b.res, undefined);
    a.end();
    b.end();
    await new Promise((r) => setImmediate(r));
    expect(counts).toEqual([1, 2, 1, 0]);
  });

  it('sends a client 20,000 exchanges behind the count of those it missed, and keeps the rest', async () => {
    hub = new EventHub();
    const slow = fakeResponse();
    hub.attach(slow.res, undefined);
    // Published before any batch goes out: the client's queue fills, then overflows.
    const LIMIT = 20_000;
    const DROPPED = 7;
    for (let seq = 1; seq <= LIMIT + DROPPED; seq++) hub.publishTraffic(exchange(seq));
    hub.publish({ type: 'records', model: 'Todo', op: 'create', ids: [1] });
    const sent = () => slow.batches().flatMap((b) => b.events);
    await vi.waitFor(() => expect(sent()).toHaveLength(LIMIT + 1), { timeout: 30_000 });
    const batches = slow.batches();
    expect(batches.reduce((n, b) => n + (b.dropped ?? 0), 0)).toBe(DROPPED);
    expect(batches.some((b) => b.gap)).toBe(false);
    const seqs = sent().flatMap((e) => (e.type === 'traffic' ? [e.exchange.seq] : []));
    expect(seqs).toEqual(Array.from({ length: LIMIT }, (_, i) => i + 1));
    expect(sent().at(-1)).toMatchObject({ type: 'records', model: 'Todo' });

    // The history still holds the last exchanges, those no client was sent included.
    const back = fakeResponse();
    hub.attach(back.res, hub.lastId - 3);
    expect(
      back.batches()[0]!.events.map((e) => (e.type === 'traffic' ? e.exchange.url : e.type)),
    ).toEqual([`/x/${LIMIT + DROPPED - 1}`, `/x/${LIMIT + DROPPED}`, 'records']);
    slow.end();
    back.end();
  });
});
