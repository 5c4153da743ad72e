/**
 * The behaviour rules (issue 16) as the CLI flags and the control API give them: parsing,
 * range checks, and which rule a route gets.
 */
import { describe, expect, it } from 'vitest';

import { HttpProblem } from '../errors.js';
import { Behaviour, parseDelay, parseFail } from './behaviour.js';

describe('--delay and --fail', () => {
  it('reads a fixed delay, a range and a rate with its status', () => {
    expect(parseDelay('200')).toEqual({ minMs: 200, maxMs: 200 });
    expect(parseDelay('100-800')).toEqual({ minMs: 100, maxMs: 800 });
    expect(parseFail('0.1:503')).toEqual({ rate: 0.1, status: 503 });
    expect(parseFail('1')).toEqual({ rate: 1, status: 500 });
  });

  it('refuses what it cannot apply', () => {
    for (const bad of ['', 'x', '800-100', '-5', '1.5'])
      expect(parseDelay(bad), bad).toBeUndefined();
    for (const bad of ['2:503', '0.1:200', '0.1:99', 'half', '0.1:'])
      expect(parseFail(bad), bad).toBeUndefined();
  });
});

describe('Behaviour', () => {
  it('is inactive (no snapshot) until a rule or a proxy is set, and again once cleared', () => {
    const behaviour = new Behaviour();
    expect(behaviour.current).toBeUndefined();
    behaviour.set({ routes: [], proxy: 'http://127.0.0.1:9' });
    expect(behaviour.current?.proxy?.url.port).toBe('9');
    expect(behaviour.current?.effect({ method: 'GET', path: '/todos' })).toBeUndefined();
    behaviour.set({ routes: [] });
    expect(behaviour.current).toBeUndefined();
  });

  it('gives a route its own rules in place of the global ones', () => {
    const behaviour = new Behaviour({
      delay: { minMs: 5, maxMs: 5 },
      fail: { rate: 1, status: 503 },
      routes: [{ method: 'GET', path: '/todos/:id', delay: { minMs: 40, maxMs: 60 } }],
    });
    const own = behaviour.current!.effect({ method: 'GET', path: '/todos/:id' })!;
    expect(own.failStatus).toBeUndefined();
    expect(own.delayMs).toBeGreaterThanOrEqual(40);
    expect(own.delayMs).toBeLessThanOrEqual(60);
    expect(behaviour.current!.effect({ method: 'GET', path: '/todos' })).toEqual({
      delayMs: 5,
      failStatus: 503,
    });
  });

  it('refuses bad settings with every field named, keeping the previous ones', () => {
    const behaviour = new Behaviour({ delay: { minMs: 1, maxMs: 2 }, routes: [] });
    let error: unknown;
    try {
      behaviour.set({
        delay: { minMs: 9, maxMs: 1 },
        routes: [{ method: 'GET', path: 'todos' }],
        proxy: 'ftp://x',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(HttpProblem);
    expect((error as HttpProblem).errors!.map((e) => e.field)).toEqual([
      'delay',
      'routes[0]',
      'proxy',
    ]);
    expect(behaviour.settings()).toEqual({ delay: { minMs: 1, maxMs: 2 }, routes: [] });
  });
});
