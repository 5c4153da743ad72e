import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';

import { describe, expect, it } from 'vitest';

import { trafficEventJson } from '../control/traffic-capture.js';
import { CAPTURE_BODY_LIMIT, ExchangeCapture } from './traffic.js';

/** A request stream with the headers Node would have parsed. */
function request(headers: Record<string, string>): PassThrough & IncomingMessage {
  return Object.assign(new PassThrough(), { headers }) as unknown as PassThrough & IncomingMessage;
}

const tick = () => new Promise((r) => setImmediate(r));

describe('ExchangeCapture', () => {
  it('keeps the request body up to the limit and counts all of it', async () => {
    const req = request({ 'content-length': String(CAPTURE_BODY_LIMIT + 10) });
    const capture = new ExchangeCapture(req);
    req.write(Buffer.alloc(CAPTURE_BODY_LIMIT - 5, 'a'));
    req.write(Buffer.alloc(15, 'b'));
    await tick();
    expect(Buffer.concat(capture.requestBody).length).toBe(CAPTURE_BODY_LIMIT);
    expect(capture.requestBodyBytes).toBe(CAPTURE_BODY_LIMIT + 10);
  });

  it('counts, but no longer keeps, body chunks that arrive after the answer', async () => {
    const req = request({ 'transfer-encoding': 'chunked' });
    const capture = new ExchangeCapture(req);
    req.write(Buffer.from('first'));
    await tick();
    capture.answered({ 'content-type': 'text/plain' }, 'Not found');
    req.write(Buffer.from('late chunk'));
    await tick();
    // The studio may keep the capture for a while: what came after the answer is not held.
    expect(Buffer.concat(capture.requestBody).toString()).toBe('first');
    expect(capture.requestBodyBytes).toBe('first'.length + 'late chunk'.length);
    expect(capture.responseBody).toBe('Not found');
  });

  it('keeps nothing for a request without a body', () => {
    const capture = new ExchangeCapture(request({ host: 'x' }));
    expect(capture.requestBody).toEqual([]);
    expect(capture.requestBodyBytes).toBe(0);
  });

  it('keeps the first bytes of a large answer, not the answer, and the event says its size', () => {
    const MIB = 1024 * 1024;
    for (const body of ['é'.repeat(MIB / 2), Buffer.alloc(MIB, 'a')]) {
      const capture = new ExchangeCapture(request({ host: 'x' })).answered({}, body);
      const kept = capture.responseBody!;
      expect(Buffer.isBuffer(kept)).toBe(true);
      expect((kept as Buffer).buffer.byteLength).toBeLessThanOrEqual(CAPTURE_BODY_LIMIT);
      const event = JSON.parse(
        trafficEventJson(1, {
          seq: 1,
          time: 0,
          method: 'GET',
          url: '/big',
          status: 200,
          durationMs: 1,
          requestBytes: 0,
          responseBytes: MIB,
          capture,
        }),
      ) as {
        exchange: { responseBody: string; responseBytes: number; responseTruncated: boolean };
      };
      expect(event.exchange).toMatchObject({ responseBytes: MIB, responseTruncated: true });
      expect(Buffer.byteLength(event.exchange.responseBody)).toBe(CAPTURE_BODY_LIMIT);
    }
  });

  it('copies the kept part of a large request chunk, so the chunk is not held', async () => {
    const req = request({ 'content-length': String(1024 * 1024) });
    const capture = new ExchangeCapture(req);
    req.write(Buffer.alloc(1024 * 1024, 'a'));
    await tick();
    expect(capture.requestBodyBytes).toBe(1024 * 1024);
    const held = capture.requestBody.reduce((n, chunk) => n + chunk.buffer.byteLength, 0);
    expect(held).toBeLessThanOrEqual(CAPTURE_BODY_LIMIT);
  });
});
