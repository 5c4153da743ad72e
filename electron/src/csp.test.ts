import { describe, expect, it } from 'vitest';

import { buildCsp, buildDevCsp, buildErrorPageCsp } from './csp.js';

/** The policy as directive → sources, so each rule can be read on its own. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('buildCsp', () => {
  const policy = directives(buildCsp({ connectOrigin: 'http://127.0.0.1:5123' }));

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
    const lan = directives(
      buildCsp({ connectOrigin: 'http://127.0.0.1:5123', apiOrigin: 'http://192.168.1.5:3000' }),
    );
    expect(lan.get('connect-src')).toContain('http://192.168.1.5:3000');
    const local = directives(
      buildCsp({ connectOrigin: 'http://127.0.0.1:5123', apiOrigin: 'http://127.0.0.1:3000/' }),
    );
    expect(local.get('connect-src')).toHaveLength(3);
    const stopped = directives(
      buildCsp({ connectOrigin: 'http://127.0.0.1:5123', apiOrigin: null }),
    );
    expect(stopped.get('connect-src')).toHaveLength(3);
  });

  it('closes base, object, form and framing', () => {
    for (const name of ['base-uri', 'object-src', 'form-action', 'frame-ancestors']) {
      expect(policy.get(name)).toEqual(["'none'"]);
    }
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it("never allows inline or eval'd scripts", () => {
    const all = buildCsp({ connectOrigin: 'http://127.0.0.1:1' });
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(all).not.toContain('unsafe-eval');
  });

  it("uses a nonce for styles instead of 'unsafe-inline' when given one", () => {
    const nonced = directives(buildCsp({ connectOrigin: 'http://127.0.0.1:1', styleNonce: 'abc' }));
    expect(nonced.get('style-src')).toEqual(["'self'", "'nonce-abc'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('reduces the origin to scheme, host and port, and refuses anything else', () => {
    const trimmed = directives(buildCsp({ connectOrigin: 'http://127.0.0.1:5123/api?x' }));
    expect(trimmed.get('connect-src')?.[0]).toBe('http://127.0.0.1:5123');
    expect(() => buildCsp({ connectOrigin: 'javascript:alert(1)' })).toThrow(/http\(s\) origin/);
    expect(() => buildCsp({ connectOrigin: "'unsafe-inline'; script-src *" })).toThrow();
  });
});

describe('buildDevCsp', () => {
  it("adds Vite's dev server and its HMR socket", () => {
    const policy = directives(
      buildDevCsp({
        connectOrigin: 'http://127.0.0.1:5123',
        devServerOrigin: 'http://localhost:5173',
      }),
    );
    expect(policy.get('connect-src')).toEqual([
      'http://127.0.0.1:5123',
      'http://127.0.0.1:*',
      'http://localhost:*',
      'http://localhost:5173',
      'ws://localhost:5173',
    ]);
    expect(policy.get('default-src')).toEqual(["'none'"]);
  });
});

describe('buildErrorPageCsp', () => {
  it('allows the one nonced style and nothing else', () => {
    const policy = directives(buildErrorPageCsp('n1'));
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('style-src')).toEqual(["'nonce-n1'"]);
    expect(policy.has('script-src')).toBe(false);
  });
});
