/**
 * Response rules end to end (issue 29), answering: a real studio on 127.0.0.1, rules replaced
 * over the control API, whose answers fill placeholders in (inherited names as absent, values
 * escaped in JSON), go in sequence or at random, and are named in the traffic.
 */
import { describe, expect, it } from 'vitest';

import { f, mock, putRules, rule, useRulesStudio } from '../test-support/rules-studio.js';
import { readEvents } from '../test-support/studio-fixture.js';

useRulesStudio();

describe('answering', () => {
  it('fills placeholders in, sends JSON as JSON with CORS and the rule headers', async () => {
    await putRules([
      rule({
        responses: [
          {
            status: 200,
            headers: { 'X-Rule': 'yes' },
            body: '{"id":"{{params.id}}","q":"{{query.q}}","u":"{{header.x-user}}","n":"{{fake.person.fullName}}","t":"{{now}}"}',
          },
        ],
      }),
      rule({
        id: 'post',
        method: 'POST',
        path: '/todos',
        responses: [
          {
            status: 201,
            headers: { 'content-type': 'text/csv' },
            body: '{{body.content}};{{body./user/name}};{{body}};{{query.none}}',
          },
        ],
      }),
    ]);
    const got = await mock('GET', '/todos/5?q=hi', { headers: { 'x-user': 'ann' } });
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toMatch(/^application\/json/);
    expect(got.headers['access-control-allow-origin']).toBe('*');
    expect(got.headers['x-rule']).toBe('yes');
    const json = got.json as Record<string, string>;
    expect(json).toMatchObject({ id: '5', q: 'hi', u: 'ann' });
    expect(typeof json['n']).toBe('string');
    expect(json['n']!.length).toBeGreaterThan(0);
    expect(Number.isNaN(Date.parse(json['t']!))).toBe(false);

    const posted = await mock('POST', '/todos', { body: '{"content":"c","user":{"name":"N"}}' });
    expect(posted.status).toBe(201);
    expect(posted.headers['content-type']).toBe('text/csv');
    expect(posted.text).toBe('c;N;{"content":"c","user":{"name":"N"}};');
  });

  describe.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    'a request value named %s (inherited from Object, never sent)',
    (name) => {
      it('fills placeholders in as absent, in a JSON body and in text', async () => {
        const places = `{{header.${name}}}|{{query.${name}}}|{{params.${name}}}|{{body.${name}}}|{{body./${name}}}`;
        await putRules([
          rule({ method: 'PATCH', responses: [{ status: 200, body: `{"v":"${places}"}` }] }),
          rule({ id: 'text', responses: [{ status: 200, body: `[${places}]` }] }),
        ]);
        const json = await mock('PATCH', '/todos/1', { body: '{"content":"c"}' });
        expect([json.status, json.json]).toEqual([200, { v: '||||' }]);
        const text = await mock('GET', `/todos/1`);
        expect([text.status, text.text]).toEqual([200, '[||||]']);
      });

      it.each([
        ['header', 'GET', undefined],
        ['query', 'GET', undefined],
        ['param', 'GET', undefined],
        ['body', 'PATCH', '{"content":"c"}'],
      ] as const)('treats a %s condition on it as absent', async (part, method, body) => {
        const conditionName = part === 'body' ? `/${name}` : name;
        await putRules([
          rule({ id: 'exists', method, when: [{ part, name: conditionName, matcher: 'exists' }] }),
          rule({
            id: 'missing',
            method,
            when: [{ part, name: conditionName, matcher: 'missing' }],
            responses: [{ status: 299, body: 'missing' }],
          }),
        ]);
        const answer = await mock(method, '/todos/1', body === undefined ? {} : { body });
        expect([answer.status, answer.text]).toEqual([299, 'missing']);
      });
    },
  );

  it('escapes a value inside a JSON string, so a quote a client sends keeps the body JSON', async () => {
    await putRules([
      rule({
        responses: [{ status: 200, body: '{"echo":"{{query.q}}","id":{{params.id}}}' }],
      }),
    ]);
    const hostile = '"}, "admin": true, "x": "\\\n';
    const got = await mock('GET', `/todos/7?q=${encodeURIComponent(hostile)}`);
    expect(got.status).toBe(200);
    expect(got.json).toEqual({ echo: hostile, id: 7 });
  });

  it('answers a sequence in turn, wraps, and starts again when the rules are replaced', async () => {
    const seq = rule({
      order: 'sequence',
      responses: [
        { status: 200, body: 'one' },
        { status: 200, body: 'two' },
        { status: 503, body: 'down' },
      ],
    });
    await putRules([seq]);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await mock('GET', '/todos/1')).status);
    expect(statuses).toEqual([200, 200, 503, 200]);
    await putRules([seq]);
    expect((await mock('GET', '/todos/1')).text).toBe('one');
  });

  it('picks a random response from the set', async () => {
    await putRules([
      rule({
        order: 'random',
        responses: [
          { status: 201, body: 'a' },
          { status: 202, body: 'b' },
        ],
      }),
    ]);
    const seen = new Set<number>();
    for (let i = 0; i < 60; i++) seen.add((await mock('GET', '/todos/1')).status);
    expect([...seen].sort()).toEqual([201, 202]);
  });

  it('names the rule that answered in the traffic', async () => {
    await putRules([rule({ id: 'traced', name: 'traced rule' })]);
    const reader = await readEvents(f.base, f.studio.token);
    try {
      await mock('GET', '/todos/3');
      await reader.waitFor((events) =>
        events.some((e) => e.type === 'traffic' && e.exchange.url === '/todos/3'),
      );
      const traffic = reader.events().find((e) => e.type === 'traffic');
      expect(traffic?.type === 'traffic' && traffic.exchange.rule).toEqual({
        id: 'traced',
        name: 'traced rule',
      });
    } finally {
      reader.close();
    }
  });
});
