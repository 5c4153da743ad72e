import { describe, expect, it } from 'vitest';

import { PARENT_OPTIONS_LIMIT, parentQuery, toOptions } from './parent-options';

describe('parent options', () => {
  it('looks a typed id up, searches other text, and lists the first parents for none', () => {
    expect(parentQuery(' ann ', 'number')).toEqual({ q: 'ann', limit: PARENT_OPTIONS_LIMIT });
    expect(parentQuery('', 'number')).toEqual({ limit: PARENT_OPTIONS_LIMIT });
    expect(parentQuery(' 12 ', 'number')).toEqual({ id: '12', limit: 1 });
    // A string id may be any text: it is searched like a name.
    expect(parentQuery('12', 'string')).toEqual({ q: '12', limit: PARENT_OPTIONS_LIMIT });
  });

  it('names each parent by its title field', () => {
    expect(toOptions([{ id: 1, name: 'Ann' }, { id: 2 }], 'name')).toEqual([
      { id: 1, label: 'Ann' },
      { id: 2, label: '' },
    ]);
  });
});
