/**
 * Issue 30 ("remote hosts"): `POST /api/outgoing` on a real studio on 127.0.0.1 — a request
 * sent from the core reaches a remote host (JSON, multipart with a file of the project), is
 * answered and shows in Traffic tagged `outgoing` with its full URL; refusals (no token, a
 * file: URL, a file over the upload limit), no answer in time (504), and the caller aborting
 * its call closing the outgoing request.
 */
import { once } from 'node:events';
import { truncate, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type {
  OutgoingRequest,
  OutgoingResponse,
  Problem,
  StudioEvent,
} from '../contract/control-api.js';
import { jsonRequest } from '../test-support/http-client.js';
import { EXAMPLES } from '../test-support/project-server.js';
import {
  readEvents,
  startStudioFixture,
  type StudioFixture,
} from '../test-support/studio-fixture.js';
import { ControlClient, ControlError } from './client.js';

/** Waits until `ok()` holds, polling; fails after `ms` (a generous bound, not a timing). */
async function until(ok: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((r) => setTimeout(r, 20));
  }
}

let f: StudioFixture;
let remotes: Server[] = [];
beforeEach(async () => {
  f = await startStudioFixture(EXAMPLES.todo);
});
afterEach(async () => {
  for (const s of remotes) s.closeAllConnections();
  await Promise.all(remotes.map((s) => new Promise((r) => s.close(r))));
  remotes = [];
  await f.dispose();
});

async function remote(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler);
  remotes.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Answers `{method, headers, body}` of what it received. */
const echo = () =>
  remote((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          method: req.method,
          headers: req.headers,
          body: Buffer.concat(chunks).toString('latin1'),
        }),
      );
    });
  });

const outgoing = (over: Partial<OutgoingRequest>): OutgoingRequest => ({
  method: 'GET',
  url: 'http://127.0.0.1:1/',
  headers: [],
  body: { kind: 'none' },
  ...over,
});

type Traffic = Extract<StudioEvent, { type: 'traffic' }>;
const isOutgoing = <E extends StudioEvent>(e: E): e is E & Traffic =>
  e.type === 'traffic' && e.exchange.tag === 'outgoing';

