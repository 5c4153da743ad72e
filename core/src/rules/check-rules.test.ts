import { describe, expect, it } from 'vitest';

import { RULE_BODY_LIMIT, type RuleProblem } from '../contract/rules-api.js';
import { checkRules, checkRulesText, formatRules } from './check-rules.js';
import { pointerOf, pointerTokens, valueAt } from './json-pointer.js';
import { checkPattern, PatternLease } from './pattern-pool.js';
import { parseTemplate } from './rule-template.js';
import { testBounded } from './safe-pattern.js';

const rule = (extra: Record<string, unknown> = {}) => ({
  id: 'r1',
  name: 'no token',
  method: 'GET',
  path: '/todos/:id',
  enabled: true,
  when: [{ part: 'header', name: 'authorization', matcher: 'missing' }],
  responses: [{ status: 401, body: '{"error":"no token"}' }],
  ...extra,
});

async function problemsOf(value: unknown): Promise<RuleProblem[]> {
  return (await checkRules(value)).problems;
}

describe('checkRules', () => {
  it('passes a good file and keeps it as written', async () => {
    const checked = await checkRules({ rules: [rule()] });
    expect(checked.problems).toEqual([]);
    expect(checked.rules).toEqual([rule()]);
    expect(formatRules(checked.rules)).toBe(`${JSON.stringify({ rules: [rule()] }, null, 2)}\n`);
  });

  it('names the line and column of malformed JSON', async () => {
    const { problems } = await checkRulesText('{\n  "rules": [\n    {"id": }\n  ]\n}');
    expect(problems).toEqual([
      { pointer: '', message: expect.stringMatching(/line 3, column 12/) },
    ]);
  });

  it.each([
    [{ rules: 'x' }, '/rules', /must be a list/],
    [{ rules: [rule({ method: 'FETCH' })] }, '/rules/0/method', /one of GET/],
    [{ rules: [rule({ path: 'todos' })] }, '/rules/0/path', /start with/],
    [{ rules: [rule(), rule()] }, '/rules/1/id', /earlier rule/],
    [{ rules: [rule({ enabled: 'yes' })] }, '/rules/0/enabled', /true or false/],
    [{ rules: [rule({ responses: [] })] }, '/rules/0/responses', /at least one/],
    [{ rules: [rule({ order: 'shuffle' })] }, '/rules/0/order', /sequence/],
    [{ rules: [rule({ stauts: 1 })] }, '/rules/0/stauts', /unknown property/],
    [
      { rules: [rule({ responses: [{ status: 99 }] })] },
      '/rules/0/responses/0/status',
      /200 to 599/,
    ],
    [
      { rules: [rule({ responses: [{ status: 101 }] })] },
      '/rules/0/responses/0/status',
      /200 to 599/,
    ],
    [
      { rules: [rule({ responses: [{ status: 200.5 }] })] },
      '/rules/0/responses/0/status',
      /integer/,
    ],
    [
      { rules: [rule({ responses: [{ status: 200, delayMs: 60_001 }] })] },
      '/rules/0/responses/0/delayMs',
      /0 to 60000/,
    ],
    [
      { rules: [rule({ responses: [{ status: 204, body: 'x' }] })] },
      '/rules/0/responses/0/body',
      /no body/,
    ],
    [
      { rules: [rule({ responses: [{ status: 200, headers: { 'x-a': 1 } }] })] },
      '/rules/0/responses/0/headers/x-a',
      /must be a string/,
    ],
    [
      { rules: [rule({ responses: [{ status: 200, headers: { 'bad name': 'v' } }] })] },
      '/rules/0/responses/0/headers/bad name',
      /header name/,
    ],
    [
      { rules: [rule({ responses: [{ status: 200, headers: { 'x-a': 'a\r\nset-cookie: x' } }] })] },
      '/rules/0/responses/0/headers/x-a',
      /CR, LF or NUL/,
    ],
    [
      { rules: [rule({ responses: [{ status: 200, headers: { 'content-length': '3' } }] })] },
      '/rules/0/responses/0/headers/content-length',
      /set by the server/,
    ],
    [
      { rules: [rule({ when: [{ part: 'query', name: 'q', matcher: 'equals' }] })] },
      '/rules/0/when/0/value',
      /must be a string for equals/,
    ],
    [
      { rules: [rule({ when: [{ part: 'cookie', name: 'q', matcher: 'exists' }] })] },
      '/rules/0/when/0/part',
      /one of param/,
    ],
    [
      { rules: [rule({ when: [{ part: 'query', matcher: 'exists' }] })] },
      '/rules/0/when/0/name',
      /must be a string/,
    ],
    [
      { rules: [rule({ when: [{ part: 'body', name: 'user', matcher: 'exists' }] })] },
      '/rules/0/when/0/name',
      /starts with "\/"/,
    ],
    [
      { rules: [rule({ when: [{ part: 'query', name: 'q', matcher: 'regex', value: '(' }] })] },
      '/rules/0/when/0/value',
      /not a valid regular expression/,
    ],
    [
      {
        rules: [rule({ when: [{ part: 'query', name: 'q', matcher: 'regex', value: '(?<=a)b' }] })],
      },
      '/rules/0/when/0/value',
      /lookaround .* is not supported: the matcher is linear-time/,
    ],
    [{ rules: [rule({ id: 'a\u0000b' })] }, '/rules/0/id', /control characters/],
  ])('refuses %j at its pointer', async (value, pointer, message) => {
    const found = await problemsOf(value);
    expect(found).toContainEqual({ pointer, message: expect.stringMatching(message) });
  });

  it('refuses a __proto__ header key without touching a prototype', async () => {
    const value = JSON.parse(
      '{"rules":[{"id":"a","name":"","method":"GET","path":"/x","enabled":true,"when":[],' +
        '"responses":[{"status":200,"headers":{"__proto__":{"polluted":"yes"}}}]}]}',
    ) as unknown;
    const found = await problemsOf(value);
    expect(found).toContainEqual({
      pointer: '/rules/0/responses/0/headers/__proto__',
      message: expect.stringMatching(/not a header name/),
    });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('refuses a body over the limit, naming it', async () => {
    const body = 'x'.repeat(RULE_BODY_LIMIT + 1);
    const found = await problemsOf({ rules: [rule({ responses: [{ status: 200, body }] })] });
    expect(found).toEqual([
      {
        pointer: '/rules/0/responses/0/body',
        message: expect.stringContaining(String(RULE_BODY_LIMIT)),
      },
    ]);
  });

  it('names an unknown placeholder and a missing faker method with their offsets', async () => {
    const body = '{"a":"{{params.id}}","b":"{{nope}}","c":"{{fake.person.noSuch}}"}';
    const found = await problemsOf({ rules: [rule({ responses: [{ status: 200, body }] })] });
    expect(found).toEqual([
      {
        pointer: '/rules/0/responses/0/body',
        message: expect.stringMatching(/unknown placeholder \{\{nope\}\}/),
        offset: body.indexOf('{{nope'),
      },
      {
        pointer: '/rules/0/responses/0/body',
        message: expect.stringMatching(/no method "noSuch"/),
        offset: body.indexOf('{{fake'),
      },
    ]);
  });

  it('accepts every placeholder form', async () => {
    const body =
      '{{params.id}} {{query.q}} {{header.X-User}} {{body}} {{body.name}} {{body./a/0}} {{now}} {{ fake.person.fullName }}';
    expect(await problemsOf({ rules: [rule({ responses: [{ status: 200, body }] })] })).toEqual([]);
  });
});

describe('the pieces', () => {
  it('reads JSON pointers as RFC 6901 does', () => {
    const doc = { 'a/b': { '~c': [10, 20] } };
    expect(pointerOf(['rules', 2, 'a/b'])).toBe('/rules/2/a~1b');
    expect(valueAt(doc, pointerTokens('/a~1b/~0c/1'))).toBe(20);
    expect(valueAt(doc, pointerTokens('/a~1b/~0c/01'))).toBeUndefined();
    expect(valueAt({}, pointerTokens('/constructor'))).toBeUndefined();
    expect(valueAt(doc, [])).toBe(doc);
  });

  it('parses templates into text and placeholders', () => {
    expect(parseTemplate('a {{ params.id }} b').parts).toEqual([
      'a ',
      { kind: 'param', name: 'id' },
      ' b',
    ]);
    expect(parseTemplate('{{ unclosed').parts).toEqual(['{{ unclosed']);
  });

  it('refuses long patterns and what cannot run in linear time', () => {
    expect(checkPattern('^ab+c$', false).ok).toBe(true);
    expect(checkPattern('a'.repeat(513), false).ok).toBe(false);
    expect(checkPattern('(?=a)b', false)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/lookaround/),
    });
    expect(checkPattern('(a)\\1', false).ok).toBe(false);
    expect(checkPattern('[', false)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^not a valid regular expression/),
    });
  });

  it('matches patterns that backtrack exponentially elsewhere in time linear in the input', () => {
    // Under a backtracking engine each of these takes longer than the age of the universe on
    // 8 KiB; RE2 answers at once. Asserted by result, not by time: the test would hang.
    const input = `${'a'.repeat(8000)}b`;
    const lease = new PatternLease();
    try {
      for (const pattern of ['^(a|a)*$', '(x+x+)+y', '^(a+)+$', '(a|aa)+$']) {
        expect(checkPattern(pattern, false).ok, pattern).toBe(true);
        expect(testBounded(lease.acquire(pattern, false), input), pattern).toBe(false);
      }
      expect(testBounded(lease.acquire('^bearer ', true), 'Bearer abc')).toBe(true);
    } finally {
      lease.release();
    }
  });
});
