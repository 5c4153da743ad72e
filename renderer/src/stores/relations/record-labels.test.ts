import { describe, expect, it } from 'vitest';

import type { FieldInfo, ModelInfo } from '../../api';
import { todoModel } from '../../test-support/test-models';
import { labelFieldOf, labelOf } from './record-labels';

const field = (name: string, kind: 'string' | 'number', required = false): FieldInfo => ({
  name,
  type: kind === 'string' ? { kind } : { kind, integer: false },
  typeText: kind,
  required,
  nullable: false,
  rules: {},
  declaredIn: 'M',
});
const model = (...fields: FieldInfo[]): ModelInfo => ({ ...todoModel, fields });

describe('labelFieldOf', () => {
  it('takes the field people name a title, before any other string field', () => {
    expect(labelFieldOf(model(field('email', 'string', true), field('Name', 'string')))).toBe(
      'Name',
    );
    expect(labelFieldOf(todoModel)).toBe('content');
  });

  it('falls back to the first required string field, and to none', () => {
    expect(labelFieldOf(model(field('code', 'string'), field('sku', 'string', true)))).toBe('sku');
    expect(labelFieldOf(model(field('code', 'string'), field('age', 'number', true)))).toBe(
      undefined,
    );
  });
});

describe('labelOf', () => {
  it('reads a string title, and nothing from other values', () => {
    expect(labelOf({ id: 1, name: 'Ann' }, 'name')).toBe('Ann');
    expect(labelOf({ id: 1, name: 7 }, 'name')).toBe('');
    expect(labelOf({ id: 1 }, 'name')).toBe('');
    expect(labelOf({ id: 1, name: 'Ann' }, undefined)).toBe('');
  });
});
