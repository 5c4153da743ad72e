/**
 * The hostile-input tests of the mock API (issue 7), aimed at the control API (issue 12):
 * hostile bodies, ids, paths and headers. Every answer is a success or a 4xx problem, never a
 * 5xx or a dropped connection; a refused write changes nothing in memory or on disk; the UI
 * files never leak what lies outside their folder; the gates hold for any header mix.
 * (Hostile model edits and concurrent saves: the other hostile-control-*.test.ts files.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  expectAnswered,
  f,
  MODELS,
  port,
  send,
  someId,
  state,
  useHostileControl,
} from '../test-support/hostile-control.js';
import { PROPERTY_MS, RUNS } from '../test-support/hostile-harness.js';
import {
  CONTENT_TYPES,
  headerPairs,
  hostileBody,
  HOSTS,
  NASTY_STRINGS,
  percentEncode,
} from '../test-support/hostile-inputs.js';
import { exchange, requestBytes } from '../test-support/raw-http.js';

useHostileControl();

describe('hostile input on the control API', () => {
  it(
    'answers hostile record writes with a success or a problem, and a refusal writes nothing',
    async () => {
      const arbitrary = fc.constantFrom(...Object.keys(MODELS)).chain((model) =>
        fc.record({
          model: fc.constant(model),
          op: fc.constantFrom('create', 'replace', 'patch', 'import'),
          body: hostileBody(MODELS[model]!.fields, MODELS[model]!.seed),
          asArray: fc.boolean(),
          contentType: fc.oneof(
            { weight: 4, arbitrary: fc.constant('application/json') },
            { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
          ),
          headers: headerPairs.map((pairs) =>
            pairs.filter(([n]) => n !== 'origin' && n !== 'authorization'),
          ),
          pick: fc.nat(),
        }),
      );
      const outcomes = new Set<number>();
      await fc.assert(
        fc.asyncProperty(arbitrary, async (input) => {
          const before = await state();
          const id = await someId(input.model, input.pick);
          const [method, target] =
            input.op === 'create'
              ? ['POST', `/api/models/${input.model}/records`]
              : input.op === 'import'
                ? ['POST', `/api/models/${input.model}/import`]
                : [
                    input.op === 'replace' ? 'PUT' : 'PATCH',
                    `/api/models/${input.model}/records/${id}`,
                  ];
          const body =
            input.op === 'import' && input.asArray
              ? Buffer.concat([Buffer.from('['), input.body, Buffer.from(']')])
              : input.body;
          const headers: [string, string][] = [...input.headers];
          if (input.contentType !== undefined) headers.push(['content-type', input.contentType]);
          const answer = await send(method!, target!, headers, body);
          expectAnswered(answer);
          outcomes.add(Math.floor(answer.status / 100));
          const after = await state();
          if (answer.status >= 400) expect(after).toEqual(before);
          // What the API holds is what the datafiles hold, whatever was sent.
          expect(after.files).toEqual(after.memory);
          // Keep a few records around so ids keep resolving.
          for (const [name, { seed }] of Object.entries(MODELS)) {
            const page = (await f.api('GET', `/models/${name}/records?limit=0`)).json as {
              total: number;
            };
            if (page.total < 2) await f.api('POST', `/models/${name}/records`, seed);
          }
        }),
        { numRuns: RUNS },
      );
      // The inputs reached both sides: some writes went through, some were refused.
      expect([...outcomes].sort()).toEqual([2, 4]);
    },
    PROPERTY_MS,
  );

  it(
    'answers hostile ids and paths, under /api and for UI files, without a 5xx or a leak',
    async () => {
      const segment = fc.oneof(
        fc.constantFrom(...NASTY_STRINGS).map(percentEncode),
        fc.constantFrom(...NASTY_STRINGS.filter((s) => !/\s/.test(s) && !s.includes('\u0000'))),
        fc.string({ maxLength: 20 }).map(percentEncode),
      );
      const arbitrary = fc.record({
        method: fc.constantFrom('GET', 'HEAD', 'DELETE', 'PATCH', 'OPTIONS', 'PUT', 'POST'),
        shape: fc.constantFrom('record', 'model', 'api', 'ui'),
        a: segment,
        b: segment,
      });
      await fc.assert(
        fc.asyncProperty(arbitrary, async ({ method, shape, a, b }) => {
          const target =
            shape === 'record'
              ? `/api/models/Todo/records/${a}`
              : shape === 'model'
                ? `/api/models/${a}/records/${b}`
                : shape === 'api'
                  ? `/api/${a}/${b}`
                  : `/${a}/${b}`;
          const before = method === 'DELETE' ? undefined : await state();
          const answer = await send(method, target);
          expectAnswered(answer);
          expect(answer.text).not.toContain('outside the UI folder');
          if (before && answer.status >= 400) expect(await state()).toEqual(before);
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_MS,
  );

  it(
    'holds the Host, Origin and token gates for any header mix',
    async () => {
      const arbitrary = fc.record({
        host: fc.oneof(
          fc.constantFrom(...HOSTS),
          fc.constantFrom('127.0.0.1', 'localhost', '[::1]').map((h) => `${h}:${port}`),
        ),
        origin: fc.option(
          fc.constantFrom('http://evil.example', 'null', 'file://', `http://127.0.0.1:${port}`),
        ),
        token: fc.constantFrom('right', 'wrong', 'none'),
        headers: headerPairs.map((pairs) =>
          pairs.filter(([n]) => n !== 'origin' && n !== 'authorization'),
        ),
        target: fc.constantFrom('/api/project', '/api/models/Todo/records', '/api/events', '/'),
      });
      await fc.assert(
        fc.asyncProperty(arbitrary, async (input) => {
          const headers: [string, string][] = [['host', input.host], ...input.headers];
          if (input.origin !== null) headers.push(['origin', input.origin]);
          if (input.token === 'wrong') headers.push(['authorization', 'Bearer x']);
          if (input.token === 'right') headers.push(['authorization', `Bearer ${f.studio.token}`]);
          const all: [string, string][] = [...headers, ['connection', 'close']];
          const request =
            input.target === '/api/events' && input.token === 'right'
              ? requestBytes('HEAD', '/api/project', all)
              : requestBytes('GET', input.target, all);
          const answer = await exchange(port, request);
          expectAnswered(answer);
          expect(answer.headers['access-control-allow-origin']).toBeUndefined();
          // Headers past Node's limit (16 KiB) are refused before any gate: refused all the same.
          if (answer.status === 431) {
            expect(request.length).toBeGreaterThan(16 * 1024);
            return;
          }
          const hostOk =
            input.host.toLowerCase().endsWith(`:${port}`) && !HOSTS.includes(input.host);
          const originOk = input.origin === null || input.origin === `http://127.0.0.1:${port}`;
          if (!hostOk || !originOk) expect(answer.status).toBe(403);
          else if (input.target.startsWith('/api') && input.token !== 'right')
            expect(answer.status).toBe(401);
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_MS,
  );
});
