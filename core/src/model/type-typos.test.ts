import { describe, expect, it } from 'vitest';

import { nearTypeName } from './type-typos.js';

describe('nearTypeName', () => {
  it.each([
    ['boolen', 'boolean'],
    ['strng', 'string'],
    ['Number', 'number'],
    ['date', 'Date'],
  ])('takes %s for %s', (typo, meant) => {
    expect(nearTypeName(typo)).toBe(meant);
  });

  it.each(['Note', 'Owner', 'Data2x', 'Invoice'])('leaves the class name %s alone', (name) => {
    expect(nearTypeName(name)).toBeUndefined();
  });
});
