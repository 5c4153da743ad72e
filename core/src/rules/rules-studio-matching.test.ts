/**
 * Response rules end to end (issue 29), matching: a real studio on 127.0.0.1, rules replaced
 * over the control API, answered by the mock API over HTTP when their conditions hold (every
 * part and matcher), in file order, in linear time, and never for a malformed body.
 */
import { describe, expect, it } from 'vitest';

import type { ResponseRule, RuleCondition } from '../contract/rules-api.js';
import { mock, putRules, rule, useRulesStudio } from '../test-support/rules-studio.js';

useRulesStudio();

type Probe = [method: string, path: string, options: Parameters<typeof mock>[2], hits: boolean];

const CASES: [string, ResponseRule, Probe[]][] = [
  [
    'param equals',
    rule({ when: [{ part: 'param', name: 'id', matcher: 'equals', value: '7' }] }),
    [
      ['GET', '/todos/7', {}, true],
      ['GET', '/todos/1', {}, false],
    ],
  ],
  [
    'param regex',
    rule({ when: [{ part: 'param', name: 'id', matcher: 'regex', value: '^9\\d$' }] }),
    [
      ['GET', '/todos/91', {}, true],
      ['GET', '/todos/1', {}, false],
    ],
  ],
  [
    'param exists / missing',
    rule({
      when: [
        { part: 'param', name: 'id', matcher: 'exists' },
        { part: 'param', name: 'other', matcher: 'missing' },
      ],
    }),
    [['GET', '/todos/1', {}, true]],
  ],
  [
    'query equals',
    rule({ when: [{ part: 'query', name: 'q', matcher: 'equals', value: 'a b' }] }),
    [
      ['GET', '/todos/1?q=a%20b', {}, true],
      ['GET', '/todos/1?q=a', {}, false],
    ],
  ],
  [
    'query regex, ignoring case',
    rule({
      when: [{ part: 'query', name: 'q', matcher: 'regex', value: '^abc', ignoreCase: true }],
    }),
    [
      ['GET', '/todos/1?q=ABCd', {}, true],
      ['GET', '/todos/1?q=xabc', {}, false],
    ],
  ],
  [
    'query exists',
    rule({ when: [{ part: 'query', name: 'debug', matcher: 'exists' }] }),
    [
      ['GET', '/todos/1?debug', {}, true],
      ['GET', '/todos/1', {}, false],
    ],
  ],
  [
    'header missing',
    rule({ when: [{ part: 'header', name: 'Authorization', matcher: 'missing' }] }),
    [
      ['GET', '/todos/1', {}, true],
      ['GET', '/todos/1', { headers: { authorization: 'Bearer x' } }, false],
    ],
  ],
  [
    'header equals',
    rule({ when: [{ part: 'header', name: 'X-User', matcher: 'equals', value: 'ann' }] }),
    [
      ['GET', '/todos/1', { headers: { 'x-user': 'ann' } }, true],
      ['GET', '/todos/1', { headers: { 'x-user': 'bob' } }, false],
    ],
  ],
  [
    'header regex and exists',
    rule({
      when: [
        { part: 'header', name: 'x-user', matcher: 'exists' },
        { part: 'header', name: 'x-user', matcher: 'regex', value: '^a' },
      ],
    }),
    [
      ['GET', '/todos/1', { headers: { 'x-user': 'ann' } }, true],
      ['GET', '/todos/1', { headers: { 'x-user': 'bob' } }, false],
      ['GET', '/todos/1', {}, false],
    ],
  ],
  [
    'body equals (a string, and a number as JSON text)',
    rule({
      method: 'POST',
      path: '/todos',
      when: [
        { part: 'body', name: '/content', matcher: 'equals', value: 'x' },
        { part: 'body', name: '/user', matcher: 'equals', value: '1' },
      ],
    }),
    [
      ['POST', '/todos', { body: '{"content":"x","user":1}' }, true],
      ['POST', '/todos', { body: '{"content":"x","user":2}' }, false],
    ],
  ],
  [
    'body regex, exists and missing',
    rule({
      method: 'POST',
      path: '/todos',
      when: [
        { part: 'body', name: '/content', matcher: 'regex', value: '^urgent' },
        { part: 'body', name: '/tags/0', matcher: 'exists' },
        { part: 'body', name: '/done', matcher: 'missing' },
      ],
    }),
    [
      ['POST', '/todos', { body: '{"content":"urgent: x","tags":["a"]}' }, true],
      ['POST', '/todos', { body: '{"content":"urgent: x","tags":["a"],"done":true}' }, false],
      ['POST', '/todos', { body: '{"content":"urgent: x","tags":[]}' }, false],
    ],
  ],
  [
    'the whole body (pointer "")',
    rule({
      method: 'POST',
      path: '/todos',
      when: [{ part: 'body', name: '', matcher: 'equals', value: '{"a":1}' }],
    }),
    [
      ['POST', '/todos', { body: '{"a":1}' }, true],
      ['POST', '/todos', { body: '{"a":2}' }, false],
    ],
  ],
  [
    'method equals (HEAD on a GET route)',
    rule({ when: [{ part: 'method', matcher: 'equals', value: 'head' }] }),
    [
      ['HEAD', '/todos/1', {}, true],
      ['GET', '/todos/1', {}, false],
    ],
  ],
  [
    'method regex, exists and missing',
    rule({
      when: [
        { part: 'method', matcher: 'regex', value: '^G' },
        { part: 'method', matcher: 'exists' },
      ],
    }),
    [['GET', '/todos/1', {}, true]],
  ],
  [
    'a HEAD rule',
    rule({ method: 'HEAD' }),
    [
      ['HEAD', '/todos/1', {}, true],
      ['GET', '/todos/1', {}, false],
    ],
  ],
];

