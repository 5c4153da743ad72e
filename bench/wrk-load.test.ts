import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { describe, expect, it } from 'vitest';

import { spreadIds } from './data.mjs';
import { luaString, parseWrkOutput, runWrk, wrkVersion } from './wrk-load.mjs';

const REPORT = `Running 2s test @ http://127.0.0.1:4101
  1 threads and 10 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   620.11us  410.20us   9.87ms   95.10%
    Req/Sec    16.50k     1.20k   18.10k    80.00%
  Latency Distribution
     50%  512.00us
     75%  640.00us
     90%  800.00us
     99%    2.31ms
  33012 requests in 2.00s, 8.25MB read
  Socket errors: connect 0, read 2, write 0, timeout 3
  Non-2xx or 3xx responses: 7
Requests/sec:  16506.00
Transfer/sec:      4.12MB
`;

describe('parseWrkOutput', () => {
  it('reads requests, time, percentiles in ms, socket errors and non-2xx', () => {
    expect(parseWrkOutput(REPORT)).toEqual({
      requests: 33012,
      seconds: 2,
      rps: 16506,
      p50: 0.512,
      p99: 2.31,
      errors: 5,
      timeouts: 3,
      non2xx: 7,
      statuses: { '2xx/3xx': 33005, 'not 2xx/3xx': 7 },
    });
  });

  it('counts no errors when wrk prints no error lines', () => {
    const clean = REPORT.replace(/ {2}Socket errors.*\n {2}Non-2xx.*\n/, '');
    expect(parseWrkOutput(clean)).toMatchObject({ errors: 0, timeouts: 0, non2xx: 0 });
  });

  it('refuses output without a result line rather than reporting zero', () => {
    expect(() => parseWrkOutput('unable to connect to 127.0.0.1:1 Connection refused')).toThrow(
      /no result/,
    );
  });
});

describe('luaString', () => {
  it('escapes quotes, backslashes, control characters and UTF-8 bytes as \\ddd', () => {
    expect(luaString('a"b\\c')).toBe('"a\\034b\\092c"');
    expect(luaString('x\ny')).toBe('"x\\010y"');
    expect(luaString('é')).toBe('"\\195\\169"');
    expect(luaString('{"completed":true}')).toBe('"{\\034completed\\034:true}"');
  });
});

/** What the recording server saw of one request. */
interface Seen {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}

/**
 * Runs the real Lua script of `plan` through wrk (one connection, one second) against a
 * server that records every request in order; `answer` picks each reply from its index.
 */
async function throughWrk(
  plan: Record<string, unknown>,
  answer: (n: number) => { status: number; body: string } = () => ({ status: 200, body: '{}' }),
): Promise<{ seen: Seen[]; answered: { status: number; body: string }[] }> {
  const seen: Seen[] = [];
  const answered: { status: number; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        contentType: req.headers['content-type'],
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const reply = answer(seen.length - 1);
      answered.push(reply);
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  try {
    await runWrk({ url: `http://127.0.0.1:${port}`, connections: 1, durationSec: 1, plan });
  } finally {
    server.closeAllConnections();
    server.close();
  }
  return { seen, answered };
}

/**
 * Before it sends anything, wrk calls the script's `request()` once to check what it returns
 * (script_verify_request, in the first thread): that call's id and body are never sent, so the
 * walk on the wire starts at the second id of spreadIds' cycle.
 */
const WRK_CHECK_CALLS = 1;

const hasWrk = wrkVersion() !== undefined;
if (!hasWrk) console.warn('wrk-load: the Lua plan tests are skipped: wrk is not installed');

// The script is run by wrk itself (its LuaJIT), not read back: what reaches the server is what
// a bench cell sends.
describe.skipIf(!hasWrk)('the Lua plan, run by wrk', () => {
  it('sends a fixed request as given, every time', async () => {
    // UTF-8, quotes, a backslash and a newline: each must survive luaString and wrk.
    const body = JSON.stringify({ content: 'é \\ "q"\n', completed: true });
    const { seen } = await throughWrk({
      method: 'POST',
      path: '/todos?limit=10&q=a%20b',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body,
    });
    expect(seen.length).toBeGreaterThan(1);
    for (const request of seen) {
      expect(request).toEqual({
        method: 'POST',
        url: '/todos?limit=10&q=a%20b',
        contentType: 'application/json; charset=utf-8',
        body,
      });
    }
  }, 20_000);

  it('walks ids in the order spreadIds gives the autocannon driver, pass after pass', async () => {
    const count = 7;
    const { seen } = await throughWrk({
      method: 'GET',
      spread: { count, prefix: '/todos/', suffix: '?embed=user' },
    });
    expect(seen.length).toBeGreaterThan(3 * count);
    const next = spreadIds(count);
    for (let i = 0; i < WRK_CHECK_CALLS; i++) next();
    const expected = seen.map(() => `/todos/${next()}?embed=user`);
    expect(seen.map((r) => r.url)).toEqual(expected);
    expect(new Set(seen.slice(0, count).map((r) => r.url)).size, 'one pass visits every id').toBe(
      count,
    );
    expect(seen.every((r) => r.method === 'GET' && r.body === '')).toBe(true);
  }, 20_000);

  it('swaps the two bodies after each pass over the ids', async () => {
    const count = 5;
    const bodies = ['{"completed":true}', '{"completed":false}'];
    const { seen } = await throughWrk({
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      spread: { count, prefix: '/todos/', suffix: '' },
      bodies,
    });
    expect(seen.length).toBeGreaterThan(2 * count);
    seen.forEach((request, i) => {
      expect([request.method, request.contentType]).toEqual(['PATCH', 'application/json']);
      const call = i + WRK_CHECK_CALLS;
      expect(request.body, `request ${i}`).toBe(bodies[Math.floor(call / count) % 2]);
    });
  }, 20_000);

  it('records the ids of 201 answers only, numeric or string', async () => {
    const ackedIds = new Set<string>();
    // Every third answer is a 400 that still names an id; ids alternate numbers and strings.
    const { answered } = await throughWrk(
      { method: 'POST', path: '/users', body: '{"name":"x"}', ackedIds },
      (n) => {
        const id = n % 2 === 0 ? String(n + 1) : `"u-${n + 1}"`;
        return { status: n % 3 === 2 ? 400 : 201, body: `{"name":"x","id":${id}}` };
      },
    );
    const created = answered
      .filter((a) => a.status === 201)
      .map((a) => String((JSON.parse(a.body) as { id: unknown }).id));
    expect(created.length).toBeGreaterThan(3);
    // wrk may stop before it reads the last answer of its one connection.
    expect([...ackedIds]).toEqual(created.slice(0, ackedIds.size));
    expect(ackedIds.size).toBeGreaterThanOrEqual(created.length - 1);
    expect([...ackedIds].some((id) => id.startsWith('u-'))).toBe(true);
  }, 20_000);
});
