/**
 * Issue 47: the run the studio and `decorest run` share, over a transport of this test: values
 * saved by one request fill the next, --bail and Stop end the run, a value that was to be saved
 * and was not is named; what a run cannot resolve is found before anything is sent.
 */
import { describe, expect, it } from 'vitest';

import type { AnswerForAssertions } from './assertions.js';
import { runSequence, type SendableRequest, unresolvedVariables } from './request-run.js';
import type { SavedRequest } from './requests-api.js';

const saved = (name: string, url: string, more: Partial<SavedRequest> = {}): SavedRequest => ({
  name,
  method: 'GET',
  url,
  headers: [],
  body: { kind: 'none' },
  auth: { kind: 'none' },
  ...more,
});

/** Answers `{ id: 7 }` with 201 to a POST, 200 and the URL otherwise; records what was sent. */
function transport() {
  const sent: SendableRequest[] = [];
  return {
    sent,
    send: async (request: SendableRequest): Promise<AnswerForAssertions> => {
      sent.push(request);
      return request.method === 'POST'
        ? { status: 201, headers: [['Location', '/items/7']], body: '{"id":7}', timeMs: 1 }
        : { status: 200, headers: [], body: JSON.stringify({ url: request.url }), timeMs: 1 };
    },
  };
}

describe('runSequence', () => {
  it('fills each request with what the ones before it saved, over the environment', async () => {
    const t = transport();
    const outcomes = await runSequence(
      [
        saved('Create', '/items', { method: 'POST', set: { id: '/id', at: 'header:Location' } }),
        saved('Read', '{{base}}/items/{{id}}', {
          assertions: [{ kind: 'json-equals', pointer: '/url', value: 'http://h/items/7' }],
        }),
        saved('Follow', '{{at}}?n={{n}}'),
      ],
      { base: 'http://h', id: 'from the environment', n: '1' },
      { send: t.send },
    );
    expect(t.sent.map((r) => r.url)).toEqual(['/items', 'http://h/items/7', '/items/7?n=1']);
    expect(outcomes.map((o) => o.state)).toEqual(['passed', 'passed', 'sent']);
  });

  it('stops after the first failure with bail, and at Stop', async () => {
    const t = transport();
    const failing = saved('Fails', '/a', { assertions: [{ kind: 'status', equals: 404 }] });
    const bailed = await runSequence(
      [failing, saved('Next', '/b')],
      {},
      { send: t.send, bail: true },
    );
    expect(bailed.map((o) => o.state)).toEqual(['failed']);
    const controller = new AbortController();
    const stopped = await runSequence(
      [saved('A', '/a'), saved('B', '/b')],
      {},
      {
        send: async (r) => {
          controller.abort();
          return t.send(r);
        },
        signal: controller.signal,
      },
    );
    expect(stopped).toEqual([expect.objectContaining({ state: 'failed', error: 'Stopped.' })]);
  });

  it('names the request that was to save a value and did not', async () => {
    const t = transport();
    const outcomes = await runSequence(
      [saved('Create', '/items', { set: { id: '/missing' } }), saved('Read', '/items/{{id}}')],
      {},
      { send: t.send },
    );
    expect(outcomes[0]).toMatchObject({ state: 'failed' });
    expect(outcomes[1]).toEqual({
      state: 'failed',
      error: '{{id}} has no value: "Create" was to save it from its answer, and did not',
    });
    expect(t.sent).toHaveLength(1);
  });

  it('draws dynamic variables fresh for each request', async () => {
    const t = transport();
    let n = 0;
    await runSequence(
      [saved('A', '/a/{{$guid}}'), saved('B', '/b/{{$guid}}')],
      {},
      {
        send: t.send,
        draw: async (names) => Object.fromEntries(names.map((name) => [name, `g${++n}`])),
      },
    );
    expect(t.sent.map((r) => r.url)).toEqual(['/a/g1', '/b/g2']);
  });
});

describe('unresolvedVariables', () => {
  it('finds unknown names and cycles in run order; an earlier "set" defines a name', () => {
    const requests = [
      {
        label: 'a',
        request: saved('A', '/x/{{later}}', {
          headers: [{ name: 'K', value: '{{key}}', enabled: true }],
        }),
      },
      { label: 'b', request: saved('B', '/y', { set: { later: '/id' } }) },
      { label: 'c', request: saved('C', '/z/{{later}}/{{loop}}/{{$guid}}/{{nested}}') },
    ];
    expect(
      unresolvedVariables(requests, { loop: '{{loop2}}', loop2: '{{loop}}', nested: '{{inner}}' }),
    ).toEqual([
      { kind: 'unknown', request: 'a', names: ['later', 'key'] },
      { kind: 'cycle', request: 'c', cycle: ['loop', 'loop2', 'loop'] },
      { kind: 'unknown', request: 'c', names: ['inner'] },
    ]);
  });

  it('adds what a request needs without naming it (baseUrl for a path)', () => {
    const found = unresolvedVariables([{ label: 'a', request: saved('A', '/x') }], {}, () => [
      'baseUrl',
    ]);
    expect(found).toEqual([{ kind: 'unknown', request: 'a', names: ['baseUrl'] }]);
  });
});
