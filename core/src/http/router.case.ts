import { describe, expect, it } from 'vitest';

import type { Router } from './router.js';

/** The behaviour every {@link Router} implementation must show. */
export function runRouterCases(name: string, create: () => Router<string>): void {
  describe(`Router conformance: ${name}`, () => {
    const build = (routes: [string, string, string][]): Router<string> => {
      const router = create();
      for (const [method, path, value] of routes) router.add(method, path, value);
      router.seal();
      return router;
    };

    it('matches static paths by method', () => {
      const r = build([
        ['GET', '/todos', 'list'],
        ['POST', '/todos', 'create'],
      ]);
      expect(r.match('GET', '/todos')?.value).toBe('list');
      expect(r.match('POST', '/todos')?.value).toBe('create');
      expect(r.match('DELETE', '/todos')).toBeNull();
    });

    it('extracts and decodes :name parameters', () => {
      const r = build([['GET', '/users/:id/todos', 'rel']]);
      const m = r.match('GET', '/users/a%20b/todos');
      expect(m?.value).toBe('rel');
      expect(m?.params).toEqual({ id: 'a b' });
    });

    it('prefers a static segment over a parameter', () => {
      const r = build([
        ['GET', '/todos/:id', 'byId'],
        ['GET', '/todos/stats', 'stats'],
      ]);
      expect(r.match('GET', '/todos/stats')?.value).toBe('stats');
      expect(r.match('GET', '/todos/7')?.value).toBe('byId');
    });

    it('tolerates a trailing slash', () => {
      const r = build([['GET', '/todos', 'list']]);
      expect(r.match('GET', '/todos/')?.value).toBe('list');
    });

    it('misses unknown paths and deeper paths', () => {
      const r = build([['GET', '/todos/:id', 'byId']]);
      expect(r.match('GET', '/nope')).toBeNull();
      expect(r.match('GET', '/todos/1/user')).toBeNull();
    });

    it('treats malformed percent-encoding as a miss, not a throw', () => {
      const r = build([['GET', '/todos/:id', 'byId']]);
      expect(r.match('GET', '/todos/%E0%A4%A')).toBeNull();
    });

    it('misses a parameter over 500 characters', () => {
      const r = build([['GET', '/todos/:id', 'byId']]);
      expect(r.match('GET', `/todos/${'7'.repeat(500)}`)?.params).toEqual({ id: '7'.repeat(500) });
      expect(r.match('GET', `/todos/${'7'.repeat(501)}`)).toBeNull();
    });

    it('matches a route written in Unicode by the path a browser sends', () => {
      const r = build([['GET', '/café/:name', 'cafe']]);
      expect(r.match('GET', '/caf%C3%A9/cr%C3%A8me')?.params).toEqual({ name: 'crème' });
    });

    it('lists the methods a path allows', () => {
      const r = build([
        ['GET', '/todos/:id', 'byId'],
        ['DELETE', '/todos/:id', 'del'],
        ['GET', '/todos', 'list'],
      ]);
      expect(r.allowedMethods('/todos/3').sort()).toEqual(['DELETE', 'GET']);
      expect(r.allowedMethods('/elsewhere')).toEqual([]);
    });

    it('refuses a duplicate registration', () => {
      const r = create();
      r.add('GET', '/a', 'one');
      expect(() => r.add('GET', '/a', 'two')).toThrow(/twice/);
      r.add('GET', '/b/:id', 'three');
      expect(() => r.add('GET', '/b/:key/', 'four')).toThrow(/twice/);
    });

    it('refuses additions once sealed', () => {
      const r = build([['GET', '/a', 'one']]);
      expect(() => r.add('GET', '/b', 'two')).toThrow(/sealed/);
    });
  });
}
