/**
 * Issue 30 ("remote hosts"): sendOutgoing against real servers on 127.0.0.1 — what the remote
 * host receives (method, headers, JSON, form, multipart with a project file), what is answered
 * (text, binary as base64, a capped body), and each failure as its problem: a URL that is not
 * http(s), a hostile header, a missing or too large file, a refused connection, no answer in
 * time, the caller aborting.
 */
import { once } from 'node:events';
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { OUTGOING_BODY_LIMIT, type OutgoingRequest } from '../contract/outgoing-api.js';
import { HttpProblem } from '../errors.js';
import { problemOf } from '../test-support/rejected-problem.js';
import { checkOutgoingRequest, sendOutgoing } from './send-outgoing.js';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

let dir: string;
let servers: Server[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'decorest-outgoing-'));
});
afterEach(async () => {
  for (const s of servers) s.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  servers = [];
  await rm(dir, { recursive: true, force: true });
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler);
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A server that answers with what it received, and keeps it for the test. */
async function echo() {
  const received: Received[] = [];
  const url = await serve((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      res.writeHead(201, 'Made', { 'content-type': 'application/json', 'x-echo': 'yes' });
      res.end(JSON.stringify({ ok: true }));
    });
  });
  return { url, received };
}

const req = (over: Partial<OutgoingRequest>): OutgoingRequest => ({
  method: 'GET',
  url: 'http://127.0.0.1:1/',
  headers: [],
  body: { kind: 'none' },
  ...over,
});

describe('sendOutgoing', () => {
  it('sends the method, headers and a JSON body, and answers status, headers and text', async () => {
    const remote = await echo();
    const answer = await sendOutgoing(
      checkOutgoingRequest(
        req({
          method: 'patch',
          url: `${remote.url}/todos/1?x=1`,
          headers: [
            ['X-Trace', 'abc'],
            ['Accept', 'application/json'],
          ],
          body: { kind: 'json', text: '{"title":"é"}' },
        }),
      ),
      { projectDir: dir },
    );
    const [got] = remote.received;
    expect(got).toMatchObject({ method: 'PATCH', url: '/todos/1?x=1' });
    expect(got!.headers['x-trace']).toBe('abc');
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.body.toString('utf8')).toBe('{"title":"é"}');
    expect(answer).toMatchObject({
      status: 201,
      statusText: 'Made',
      body: '{"ok":true}',
      bodyEncoding: 'utf8',
      size: 11,
      truncated: false,
    });
    expect(answer.headers).toContainEqual(['x-echo', 'yes']);
    expect(answer.timeMs).toBeGreaterThanOrEqual(0);
  });

  it("keeps the request's own Content-Type, and encodes a form as urlencoded", async () => {
    const remote = await echo();
    await sendOutgoing(
      req({
        method: 'POST',
        url: remote.url,
        headers: [['content-type', 'application/vnd.api+json']],
        body: { kind: 'json', text: '{}' },
      }),
      { projectDir: dir },
    );
    await sendOutgoing(
      req({
        method: 'POST',
        url: remote.url,
        body: {
          kind: 'form-urlencoded',
          fields: [
            { name: 'a b', value: '1&2', enabled: true },
            { name: 'off', value: 'x', enabled: false },
          ],
        },
      }),
      { projectDir: dir },
    );
    expect(remote.received[0]!.headers['content-type']).toBe('application/vnd.api+json');
    expect(remote.received[1]!.headers['content-type']).toMatch(
      /^application\/x-www-form-urlencoded/,
    );
    expect(remote.received[1]!.body.toString()).toBe('a+b=1%262');
  });

  it('sends multipart text fields and a file of the project intact', async () => {
    const remote = await echo();
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    await writeFile(join(dir, 'photo.bin'), bytes);
    await sendOutgoing(
      req({
        method: 'POST',
        url: remote.url,
        // A Content-Type of the request would not carry the body's boundary: it is replaced.
        headers: [['Content-Type', 'multipart/form-data']],
        body: {
          kind: 'multipart',
          fields: [
            { kind: 'text', name: 'title', value: 'Hello "you"', enabled: true },
            { kind: 'file', name: 'upload', path: 'photo.bin', enabled: true },
            { kind: 'file', name: 'shot', path: 'photo.bin', fileName: 'shot.png', enabled: true },
            { kind: 'text', name: 'off', value: 'x', enabled: false },
          ],
        },
      }),
      { projectDir: dir },
    );
    const got = remote.received[0]!;
    expect(got.headers['content-length']).toBe(String(got.body.length));
    const form = await new Response(got.body, {
      headers: { 'content-type': String(got.headers['content-type']) },
    }).formData();
    expect(form.get('title')).toBe('Hello "you"');
    expect(form.has('off')).toBe(false);
    const file = form.get('upload') as File;
    expect(file.name).toBe('photo.bin');
    expect(file.type).toBe('application/octet-stream');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(bytes);
    // Typed by its name, as a browser types a file it sends.
    expect((form.get('shot') as File).type).toBe('image/png');
  });

  it('answers a body that is not UTF-8 as base64, and caps a large one', async () => {
    const binary = Buffer.from([0xff, 0xfe, 0x00, 0x80]);
    const url = await serve((request, res) => {
      if (request.url === '/big') {
        const chunk = Buffer.alloc(1024 * 1024, 'a');
        for (let i = 0; i < 11; i++) res.write(chunk);
        res.end();
      } else res.end(binary);
    });
    const bin = await sendOutgoing(req({ url: `${url}/bin` }), { projectDir: dir });
    expect(bin).toMatchObject({ bodyEncoding: 'base64', size: 4, truncated: false });
    expect(Buffer.from(bin.body, 'base64')).toEqual(binary);
    const big = await sendOutgoing(req({ url: `${url}/big` }), { projectDir: dir });
    expect(big).toMatchObject({ bodyEncoding: 'utf8', size: 11 * 1024 * 1024, truncated: true });
    expect(big.body.length).toBe(OUTGOING_BODY_LIMIT);
  });

  it('is a 504 naming the origin when the host does not answer in time', async () => {
    const url = await serve(() => {});
    const problem = await problemOf(
      sendOutgoing(req({ url: `${url}/slow`, timeoutMs: 200 }), { projectDir: dir }),
    );
    expect(problem.status).toBe(504);
    expect(problem.detail).toBe(`No answer from ${url} within 0.2 s`);
  });

  it('is a 502 naming the origin and the reason when nothing listens', async () => {
    const url = await serve(() => {});
    const server = servers.pop()!;
    await new Promise((r) => server.close(r));
    const problem = await problemOf(sendOutgoing(req({ url }), { projectDir: dir }));
    expect(problem.status).toBe(502);
    expect(problem.detail).toBe(`Could not reach ${url}: ECONNREFUSED`);
  });

  it("aborts the outgoing request when the caller's signal aborts", async () => {
    let arrived!: () => void;
    const arrival = new Promise<void>((r) => (arrived = r));
    let closed!: () => void;
    const closing = new Promise<void>((r) => (closed = r));
    const url = await serve((request) => {
      request.socket.on('close', () => closed());
      arrived();
    });
    const caller = new AbortController();
    const sent = sendOutgoing(req({ url }), { projectDir: dir, signal: caller.signal });
    await arrival;
    caller.abort(new Error('the page went away'));
    await expect(sent).rejects.toThrow('the page went away');
    await closing; // the remote host saw its connection closed
  });

  it('is a 413 naming the file and the limit for a file over the upload limit, unread', async () => {
    const remote = await echo();
    // Sparse: 60 MiB on paper, nothing written.
    await writeFile(join(dir, 'big.bin'), '');
    await truncate(join(dir, 'big.bin'), 60 * 1024 * 1024);
    const problem = await problemOf(
      sendOutgoing(
        req({
          method: 'POST',
          url: remote.url,
          body: {
            kind: 'multipart',
            fields: [{ kind: 'file', name: 'f', path: join(dir, 'big.bin'), enabled: true }],
          },
        }),
        { projectDir: dir },
      ),
    );
    expect(problem.status).toBe(413);
    expect(problem.detail).toBe('big.bin is 60 MiB; files up to 50 MiB can be sent');
    expect(remote.received).toEqual([]);
  });

  it('is a 422 naming the path of a file part that does not exist', async () => {
    const problem = await problemOf(
      sendOutgoing(
        req({
          method: 'POST',
          body: {
            kind: 'multipart',
            fields: [{ kind: 'file', name: 'f', path: 'nope/missing.png', enabled: true }],
          },
        }),
        { projectDir: dir },
      ),
    );
    expect(problem.status).toBe(422);
    expect(problem.errors).toEqual([
      { field: '/body/fields/0/path', message: 'nope/missing.png is not a file that can be read' },
    ]);
  });
});

