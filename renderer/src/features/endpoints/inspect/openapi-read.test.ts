import { describe, expect, it } from 'vitest';

import { openApiPath, operationOf, resolve, rulesOf, schemaRows, typeText } from './openapi-read';
import { TODO_OPENAPI as doc } from './todo-openapi.fixture';

describe('openapi-read', () => {
  it('finds a route’s operation under the document’s path spelling', () => {
    expect(openApiPath('/users/:id/todos')).toBe('/users/{id}/todos');
    expect(operationOf(doc, { method: 'GET', path: '/todos/:id' })?.summary).toBe('Get one Todo');
    expect(operationOf(doc, { method: 'GET', path: '/nope' })).toBeUndefined();
  });

  it('follows references and words types and rules', () => {
    expect(resolve(doc, { $ref: '#/components/responses/Problem404' })).toMatchObject({
      description: 'No such record or route',
    });
    expect(typeText(doc, { type: 'array', items: { $ref: '#/components/schemas/Todo' } })).toBe(
      'Todo[]',
    );
    expect(typeText(doc, { type: ['integer', 'null'] })).toBe('integer | null');
    expect(
      rulesOf({ type: 'string', minLength: 1, maxLength: 5, pattern: '^a', format: 'email' }),
    ).toEqual(['format email', 'min length 1', 'max length 5', 'pattern /^a/']);
    expect(rulesOf({ enum: ['low', 'high'], default: 'low' })).toEqual([
      'one of "low", "high"',
      'default "low"',
    ]);
  });

  it('lists a record schema’s fields, required and nullable ones marked', () => {
    expect(schemaRows(doc, { $ref: '#/components/schemas/Todo' })).toEqual([
      { name: 'id', type: 'integer', required: true, nullable: false, rules: ['≥ 1'] },
      { name: 'content', type: 'string', required: true, nullable: false, rules: [] },
      { name: 'completed', type: 'boolean', required: true, nullable: false, rules: [] },
      {
        name: 'user',
        type: 'integer',
        required: true,
        nullable: true,
        rules: [],
        description: "the User's id; ?embed=user sends the User itself",
      },
    ]);
  });
});
