import { describe, expect, it } from 'vitest';

import type { Problem, ResponseRule, RouteInfo, TrafficExchange } from '../../api';
import {
  describeRule,
  matchingRequest,
  newRule,
  newRuleId,
  problemBody,
  routeOf,
  ruleErrors,
  ruleFromExchange,
} from './rule-form';

const route = (method: string, path: string): RouteInfo =>
  ({ method, path, kind: 'generated' }) as RouteInfo;
const ROUTES = [
  route('GET', '/todos'),
  route('GET', '/todos/:id'),
  route('GET', '/todos/count'),
  route('GET', '/users/:id/todos'),
  route('POST', '/todos'),
];

describe('describeRule', () => {
  it('says a rule in one line', () => {
    const rule: ResponseRule = {
      ...newRule(route('GET', '/todos'), []),
      when: [
        { part: 'header', name: 'authorization', matcher: 'missing' },
        { part: 'param', name: 'id', matcher: 'equals', value: '3' },
        { part: 'body', name: '/name', matcher: 'regex', value: '^A', ignoreCase: true },
      ],
      responses: [{ status: 200 }, { status: 200 }, { status: 503 }],
    };
    expect(describeRule(rule)).toBe(
      'when header authorization is missing and path parameter id equals "3" and body /name matches /^A/i → 200, 200, 503 in turn',
    );
    expect(describeRule({ ...rule, when: [], order: 'random' })).toBe(
      'always → 200, 200, 503 at random',
    );
  });
});

describe('newRuleId', () => {
  it('never repeats an id that is taken', () => {
    const taken = [{ id: 'rule-000001' }] as ResponseRule[];
    let n = 0;
    const ids = [1 / 36 ** 6, 2 / 36 ** 6];
    expect(newRuleId(taken, () => ids[n++]!)).toBe('rule-000002');
  });
});

describe('problemBody', () => {
  it('is an RFC 9457 problem', () => {
    expect(JSON.parse(problemBody(401))).toEqual({
      type: 'about:blank',
      title: 'Unauthorized',
      status: 401,
      detail: 'Unauthorized',
    });
  });
});

describe('routeOf', () => {
  it('finds the route and its parameters, static segments first', () => {
    expect(routeOf(ROUTES, 'GET', '/todos/7?x=1')).toEqual({
      route: ROUTES[1],
      params: { id: '7' },
    });
    expect(routeOf(ROUTES, 'GET', '/todos/count')?.route).toBe(ROUTES[2]);
    expect(routeOf(ROUTES, 'HEAD', '/users/a%20b/todos')?.params).toEqual({ id: 'a b' });
    expect(routeOf(ROUTES, 'DELETE', '/todos/1')).toBeUndefined();
    expect(routeOf(ROUTES, 'GET', '/todos/')).toBeUndefined();
  });
});

describe('ruleFromExchange', () => {
  const exchange = {
    method: 'GET',
    url: '/todos/7?x=1',
    status: 404,
    responseHeaders: { 'Content-Type': 'application/problem+json', 'content-length': '90' },
    responseBody: '{"title":"Not found"}',
    responseTruncated: false,
  } as unknown as TrafficExchange;

  it('answers like the exchange for the same path parameters', () => {
    const rule = ruleFromExchange(exchange, routeOf(ROUTES, 'GET', exchange.url)!, []);
    expect(rule).toMatchObject({
      name: 'Like GET /todos/7',
      method: 'GET',
      path: '/todos/:id',
      enabled: true,
      when: [{ part: 'param', name: 'id', matcher: 'equals', value: '7' }],
      responses: [
        {
          status: 404,
          headers: { 'content-type': 'application/problem+json' },
          body: '{"title":"Not found"}',
        },
      ],
    });
  });

  it('leaves out a body the log kept only the start of', () => {
    const rule = ruleFromExchange(
      { ...exchange, responseTruncated: true },
      routeOf(ROUTES, 'GET', exchange.url)!,
      [],
    );
    expect(rule.responses[0]!.body).toBeUndefined();
  });
});

describe('ruleErrors', () => {
  it("keeps one rule's errors, keyed by the rest of the pointer", () => {
    const problem = {
      errors: [
        { field: '/rules/1/when/0/value', message: 'is not a safe regex' },
        { field: '/rules/10/name', message: 'other rule' },
        { field: '/rules/1', message: 'whole rule' },
        { field: '/rules/1/responses/0/body', message: 'unknown placeholder {{x}}', offset: 3 },
      ],
    } as Problem;
    expect([...ruleErrors(problem, 1)]).toEqual([
      ['/when/0/value', 'is not a safe regex'],
      ['', 'whole rule'],
      ['/responses/0/body', 'unknown placeholder {{x}} (at character 4)'],
    ]);
  });
});

describe('the request Preview fills in (issue 48)', () => {
  it('is one the rule matches: equals values in place, other parameters 1', () => {
    const request = matchingRequest({
      path: '/users/:userId/todos/:id',
      when: [
        { part: 'param', name: 'id', matcher: 'equals', value: '2' },
        { part: 'query', name: 'q', matcher: 'equals', value: 'milk' },
        { part: 'header', name: 'X-User', matcher: 'exists' },
        { part: 'body', name: '/user/name', matcher: 'equals', value: 'Ann' },
        { part: 'query', name: 'debug', matcher: 'missing' },
      ],
    });
    expect(request).toEqual({
      params: { userId: '1', id: '2' },
      query: { q: 'milk' },
      headers: { 'x-user': 'x' },
      body: { user: { name: 'Ann' } },
    });
  });
});
