/**
 * Response rules end to end (issue 29): a real studio on 127.0.0.1, rules replaced over the
 * control API or edited in `mock-rules.json` by hand, answered by the mock API over HTTP.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { ResponseRule, RuleCondition, RulesState } from '../contract/rules-api.js';
import { type RawAnswer, rawRequest } from '../test-support/http-client.js';
import { EXAMPLES } from '../test-support/project-server.js';
import {
  readEvents,
  startStudioFixture,
  type StudioFixture,
} from '../test-support/studio-fixture.js';

let f: StudioFixture;

beforeAll(async () => {
  f = await startStudioFixture(EXAMPLES.todo);
});

afterAll(async () => {
  await f.dispose();
});

function rule(extra: Partial<ResponseRule> = {}): ResponseRule {
  return {
    id: 'r1',
    name: 'ruled',
    method: 'GET',
    path: '/todos/:id',
    enabled: true,
    when: [],
    responses: [{ status: 418, body: 'ruled' }],
    ...extra,
  };
}

async function putRules(rules: ResponseRule[]): Promise<RulesState> {
  const answer = await f.api('PUT', '/rules', { rules });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as RulesState;
}

function mock(
  method: string,
  path: string,
  options: { body?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const headers =
    options.body === undefined
      ? (options.headers ?? {})
      : { 'content-type': 'application/json', ...options.headers };
  return rawRequest(f.studio.apiUrl!, method, path, {
    headers,
    ...(options.body === undefined ? {} : { body: options.body }),
  });
}

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

describe('the control operations and the file', () => {
  it('writes the file pretty-printed and answers the state', async () => {
    const state = await putRules([rule(), rule({ id: 'gone', path: '/nowhere' })]);
    expect(state).toEqual({
      file: join(f.dir, 'mock-rules.json'),
      rules: [rule(), rule({ id: 'gone', path: '/nowhere' })],
      orphaned: ['gone'],
    });
    const text = await readFile(join(f.dir, 'mock-rules.json'), 'utf8');
    expect(text).toBe(
      `${JSON.stringify({ rules: [rule(), rule({ id: 'gone', path: '/nowhere' })] }, null, 2)}\n`,
    );
    expect((await f.api('GET', '/rules')).json).toEqual(state);
  });

  it.each([
    [
      'a wrong type',
      { rules: [{ ...rule(), enabled: 'yes' }] },
      [{ field: '/rules/0/enabled', message: expect.any(String) }],
    ],
    [
      'an unknown placeholder, with its offset',
      { rules: [rule({ responses: [{ status: 200, body: 'hi {{user.name}}' }] })] },
      [{ field: '/rules/0/responses/0/body', message: expect.any(String), offset: 3 }],
    ],
    [
      'a regex the linear-time matcher cannot run (a backreference)',
      {
        rules: [rule({ when: [{ part: 'query', name: 'q', matcher: 'regex', value: '(a)\\1' }] })],
      },
      [{ field: '/rules/0/when/0/value', message: expect.stringMatching(/linear-time/) }],
    ],
    [
      'a 1.1 MB body, naming the limit',
      { rules: [rule({ responses: [{ status: 200, body: 'x'.repeat(1_100_000) }] })] },
      [{ field: '/rules/0/responses/0/body', message: expect.stringMatching(/1048576 bytes/) }],
    ],
    [
      'a header name with CRLF',
      { rules: [rule({ responses: [{ status: 200, headers: { 'x\r\ny': 'v' } }] })] },
      [{ field: '/rules/0/responses/0/headers/x\r\ny', message: expect.any(String) }],
    ],
    [
      'a NUL byte in an id',
      { rules: [rule({ id: 'a\u0000' })] },
      [{ field: '/rules/0/id', message: expect.any(String) }],
    ],
    ['not an object', [], [{ field: '', message: expect.any(String) }]],
  ])('refuses %s with a 422 naming the pointer', async (_name, body, errors) => {
    const before = await f.api('GET', '/rules');
    const answer = await f.api('PUT', '/rules', body);
    expect(answer.status, answer.text).toBe(422);
    expect((answer.json as { errors: unknown }).errors).toEqual(errors);
    expect((await f.api('GET', '/rules')).json).toEqual(before.json);
  });

  it('refuses malformed JSON and a __proto__ header key without a 500', async () => {
    const bad = await rawRequest(f.base, 'PUT', '/api/rules', {
      headers: { authorization: `Bearer ${f.studio.token}`, 'content-type': 'application/json' },
      body: '{"rules": [',
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/line 1, column 12/);
    const proto = await rawRequest(f.base, 'PUT', '/api/rules', {
      headers: { authorization: `Bearer ${f.studio.token}`, 'content-type': 'application/json' },
      body: `{"rules":[${JSON.stringify(rule()).replace('"responses":[{', '"responses":[{"headers":{"__proto__":{"a":"b"}},')}]}`,
    });
    expect(proto.status).toBe(422);
  });

  it('previews a template, and names an unknown placeholder with its offset', async () => {
    const ok = await f.api('POST', '/rules/preview', {
      template: '{{params.id}}/{{query.q}}/{{header.X-A}}/{{body.n}}/{{fake.lorem.word}}',
      request: { params: { id: '4' }, query: { q: 'z' }, headers: { 'x-a': 'h' }, body: { n: 2 } },
    });
    expect(ok.status, ok.text).toBe(200);
    expect((ok.json as { text: string }).text).toMatch(/^4\/z\/h\/2\/.+$/);
    const bad = await f.api('POST', '/rules/preview', { template: 'ab {{nope}}' });
    expect(bad.status).toBe(422);
    expect((bad.json as { errors: unknown }).errors).toEqual([
      { field: '/template', message: expect.stringMatching(/unknown placeholder/), offset: 3 },
    ]);
  });
});

describe('a hand-edited file', () => {
  const file = () => join(f.dir, 'mock-rules.json');
  const state = async () => (await f.api('GET', '/rules')).json as RulesState;

  it('keeps the last good rules through a broken edit, reports it, and recovers', async () => {
    await putRules([rule({ id: 'good', responses: [{ status: 418, body: 'good' }] })]);
    const reader = await readEvents(f.base, f.studio.token);
    try {
      const start = reader.events().length;
      await writeFile(file(), '{\n  "rules": [\n    { "id": }\n  ]\n}\n');
      await vi.waitFor(async () => expect((await state()).problems).toBeDefined(), {
        timeout: 10_000,
      });
      const broken = await state();
      expect(broken.problems).toEqual([
        { pointer: '', message: expect.stringMatching(/line 3, column 13/) },
      ]);
      expect(broken.rules.map((r) => r.id)).toEqual(['good']);
      expect((await mock('GET', '/todos/1')).text).toBe('good');
      await reader.waitFor((events) => events.slice(start).some((e) => e.type === 'project'));

      // A value mistake: named by its pointer.
      await writeFile(
        file(),
        JSON.stringify({ rules: [rule({ id: 'fixed', responses: [{ status: 42 }] })] }),
      );
      await vi.waitFor(
        async () =>
          expect((await state()).problems?.[0]?.pointer).toBe('/rules/0/responses/0/status'),
        { timeout: 10_000 },
      );

      await writeFile(
        file(),
        JSON.stringify({
          rules: [rule({ id: 'fixed', responses: [{ status: 418, body: 'fixed' }] })],
        }),
      );
      await vi.waitFor(async () => expect((await state()).problems).toBeUndefined(), {
        timeout: 10_000,
      });
      expect((await state()).rules.map((r) => r.id)).toEqual(['fixed']);
      expect((await mock('GET', '/todos/1')).text).toBe('fixed');
    } finally {
      reader.close();
    }
  });

  it('clears the load error with an event when the last good file is restored as it was', async () => {
    await putRules([rule({ id: 'kept', responses: [{ status: 418, body: 'kept' }] })]);
    const good = await readFile(file(), 'utf8');
    const reader = await readEvents(f.base, f.studio.token);
    try {
      await writeFile(file(), '{ "rules": [');
      await vi.waitFor(async () => expect((await state()).problems).toBeDefined(), {
        timeout: 10_000,
      });
      await reader.waitFor((events) => events.some((e) => e.type === 'project'));
      const seen = reader.events().length;

      // The very text that is serving: nothing changed, but the banner must go.
      await writeFile(file(), good);
      await vi.waitFor(async () => expect((await state()).problems).toBeUndefined(), {
        timeout: 10_000,
      });
      await reader.waitFor((events) => events.slice(seen).some((e) => e.type === 'project'));
      expect((await mock('GET', '/todos/1')).text).toBe('kept');
    } finally {
      reader.close();
    }
  });

  it('orphans the rules of a route a reload removed, and keeps them', async () => {
    await putRules([
      rule({ id: 'manual', path: '/manual/todos/:id' }),
      rule({ id: 'todo', path: '/todos/:id' }),
    ]);
    expect((await mock('GET', '/manual/todos/1')).status).toBe(418);
    const app = join(f.dir, 'app.ts');
    const source = await readFile(app, 'utf8');
    await writeFile(app, source.replace("this.get('/manual/todos/:id', new GetTodo());", ''));
    await vi.waitFor(async () => expect((await state()).orphaned).toEqual(['manual']), {
      timeout: 10_000,
    });
    expect((await state()).rules.map((r) => r.id)).toEqual(['manual', 'todo']);
    expect((await mock('GET', '/todos/1')).status).toBe(418);
    // The route back: the rule applies again.
    await writeFile(app, source);
    await vi.waitFor(async () => expect((await state()).orphaned).toEqual([]), {
      timeout: 10_000,
    });
    expect((await mock('GET', '/manual/todos/1')).status).toBe(418);
  });
});
