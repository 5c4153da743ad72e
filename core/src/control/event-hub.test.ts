import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { PassThrough } from 'node:stream';

import { afterEach, describe, expect, it, vi } from 'vitest';

import type { EventBatch, StudioEvent } from '../contract/control-api.js';
import { TRAFFIC_HISTORY } from '../contract/control-api.js';
import type { TrafficEvent } from '../http/traffic.js';
import { CLIENT_QUEUE_BYTES, EventHub } from './event-hub.js';

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

  it('sends up-to-date clients the newest exchanges that fit a batch, and counts the rest', () => {
    hub = new EventHub();
    const live = fakeResponse();
    hub.attach(live.res, undefined);
    // Published within one tick: more than a batch takes.
    const BATCH = 2_000;
    const DROPPED = 7;
    for (let seq = 1; seq <= BATCH + DROPPED; seq++) hub.publishTraffic(exchange(seq));
    hub.publish({ type: 'records', model: 'Todo', op: 'create', ids: [1] });
    hub.flush();
    const [, batch] = live.batches();
    expect(batch!.gap).toBeUndefined();
    // A batch holds at most 2,000 events and BATCH_BYTES: the newest exchanges, in order.
    const seqs = batch!.events.flatMap((e) => (e.type === 'traffic' ? [e.exchange.seq] : []));
    expect(seqs.length).toBeLessThanOrEqual(BATCH);
    expect(batch!.dropped).toBe(BATCH + DROPPED - seqs.length);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => batch!.dropped! + 1 + i));
    expect(batch!.events.at(-1)).toMatchObject({ type: 'records', model: 'Todo' });

    // The history still holds the last exchanges for a client that reconnects.
    const back = fakeResponse();
    hub.attach(back.res, hub.lastId - 3);
    expect(
      back.batches()[0]!.events.map((e) => (e.type === 'traffic' ? e.exchange.url : e.type)),
    ).toEqual([`/x/${BATCH + DROPPED - 1}`, `/x/${BATCH + DROPPED}`, 'records']);
    live.end();
    back.end();
  });

  it('writes one message, the same buffer, to every up-to-date client (issue 24 §3)', () => {
    hub = new EventHub();
    const written: unknown[][] = [];
    const clients = Array.from({ length: 50 }, () => {
      const client = fakeResponse();
      const chunks: unknown[] = [];
      const write = client.res.write.bind(client.res);
      client.res.write = ((chunk: Buffer) => {
        chunks.push(chunk);
        return write(chunk);
      }) as typeof client.res.write;
      written.push(chunks);
      hub!.attach(client.res, undefined);
      return client;
    });
    for (let seq = 1; seq <= 30; seq++) hub.publishTraffic(exchange(seq));
    hub.flush();
    const messages = written.map((chunks) => chunks.at(-1));
    expect(new Set(messages).size).toBe(1);
    expect(clients[49]!.batches()[1]!.events).toHaveLength(30);
    for (const client of clients) client.end();
  });

  it('gives a client that was behind what it missed, then the shared message', () => {
    hub = new EventHub();
    const a = fakeResponse();
    hub.attach(a.res, undefined);
    hub.publishTraffic(exchange(1));
    hub.flush();
    hub.publishTraffic(exchange(2));
    // Attached between ticks, asking for everything: its first message is the history.
    const b = fakeResponse();
    hub.attach(b.res, 0);
    hub.publishTraffic(exchange(3));
    hub.flush();
    hub.publishTraffic(exchange(4));
    hub.flush();
    const seqs = (client: ReturnType<typeof fakeResponse>) =>
      client
        .batches()
        .flatMap((batch) => batch.events)
        .map((e) => (e.type === 'traffic' ? e.exchange.seq : 0));
    expect(seqs(a)).toEqual([1, 2, 3, 4]);
    expect(seqs(b)).toEqual([1, 2, 3, 4]);
    expect(b.batches().map((batch) => batch.lastId)).toEqual([2, 3, 4]);
    a.end();
    b.end();
  });
});

