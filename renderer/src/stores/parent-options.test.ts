import { describe, expect, it } from 'vitest';

import { PARENT_OPTIONS_LIMIT, parentQuery, toOptions } from './parent-options';

describe('parent options', () => {
  it('searches by text, and lists the first parents for an empty text or an id', () => {
    expect(parentQuery(' ann ')).toEqual({ q: 'ann', limit: PARENT_OPTIONS_LIMIT });
    expect(parentQuery('')).toEqual({ limit: PARENT_OPTIONS_LIMIT });
    expect(parentQuery('12')).toEqual({ limit: PARENT_OPTIONS_LIMIT });
  });

  it('names each parent by its title field', () => {
    expect(toOptions([{ id: 1, name: 'Ann' }, { id: 2 }], 'name')).toEqual([
      { id: 1, label: 'Ann' },
      { id: 2, label: '' },
    ]);
  });
});