describe('matching', () => {
  it.each(CASES)('%s', async (_name, r, probes) => {
    await putRules([r]);
    for (const [method, path, options, hits] of probes) {
      const answer = await mock(method, path, options);
      if (hits) expect(answer.status, `${method} ${path}`).toBe(418);
      else expect(answer.status, `${method} ${path}`).not.toBe(418);
    }
  });

  it('never matches a method missing condition', async () => {
    const missing: RuleCondition = { part: 'method', matcher: 'missing' };
    await putRules([rule({ when: [missing] })]);
    expect((await mock('GET', '/todos/1')).status).toBe(200);
  });

  it('answers with the first enabled rule that matches, in file order', async () => {
    await putRules([
      rule({ id: 'off', enabled: false, responses: [{ status: 500 }] }),
      rule({ id: 'b', when: [{ part: 'param', name: 'id', matcher: 'equals', value: '2' }] }),
      rule({ id: 'c', responses: [{ status: 203, body: 'c' }] }),
      rule({ id: 'd', responses: [{ status: 202, body: 'd' }] }),
    ]);
    expect((await mock('GET', '/todos/1')).text).toBe('c');
    expect((await mock('GET', '/todos/2')).text).toBe('ruled');
    // Other routes answer as they always do.
    expect((await mock('GET', '/todos')).status).toBe(200);
  });

  it('runs a pattern that would backtrack exponentially on 8 KiB of hostile input, and answers', async () => {
    // A backtracking engine would never finish these; the test would time out, not fail.
    await putRules([
      rule({
        id: 'redos',
        when: [{ part: 'query', name: 'q', matcher: 'regex', value: '^(a|a)*$' }],
        responses: [{ status: 418, body: 'matched' }],
      }),
    ]);
    const hostile = `${'a'.repeat(8000)}b`;
    expect((await mock('GET', `/todos/1?q=${hostile}`)).status).toBe(200);
    expect((await mock('GET', '/todos/1?q=aaaa')).status).toBe(418);
  });

  it('leaves a malformed body to the route: the normal 400', async () => {
    await putRules([
      rule({
        method: 'POST',
        path: '/todos',
        when: [{ part: 'body', name: '/a', matcher: 'exists' }],
      }),
    ]);
    const answer = await mock('POST', '/todos', { body: '{"a":' });
    expect(answer.status).toBe(400);
  });
});
