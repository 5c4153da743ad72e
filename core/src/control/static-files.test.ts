import { describe, expect, it } from 'vitest';

import { studioCsp } from './static-files.js';

describe('studioCsp', () => {
  it('lets the page reach the control API and loopback on any port, nothing else by default', () => {
    const connect = /connect-src ([^;]*)/.exec(studioCsp())?.[1];
    expect(connect).toBe("'self' http://127.0.0.1:* http://localhost:*");
    expect(studioCsp('http://127.0.0.1:3000')).toBe(studioCsp());
  });

  it('adds the mock API origin when it listens beyond loopback (--host)', () => {
    expect(studioCsp('http://192.168.1.5:3000')).toContain(
      "connect-src 'self' http://127.0.0.1:* http://localhost:* http://192.168.1.5:3000;",
    );
  });
});
