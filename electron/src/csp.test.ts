import { describe, expect, it } from 'vitest';

import { buildDevCsp, buildErrorPageCsp } from './csp.js';

/** The policy as directive → sources, so each rule can be read on its own. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

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
