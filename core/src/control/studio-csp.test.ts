import { describe, expect, it } from 'vitest';

import { studioCsp } from './studio-csp.js';

/** The policy as directive → sources, so each rule can be read on its own. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('studioCsp, served by the control API (the browser studio)', () => {
  it('lets the page reach the control API and loopback on any port, nothing else by default', () => {
    const connect = /connect-src ([^;]*)/.exec(studioCsp())?.[1];
    expect(connect).toBe("'self' http://127.0.0.1:* http://localhost:*");
    expect(studioCsp({ apiOrigin: 'http://127.0.0.1:3000' })).toBe(studioCsp());
  });

  it('adds the mock API origin when it listens beyond loopback (--host)', () => {
    expect(studioCsp({ apiOrigin: 'http://192.168.1.5:3000' })).toContain(
      "connect-src 'self' http://127.0.0.1:* http://localhost:* http://192.168.1.5:3000;",
    );
  });
});

describe('studioCsp, for a page from elsewhere (the desktop shell)', () => {
  const controlOrigin = 'http://127.0.0.1:5123';
  const policy = directives(studioCsp({ controlOrigin }));

  it('allows nothing by default and scripts from the app only', () => {
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
  });

  it('lets the page connect to the control API and the mock API on this machine only', () => {
    expect(policy.get('connect-src')).toEqual([
      'http://127.0.0.1:5123',
      'http://127.0.0.1:*',
      'http://localhost:*',
    ]);
  });

  it("adds the mock API's origin when it listens beyond loopback, once", () => {
    const lan = directives(studioCsp({ controlOrigin, apiOrigin: 'http://192.168.1.5:3000' }));
    expect(lan.get('connect-src')).toContain('http://192.168.1.5:3000');
    const local = directives(studioCsp({ controlOrigin, apiOrigin: 'http://127.0.0.1:3000/' }));
    expect(local.get('connect-src')).toHaveLength(3);
    const stopped = directives(studioCsp({ controlOrigin, apiOrigin: null }));
    expect(stopped.get('connect-src')).toHaveLength(3);
  });

  it('closes base, object, form and framing', () => {
    for (const name of ['base-uri', 'object-src', 'form-action', 'frame-ancestors']) {
      expect(policy.get(name)).toEqual(["'none'"]);
    }
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it("never allows inline or eval'd scripts", () => {
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(studioCsp({ controlOrigin })).not.toContain('unsafe-eval');
  });

  it("uses a nonce for styles instead of 'unsafe-inline' when given one", () => {
    const nonced = directives(studioCsp({ controlOrigin, styleNonce: 'abc' }));
    expect(nonced.get('style-src')).toEqual(["'self'", "'nonce-abc'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('reduces the origin to scheme, host and port, and refuses anything else', () => {
    const trimmed = directives(studioCsp({ controlOrigin: 'http://127.0.0.1:5123/api?x' }));
    expect(trimmed.get('connect-src')?.[0]).toBe('http://127.0.0.1:5123');
    expect(() => studioCsp({ controlOrigin: 'javascript:alert(1)' })).toThrow(/http\(s\) origin/);
    expect(() => studioCsp({ controlOrigin: "'unsafe-inline'; script-src *" })).toThrow();
  });
});
