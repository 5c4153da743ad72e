/** Issue 42: an open model's undeclared fields, shown in the grid's "other fields" column. */
import { describe, expect, it } from 'vitest';

import type { ModelInfo } from '../../api';
import { todoModel } from '../../test-support/test-models';
import { undeclaredFields, undeclaredText } from './undeclared-fields';

const open: ModelInfo = { ...todoModel, open: true };

describe('undeclared fields of a record', () => {
  it('are the keys neither a field, a relation nor the id, in the record order', () => {
    const row = { id: 1, content: 'c', likes: 3, user: 2, tags: ['a'], note: null };
    expect(undeclaredFields(open, row)).toEqual({ likes: 3, tags: ['a'], note: null });
    expect(undeclaredText(open, row)).toBe('{"likes":3,"tags":["a"],"note":null}');
  });

  it('are none for a record holding only declared fields', () => {
    expect(undeclaredText(open, { id: 1, content: 'c' })).toBe('');
  });

  it('keep a __proto__ key as a key', () => {
    const row = JSON.parse('{"id":1,"__proto__":{"polluted":true}}') as Record<string, unknown>;
    expect(undeclaredText(open, row)).toBe('{"__proto__":{"polluted":true}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