describe('POST /api/outgoing', () => {
  it('sends from the core and answers what the remote host answered', async () => {
    const url = await echo();
    const answer = await f.api(
      'POST',
      '/outgoing',
      outgoing({
        method: 'POST',
        url: `${url}/items?x=1`,
        headers: [['X-Trace', 'abc']],
        body: { kind: 'json', text: '{"a":1}' },
      }),
    );
    expect(answer.status).toBe(200);
    const response = answer.json as OutgoingResponse;
    expect(response).toMatchObject({ status: 200, bodyEncoding: 'utf8', truncated: false });
    const seen = JSON.parse(response.body) as {
      method: string;
      headers: Record<string, string>;
      body: string;
    };
    expect(seen.method).toBe('POST');
    expect(seen.headers['x-trace']).toBe('abc');
    expect(seen.headers['content-type']).toBe('application/json');
    expect(seen.body).toBe('{"a":1}');
  });

  it("sends a multipart file part read from the project's folder", async () => {
    const url = await echo();
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    await writeFile(join(f.dir, 'photo.bin'), bytes);
    const answer = await f.api(
      'POST',
      '/outgoing',
      outgoing({
        method: 'POST',
        url,
        body: {
          kind: 'multipart',
          fields: [
            { kind: 'text', name: 'title', value: 'hi', enabled: true },
            { kind: 'file', name: 'upload', path: 'photo.bin', enabled: true },
          ],
        },
      }),
    );
    expect(answer.status).toBe(200);
    const seen = JSON.parse((answer.json as OutgoingResponse).body) as {
      headers: Record<string, string>;
      body: string;
    };
    const form = await new Response(Buffer.from(seen.body, 'latin1'), {
      headers: { 'content-type': seen.headers['content-type']! },
    }).formData();
    expect(form.get('title')).toBe('hi');
    expect(Buffer.from(await (form.get('upload') as File).arrayBuffer())).toEqual(bytes);
  });

  it('publishes the exchange to Traffic tagged outgoing, with its full URL, in seq order', async () => {
    const url = await echo();
    const events = await readEvents(f.base, f.studio.token);
    try {
      await f.mock('GET', '/todos');
      await f.api('POST', '/outgoing', outgoing({ url: `${url}/ping?q=1` }));
      await events.waitFor((all) => all.some(isOutgoing));
      const traffic = events.events().filter((e): e is typeof e & Traffic => e.type === 'traffic');
      const sent = traffic.find(isOutgoing)!.exchange;
      expect(sent).toMatchObject({
        method: 'GET',
        url: `${url}/ping?q=1`,
        status: 200,
        tag: 'outgoing',
      });
      expect(JSON.parse(sent.responseBody)).toMatchObject({ method: 'GET' });
      // One counter for the mock API's exchanges and the outgoing ones.
      const seqs = traffic.map((e) => e.exchange.seq);
      expect(new Set(seqs).size).toBe(seqs.length);
      expect(sent.seq).toBe(Math.max(...seqs));
    } finally {
      events.close();
    }
  });

  it('shows a request to its own mock API once, as the mock API logged it', async () => {
    const events = await readEvents(f.base, f.studio.token);
    try {
      const sent = await f.api(
        'POST',
        '/outgoing',
        outgoing({ url: `${f.studio.apiUrl}/todos/1` }),
      );
      expect(sent.status, sent.text).toBe(200);
      await events.waitFor((all) =>
        all.some((e) => e.type === 'traffic' && e.exchange.url === '/todos/1'),
      );
      // A later outgoing request to another host still shows: the stream is in order.
      const url = await echo();
      await f.api('POST', '/outgoing', outgoing({ url: `${url}/after` }));
      await events.waitFor((all) => all.some(isOutgoing));
      const outgoingUrls = events
        .events()
        .filter(isOutgoing)
        .map((e) => e.exchange.url);
      expect(outgoingUrls).toEqual([`${url}/after`]);
    } finally {
      events.close();
    }
  });

  it('is a 504 naming the origin when the host never answers, shown in Traffic too', async () => {
    const url = await remote(() => {});
    const events = await readEvents(f.base, f.studio.token);
    try {
      const answer = await f.api('POST', '/outgoing', outgoing({ url, timeoutMs: 200 }));
      expect(answer.status).toBe(504);
      expect((answer.json as Problem).detail).toContain(url);
      await events.waitFor((all) => all.some(isOutgoing));
      expect(events.events().find(isOutgoing)!.exchange.status).toBe(504);
    } finally {
      events.close();
    }
  });

  it('aborts the outgoing request when the caller aborts its call', async () => {
    let arrived!: () => void;
    const arrival = new Promise<void>((r) => (arrived = r));
    let closed!: () => void;
    const closing = new Promise<void>((r) => (closed = r));
    const url = await remote((req) => {
      req.socket.on('close', () => closed());
      arrived();
    });
    const client = new ControlClient({ baseUrl: f.base, token: f.studio.token });
    const caller = new AbortController();
    const call = client.call('sendOutgoing', { body: outgoing({ url }), signal: caller.signal });
    await arrival;
    caller.abort();
    await expect(call).rejects.toThrow();
    await closing; // the remote host saw its connection closed
  });

  it('is a 401 without the token, and nothing is sent', async () => {
    let hits = 0;
    const url = await remote((_req, res) => {
      hits++;
      res.end();
    });
    const answer = await jsonRequest(f.base, 'POST', '/api/outgoing', outgoing({ url }));
    expect(answer.status).toBe(401);
    expect(hits).toBe(0);
  });

  it('is a 400 for a file: URL', async () => {
    const answer = await f.api('POST', '/outgoing', outgoing({ url: 'file:///etc/passwd' }));
    expect(answer.status).toBe(400);
    expect((answer.json as Problem).errors).toEqual([
      { field: '/url', message: 'must be an http or https URL, not file:' },
    ]);
  });

  it('is a 413 naming the file and the limit for a file part over the upload limit', async () => {
    const url = await echo();
    // Sparse: 60 MiB on paper, nothing written.
    await writeFile(join(f.dir, 'huge.bin'), '');
    await truncate(join(f.dir, 'huge.bin'), 60 * 1024 * 1024);
    const client = new ControlClient({ baseUrl: f.base, token: f.studio.token });
    const error = await client
      .call('sendOutgoing', {
        body: outgoing({
          method: 'PUT',
          url,
          body: {
            kind: 'multipart',
            fields: [{ kind: 'file', name: 'f', path: 'huge.bin', enabled: true }],
          },
        }),
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ControlError);
    expect((error as ControlError).status).toBe(413);
    expect((error as ControlError).problem.detail).toBe(
      'huge.bin is 60 MiB; files up to 50 MiB can be sent',
    );
  });

  it('is a 400 naming the header for a value above U+00FF, and nothing is sent', async () => {
    let hits = 0;
    const url = await remote((_req, res) => {
      hits++;
      res.end();
    });
    for (const value of ['caf\u0100', 'smile \u{1F600}']) {
      const answer = await f.api(
        'POST',
        '/outgoing',
        outgoing({
          url,
          headers: [
            ['X-Ok', 'caf\u00e9'],
            ['X-Note', value],
          ],
        }),
      );
      expect(answer.status, answer.text).toBe(400);
      const problem = answer.json as Problem;
      expect(problem.errors).toHaveLength(1);
      expect(problem.errors![0]!.field).toBe('/headers/1/1');
      expect(problem.errors![0]!.message).toContain('X-Note');
      expect(problem.detail).toContain('U+00FF');
    }
    expect(hits).toBe(0);
  });

  it('stops unpacking a gzip bomb at the answer limit: a 502 naming the limit', async () => {
    // An endless gzip stream of zeros: each MiB packs to about a KiB. Read through, it would
    // only end at the timeout (a 504); read to the limit, it is refused and its connection
    // closed.
    let remoteClosed = false;
    const url = await remote((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      res.on('close', () => (remoteClosed = true));
      const zeros = Buffer.alloc(1024 * 1024);
      const endless = new Readable({
        read() {
          this.push(zeros);
        },
      });
      pipeline(endless, createGzip(), res).catch(() => {});
    });
    const answer = await f.api('POST', '/outgoing', outgoing({ url, timeoutMs: 60_000 }));
    expect(answer.status, answer.text).toBe(502);
    expect((answer.json as Problem).detail).toContain('more than 10 MiB');
    await until(() => remoteClosed);
  }, 90_000);
});
