import { describe, expect, it } from 'vitest';

import { createToken, hostAllowed, originAllowed, ownOrigins, tokenMatches } from './auth.js';

describe('the launch token', () => {
  it('is 256 random bits, URL-safe, new every launch', () => {
    const a = createToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(createToken()).not.toBe(a);
  });

  it('matches only the exact token after a Bearer scheme', () => {
    const token = createToken();
    expect(tokenMatches(token, `Bearer ${token}`)).toBe(true);
    expect(tokenMatches(token, `BEARER ${token}`)).toBe(true);
    for (const header of [
      undefined,
      '',
      token,
      `Bearer`,
      `Bearer ${token}x`,
      `Bearer ${token.slice(1)}`,
      `Basic ${token}`,
      `Bearer ${token.toUpperCase()}`,
      `Bearer ${'a'.repeat(10_000)}`,
    ]) {
      expect(tokenMatches(token, header), String(header).slice(0, 40)).toBe(false);
    }
  });
});

describe('Host and Origin', () => {
  it('allows loopback names with the control port only', () => {
    expect(hostAllowed('127.0.0.1:4000', 4000)).toBe(true);
    expect(hostAllowed('LocalHost:4000', 4000)).toBe(true);
    expect(hostAllowed('[::1]:4000', 4000)).toBe(true);
    for (const host of [
      undefined,
      '127.0.0.1',
      '127.0.0.1:4001',
      'evil.example:4000',
      '127.0.0.1.nip.io:4000',
      '0.0.0.0:4000',
      '[::ffff:127.0.0.1]:4000',
    ]) {
      expect(hostAllowed(host, 4000), String(host)).toBe(false);
    }
  });

  it('allows no Origin (non-browser clients) and the studio own origins', () => {
    const own = ownOrigins(4000);
    expect(originAllowed(undefined, own)).toBe(true);
    expect(originAllowed('http://127.0.0.1:4000', own)).toBe(true);
    expect(originAllowed('http://localhost:4000', own)).toBe(true);
    for (const origin of [
      'null',
      'http://127.0.0.1:4001',
      'https://127.0.0.1:4000',
      'http://evil.example',
      '',
    ]) {
      expect(originAllowed(origin, own), origin).toBe(false);
    }
  });
});
