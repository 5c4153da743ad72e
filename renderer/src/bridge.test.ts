import { describe, expect, it } from 'vitest';

import { adoptTokenFromLocation } from './bridge';

function fakes(hash: string) {
  const items = new Map<string, string>();
  const storage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  } as unknown as Storage;
  const replaced: string[] = [];
  const history = {
    state: null,
    replaceState: (_s: unknown, _t: string, url: string) => void replaced.push(url),
  } as unknown as History;
  const loc = { hash, pathname: '/', search: '' } as Location;
  return { storage, history, loc, replaced };
}

describe('adoptTokenFromLocation', () => {
  it('moves #token=… into session storage and out of the address bar', () => {
    const f = fakes('#token=abc123');
    expect(adoptTokenFromLocation(f.loc, f.storage, f.history)).toBe('abc123');
    expect(f.replaced).toEqual(['/']);
    // A reload (fragment gone) still finds the token in session storage.
    expect(adoptTokenFromLocation({ ...f.loc, hash: '' }, f.storage, f.history)).toBe('abc123');
  });

  it('answers null when the page was opened without a token', () => {
    const f = fakes('');
    expect(adoptTokenFromLocation(f.loc, f.storage, f.history)).toBeNull();
    expect(f.replaced).toEqual([]);
  });
});
