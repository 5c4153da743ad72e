import { describe, expect, it } from 'vitest';

import type { JsonValue } from '../contract/control-api.js';
import { converterTo } from './convert-values.js';

const convert = (type: string, value: JsonValue) => converterTo(type)!(value);

describe('converterTo', () => {
  it.each<[string, JsonValue, JsonValue]>([
    ['number', '12.5', 12.5],
    ['number', ' 7 ', 7],
    ['number', 3, 3],
    ['string', 12.5, '12.5'],
    ['string', true, 'true'],
    ['boolean', 'TRUE', true],
    ['boolean', 'false', false],
    ['boolean', 1, true],
    ['boolean', 0, false],
    ['Date', '2026-01-02', '2026-01-02T00:00:00.000Z'],
    ['Date', 0, '1970-01-01T00:00:00.000Z'],
    ['string[]', 'tea', ['tea']],
    ['string[]', [1, 'b'], ['1', 'b']],
    ['number[]', ['1', 2], [1, 2]],
    ['number', null, null],
  ])('%s from %j is %j', (type, from, to) => {
    expect(convert(type, from)).toEqual({ ok: true, value: to });
  });

  it.each<[string, JsonValue]>([
    ['number', 'about ten'],
    ['number', ''],
    ['number', true],
    ['number', 'Infinity'],
    ['boolean', 'yes'],
    ['boolean', 2],
    ['Date', 'soon'],
    ['Date', 1e20],
    ['string', { a: 1 }],
    ['string', [1]],
    ['number[]', ['1', 'x']],
  ])('refuses %s from %j', (type, from) => {
    expect(convert(type, from)).toEqual({ ok: false });
  });

  it('converts only to the types the studio offers', () => {
    expect(converterTo("'low' | 'high'")).toBeUndefined();
    expect(converterTo('Record<string, number>')).toBeUndefined();
  });
});