describe('checkOutgoingRequest', () => {
  const refused = (body: unknown): HttpProblem => {
    try {
      checkOutgoingRequest(body);
    } catch (error) {
      if (error instanceof HttpProblem) return error;
      throw error;
    }
    throw new Error('accepted');
  };

  it('is a 400 for a URL that is not absolute http(s)', () => {
    for (const url of ['file:///etc/passwd', '/todos', 'ftp://x/', 'javascript:alert(1)']) {
      const problem = refused(req({ url }));
      expect(problem.status).toBe(400);
      expect(problem.errors?.[0]?.field).toBe('/url');
    }
  });

  it('is a 400 for a method that is not a token, or one fetch cannot send', () => {
    expect(refused(req({ method: 'GET /x' })).status).toBe(400);
    expect(refused(req({ method: 'CONNECT' })).status).toBe(400);
  });

  it('is a 400 for a hostile header: a line break, a bad name, one the connection sets', () => {
    for (const header of [
      ['X-A', 'a\r\nX-Injected: 1'],
      ['X A', 'a'],
      ['Host', 'example.com'],
      ['Transfer-Encoding', 'chunked'],
    ] as [string, string][]) {
      expect(refused(req({ headers: [header] })).status).toBe(400);
    }
  });

  it('is a 422 for a body of the wrong shape, and a timeout out of range', () => {
    const problem = refused({ ...req({}), body: { kind: 'xml' }, timeoutMs: 0 });
    expect(problem.status).toBe(422);
    expect(problem.errors?.map((e) => e.field)).toEqual(['/body/kind', '/timeoutMs']);
  });

  it('answers the request normalised: method upper case, URL as parsed', () => {
    expect(checkOutgoingRequest(req({ method: 'get', url: 'HTTP://Example.COM/a b' }))).toEqual(
      req({ method: 'GET', url: 'http://example.com/a%20b' }),
    );
  });
});
