/** Issue 41: an object field's cell is compact JSON, edited as JSON, sampled from its members. */
import { describe, expect, it } from 'vitest';

import type { FieldInfo, ModelInfo } from '../../api';
import { cellText, parseCell, sampleBody } from './field-values';

const category: FieldInfo = {
  name: 'category',
  type: {
    kind: 'object',
    fields: [
      { name: 'id', type: { kind: 'number', integer: false }, required: true, nullable: false },
      { name: 'name', type: { kind: 'string' }, required: false, nullable: false },
      {
        name: 'size',
        type: {
          kind: 'object',
          fields: [
            {
              name: 'unit',
              type: { kind: 'enum', values: ['cm', 'in'] },
              required: true,
              nullable: false,
            },
          ],
        },
        required: true,
        nullable: false,
      },
      { name: 'note', type: { kind: 'string' }, required: true, nullable: true },
    ],
  },
  typeText: "{ id: number; name?: string; size: { unit: 'cm' | 'in' }; note: string | null }",
  required: true,
  nullable: false,
  rules: {},
  declaredIn: 'Pet',
};

describe('object field cells', () => {
  it('show the value as compact JSON and read the edited text as JSON', () => {
    const value = { id: 1, name: 'Dogs' };
    expect(cellText(value)).toBe('{"id":1,"name":"Dogs"}');
    expect(parseCell(' {"id": 2} ', category, false)).toEqual({ id: 2 });
    // Text that is no JSON goes as typed: the API's 422 says what is wrong.
    expect(parseCell('{id: 2', category, false)).toBe('{id: 2');
  });

  it('sample a create body with the required members of an object field', () => {
    const model = { fields: [category], relations: [] } as unknown as ModelInfo;
    expect(sampleBody(model)).toEqual({ category: { id: 0, size: { unit: 'cm' }, note: null } });
  });
});
