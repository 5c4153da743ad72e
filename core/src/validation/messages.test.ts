/**
 * The sentences of CONTRACT §4, from Ajv's findings: one per keyword the schemas use, the
 * field path a client can read, and a received value shown short.
 */
import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';

import { fieldPath, showValue, toFieldError } from './messages.js';

const ajvError = (
  keyword: string,
  instancePath: string,
  params: Record<string, unknown>,
  message?: string,
): ErrorObject => ({
  keyword,
  instancePath,
  schemaPath: `#/properties${instancePath}/${keyword}`,
  params,
  ...(message === undefined ? {} : { message }),
});

const BODY = {
  title: 'x'.repeat(100),
  size: 11,
  tags: ['ok', 3],
  owner: { id: 'x', extra: true },
};

const message = (error: ErrorObject) => toFieldError(error, BODY, 'Task');

describe('showValue', () => {
  it('shows scalars as JSON, containers by kind', () => {
    expect(showValue('yes')).toBe('"yes"');
    expect(showValue(3)).toBe('3');
    expect(showValue(false)).toBe('false');
    expect(showValue(null)).toBe('null');
    expect(showValue([1, 2])).toBe('an array');
    expect(showValue({ a: 1 })).toBe('an object');
    expect(showValue(undefined)).toBe('nothing');
  });

  it('cuts a long value to 60 characters, ending with an ellipsis and the closing quote', () => {
    const shown = showValue('y'.repeat(500));
    expect(shown).toBe(`"${'y'.repeat(56)}…"`);
    expect(shown).toHaveLength(59);
    expect(showValue('y'.repeat(58))).toBe(`"${'y'.repeat(58)}"`);
  });
});

describe('fieldPath', () => {
  it('turns a JSON pointer into dotted fields and [index] elements', () => {
    expect(fieldPath('')).toBe('');
    expect(fieldPath('/title')).toBe('title');
    expect(fieldPath('/tags/1')).toBe('tags[1]');
    expect(fieldPath('/owner/id')).toBe('owner.id');
    expect(fieldPath('/rows/0/cells/12/value')).toBe('rows[0].cells[12].value');
  });

  it('appends a missing or extra property, and unescapes ~1 and ~0', () => {
    expect(fieldPath('', 'title')).toBe('title');
    expect(fieldPath('/owner', 'id')).toBe('owner.id');
    expect(fieldPath('/a~1b/~0c')).toBe('a/b.~c');
  });
});

describe('toFieldError', () => {
  it('finds the value under a key holding / or ~ (JSON Pointer escapes)', () => {
    const body = { 'a/b': 3, 'c~d': 4 };
    expect(toFieldError(ajvError('type', '/a~1b', { type: 'string' }), body, 'Task')).toEqual({
      field: 'a/b',
      message: 'must be a string, got 3',
    });
    expect(toFieldError(ajvError('type', '/c~0d', { type: 'string' }), body, 'Task')!.message).toBe(
      'must be a string, got 4',
    );
  });

  it('names a missing field and an unknown one', () => {
    expect(message(ajvError('required', '', { missingProperty: 'level' }))).toEqual({
      field: 'level',
      message: 'is required',
    });
    expect(message(ajvError('required', '/owner', { missingProperty: 'id' }))).toEqual({
      field: 'owner.id',
      message: 'is required',
    });
    expect(message(ajvError('additionalProperties', '', { additionalProperty: 'colour' }))).toEqual(
      { field: 'colour', message: 'is not a field of Task' },
    );
    expect(
      message(ajvError('additionalProperties', '/owner', { additionalProperty: 'extra' })),
    ).toEqual({ field: 'owner.extra', message: 'is not a field of Task.owner' });
    expect(
      message(ajvError('additionalProperties', '/tags/2/label', { additionalProperty: 'x' })),
    ).toEqual({ field: 'tags[2].label.x', message: 'is not a field of Task.tags.label' });
  });

  it('says which type was expected, with an article, and what came', () => {
    expect(message(ajvError('type', '/tags/1', { type: 'string' }))).toEqual({
      field: 'tags[1]',
      message: 'must be a string, got 3',
    });
    expect(message(ajvError('type', '/size', { type: 'integer' }))).toEqual({
      field: 'size',
      message: 'must be an integer, got 11',
    });
    expect(message(ajvError('type', '/owner', { type: ['string', 'null'] }))).toEqual({
      field: 'owner',
      message: 'must be a string or null, got an object',
    });
  });

  it('lists the allowed values of an enum and shows a long received value short', () => {
    expect(message(ajvError('enum', '/title', { allowedValues: ['low', 'high', null] }))).toEqual({
      field: 'title',
      message: `must be one of "low", "high", null, got "${'x'.repeat(56)}…"`,
    });
  });

  it('words the limits of numbers and lengths', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['minimum', { limit: 0 }, 'must be >= 0, got 11'],
      ['maximum', { limit: 10 }, 'must be <= 10, got 11'],
      ['minLength', { limit: 2 }, 'must be at least 2 characters long'],
      ['maxLength', { limit: 5 }, 'must be at most 5 characters long'],
    ];
    for (const [keyword, params, text] of cases) {
      expect(message(ajvError(keyword, '/size', params)), keyword).toEqual({
        field: 'size',
        message: text,
      });
    }
  });

  it('words patterns and formats, with an example for date-times', () => {
    expect(message(ajvError('pattern', '/owner/id', { pattern: '^[A-Z]+$' }))).toEqual({
      field: 'owner.id',
      message: 'must match the pattern /^[A-Z]+$/, got "x"',
    });
    expect(message(ajvError('format', '/size', { format: 'date-time' }))).toEqual({
      field: 'size',
      message: 'must be an ISO-8601 date-time such as "2024-05-01T09:30:00Z", got 11',
    });
    expect(message(ajvError('format', '/size', { format: 'email' }))).toEqual({
      field: 'size',
      message: 'must be a valid email, got 11',
    });
  });

  it('words the parent-id choice, and falls back to Ajv’s own message', () => {
    expect(message(ajvError('anyOf', '/owner', {}))).toEqual({
      field: 'owner',
      message: 'must be an id or an object with an id, got an object',
    });
    expect(
      message(ajvError('multipleOf', '/size', { multipleOf: 2 }, 'must be multiple of 2')),
    ).toEqual({ field: 'size', message: 'must be multiple of 2' });
    expect(message(ajvError('const', '/size', {}))).toEqual({
      field: 'size',
      message: 'is invalid',
    });
  });
});
