/**
 * Response rules end to end (issue 29), the file: a real studio on 127.0.0.1, rules replaced
 * over the control API (written to `mock-rules.json`, refused with 422s naming the pointer,
 * previewed) or edited in `mock-rules.json` by hand (a broken edit kept out, a removed route's
 * rules orphaned), answered by the mock API over HTTP.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { describe, expect, it, vi } from 'vitest';

import type { RulesState } from '../contract/rules-api.js';
import { rawRequest } from '../test-support/http-client.js';
import { f, mock, putRules, rule, useRulesStudio } from '../test-support/rules-studio.js';
import { readEvents } from '../test-support/studio-fixture.js';

useRulesStudio();

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
