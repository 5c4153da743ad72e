import { describe, expect, it } from 'vitest';

import type { ModelInfo } from '../../api';
import { filterQuery, pageQuery, unknownFilterNames } from './data-query';

describe('filterQuery', () => {
  it('reads field=value pairs, and any other text as a search', () => {
    expect(filterQuery('completed=true&user=1')).toEqual({ completed: 'true', user: '1' });
    expect(filterQuery('content_like=milk')).toEqual({ content_like: 'milk' });
    expect(filterQuery('buy milk')).toEqual({ q: 'buy milk' });
    expect(filterQuery('  ')).toEqual({});
  });
});

describe('unknownFilterNames', () => {
  const fields = ['content', 'completed', 'user'];
  it('names what is neither a field (with its operator) nor a control', () => {
    expect(unknownFilterNames('bogus=1', fields)).toEqual(['bogus']);
    expect(unknownFilterNames('content_like=a&colour_ne=red&id=2', fields)).toEqual(['colour_ne']);
    expect(unknownFilterNames('completed=true&_sort=content&limit=5', fields)).toEqual([]);
    expect(unknownFilterNames('just words', fields)).toEqual([]);
  });
});

describe('pageQuery', () => {
  it('leaves out a name the model lacks, as the toolbar says, and keeps the rest', () => {
    const todo = {
      name: 'Todo',
      fields: [{ name: 'content' }, { name: 'completed' }],
      relations: [{ kind: 'belongTo', field: 'user' }],
    } as unknown as ModelInfo;
    expect(pageQuery(0, 50, null, 'priority=high&completed=true&user=1', todo)).toEqual({
      completed: 'true',
      user: '1',
      offset: 0,
      limit: 50,
    });
  });
});