/** An exchange with `kib` KiB bodies each way, as a large POST echoed back publishes it. */
const large = (seq: number, kib: number): TrafficEvent => {
  const body = Buffer.alloc(kib * 1024, 'x');
  return {
    ...exchange(seq),
    method: 'POST',
    requestBytes: body.length,
    responseBytes: body.length,
    capture: {
      requestHeaders: { host: 'h', 'content-type': 'application/json' },
      requestBody: [body],
      requestBodyBytes: body.length,
      responseHeaders: {},
      responseBody: body,
    },
  };
};

describe('EventHub with a client that never reads (issue 24 §3)', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  it('holds at most its budget for it, then resyncs it with the count of what it missed', async () => {
    hub = new EventHub();
    let response: ServerResponse | undefined;
    server = createServer((_req, res) => {
      response = res;
      hub!.attach(res, undefined);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    // HTTP/1.0: the stream comes unchunked, as plain text to parse.
    socket.write('GET /events HTTP/1.0\r\n\r\n');
    await once(socket, 'data');
    socket.pause();

    // Until the kernel's buffers are full and the hub holds the client back: about 10 MB on
    // loopback; 64 rounds of 16 exchanges of 32 KiB (each cut to 16 KiB bodies) are 40 MB.
    let published = 0;
    let maxWritten = 0;
    let heldBack = 0;
    for (let round = 0; round < 64; round++) {
      for (let i = 0; i < 16; i++) hub.publishTraffic(large(++published, 32));
      hub.flush();
      await new Promise((r) => setImmediate(r));
      const [queue] = hub.queues();
      maxWritten = Math.max(maxWritten, queue!.writtenBytes);
      if (queue!.writtenBytes > CLIENT_QUEUE_BYTES / 2) heldBack++;
    }
    expect(maxWritten).toBeLessThanOrEqual(CLIENT_QUEUE_BYTES);
    expect(heldBack).toBeGreaterThan(0);
    expect(hub.queues()[0]!.behindBytes).toBeGreaterThan(CLIENT_QUEUE_BYTES);

    // It reads again: once its socket has taken what was written, the next tick resyncs it.
    socket.resume();
    if (response!.writableLength > 0) await once(response!, 'drain');
    hub.flush();
    hub.publish({ type: 'records', model: 'Marker', op: 'create', ids: [1] });
    hub.flush();
    await vi.waitFor(
      () => expect(Buffer.concat(received).includes('"model":"Marker"')).toBe(true),
      { timeout: 10_000, interval: 5 },
    );
    socket.destroy();
    const text = Buffer.concat(received).toString('utf8');
    const batches = text
      .split('\n\n')
      .filter((m) => m.includes('data: '))
      .map((m) => JSON.parse(m.slice(m.indexOf('data: ') + 6)) as EventBatch);
    const resync = batches.find((b) => b.resync);
    expect(resync?.dropped).toBeGreaterThan(0);
    // Every exchange was either sent once, in order, or counted as dropped.
    const seqs = batches.flatMap((b) =>
      b.events.flatMap((e) => (e.type === 'traffic' ? [e.exchange.seq] : [])),
    );
    expect([...seqs].sort((x, y) => x - y)).toEqual(seqs);
    expect(new Set(seqs).size).toBe(seqs.length);
    const dropped = batches.reduce((n, b) => n + (b.dropped ?? 0), 0);
    expect(seqs.length + dropped).toBe(published);
    expect(seqs.at(-1)).toBe(published);
  });
});

describe('a reloaded page, alone on the stream (issue 24 §3)', () => {
  it('is sent the whole history it asks for, over as many ticks as it takes, none dropped', () => {
    hub = new EventHub();
    // More than one message holds, less than a client's budget: a catch-up in several parts.
    for (let seq = 1; seq <= TRAFFIC_HISTORY; seq++) hub.publishTraffic(large(seq, 1));
    const page = fakeResponse();
    hub.attach(page.res, 0);
    for (let tick = 0; tick < 50; tick++) hub.flush();
    const batches = page.batches();
    const seqs = batches
      .flatMap((batch) => batch.events)
      .map((e) => (e.type === 'traffic' ? e.exchange.seq : 0));
    expect(batches.length).toBeGreaterThan(1);
    expect(seqs).toEqual(Array.from({ length: TRAFFIC_HISTORY }, (_, i) => i + 1));
    expect(batches.reduce((n, b) => n + (b.dropped ?? 0), 0)).toBe(0);
    page.end();
  });
});
