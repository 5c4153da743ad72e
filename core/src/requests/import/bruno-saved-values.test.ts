import { describe, expect, it } from 'vitest';

import { sourceOfBrunoExpression } from './bruno-saved-values.js';

describe('a Bruno post-response variable as a saved value (issue 47)', () => {
  it('reads the body by path and the headers by name', () => {
    expect(sourceOfBrunoExpression('res.body')).toBe('');
    expect(sourceOfBrunoExpression('res.body.token')).toBe('/token');
    expect(sourceOfBrunoExpression(' res.body.data.items[0].id ')).toBe('/data/items/0/id');
    expect(sourceOfBrunoExpression(`res.body["a/b"]['~c']`)).toBe('/a~1b/~0c');
    expect(sourceOfBrunoExpression(`res('data.items.0.id')`)).toBe('/data/items/0/id');
    expect(sourceOfBrunoExpression('res.headers.location')).toBe('header:location');
    expect(sourceOfBrunoExpression('res.headers["x-request-id"]')).toBe('header:x-request-id');
  });

  it('leaves script alone', () => {
    for (const script of [
      'res.status',
      'res.body.id + 1',
      'res.body.items.map(i => i.id)',
      'res.getBody().id',
      'res.headers',
      'bru.getVar("x")',
      '"literal"',
    ])
      expect(sourceOfBrunoExpression(script), script).toBeUndefined();
  });
});
