import { describe, expect, it } from 'vitest';

import { nameError, rulesOf, valueOf } from './field-form';

describe('model-edit form values', () => {
  it('reads rules typed as `key: value` pairs; a pattern keeps its commas', () => {
    expect(rulesOf('')).toEqual({});
    expect(rulesOf('minLength: 1, max: 9, format: email')).toEqual({
      minLength: 1,
      max: 9,
      format: 'email',
    });
    expect(rulesOf('min: 0, pattern: ^[a-z]{1,3}$')).toEqual({ min: 0, pattern: '^[a-z]{1,3}$' });
    expect(rulesOf('min: x')).toBe('min must be a number.');
    expect(rulesOf('format: phone')).toMatch(/email, uri or date-time/);
    expect(rulesOf('size: 3')).toMatch(/not a rule/);
  });

  it('reads a default as the field type, and names a bad one', () => {
    expect(valueOf('3', 'number')).toBe(3);
    expect(valueOf('', 'number')).toMatch(/not a number/);
    expect(valueOf('true', 'boolean')).toBe(true);
    expect(valueOf('["a"]', 'string[]')).toEqual(['a']);
    expect(valueOf('EUR', 'string')).toBe('EUR');
  });

  it('explains a bad name', () => {
    expect(nameError('total')).toBeNull();
    expect(nameError('')).toMatch(/needs a name/);
    expect(nameError('1x')).toMatch(/not a valid field name/);
  });
});
