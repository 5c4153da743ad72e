import { describe, expect, it } from 'vitest';

import { spreadIds } from './data.mjs';
import { luaScript, luaString, parseWrkOutput } from './wrk-load.mjs';

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

describe('luaScript', () => {
  it('formats a fixed request once, through wrk itself', () => {
    const lua = luaScript({ method: 'GET', path: '/todos?limit=10' }, '/tmp/ids');
    expect(lua).toContain('wrk.method = "GET"');
    expect(lua).toContain('wrk.path = "/todos?limit=10"');
    expect(lua).not.toContain('request = function');
    expect(lua).not.toContain('response = function');
  });

  it('walks ids with the stride spreadIds uses, so both clients visit the same ids', () => {
    const lua = luaScript(
      { method: 'GET', spread: { count: 1000, prefix: '/todos/', suffix: '' } },
      '/tmp/ids',
    );
    const stride = Number(/local count, stride = 1000, (\d+)/.exec(lua)?.[1]);
    const next = spreadIds(1000);
    const fromJs = Array.from({ length: 5 }, () => next());
    const fromLua = Array.from({ length: 5 }, (_, i) => 1 + ((i * stride) % 1000));
    expect(fromLua).toEqual(fromJs);
  });

  it('swaps the two bodies per pass and records 201 ids only when asked', () => {
    const lua = luaScript(
      {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        spread: { count: 10, prefix: '/todos/', suffix: '' },
        bodies: ['{"completed":true}', '{"completed":false}'],
        ackedIds: new Set<string>(),
      },
      '/tmp/ids.txt',
    );
    expect(lua).toContain('["content-type"] = "application/json"');
    expect(lua).toContain('bodies[math.floor(sent / count) % 2 + 1]');
    expect(lua).toContain('if status ~= 201 then return end');
    expect(lua).toContain('io.open("/tmp/ids.txt", "a")');
  });
});
