import { describe, expect, it } from 'vitest';

import { queryExamples } from './query-examples';
import { TODO_OPENAPI as doc } from './todo-openapi.fixture';

const todo = { $ref: '#/components/schemas/Todo' };

describe('queryExamples', () => {
  it('makes the filters from the model’s fields and first seed record', () => {
    const examples = queryExamples(doc, todo, ['limit', 'q', 'embed']);
    expect(examples.map((e) => e.query)).toEqual([
      'limit=10&offset=0',
      'completed=true',
      'id_gte=1',
      'id_lte=1',
      'id_ne=1',
      'content_like=read',
      'q=read',
      'embed=user',
    ]);
  });

  it('leaves out the conventions the document does not list for the route', () => {
    const queries = queryExamples(doc, todo, []).map((e) => e.query);
    expect(queries).not.toContain('limit=10&offset=0');
    expect(queries).not.toContain('_page=1&_per_page=10');
    expect(queries).not.toContain('embed=user');
  });

  it('does not filter on a children list shown only when embedded', () => {
    const queries = queryExamples(doc, { $ref: '#/components/schemas/User' }, ['embed']).map(
      (e) => e.query,
    );
    expect(queries).toContain('name_like=ann');
    expect(queries).toContain('embed=todos');
    expect(queries.some((q) => q.startsWith('todos'))).toBe(false);
  });
});
