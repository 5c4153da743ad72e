/**
 * Issue 42, "Types by what the data says": the one rule that types a field of mixed scalars,
 * value by value.
 */
import { describe, expect, it } from 'vitest';

import type { JsonValue } from '../contract/control-api.js';
import { FIT_SHARE, isNumberText, ScalarTally, scalarVerdict } from './scalar-majority.js';

const tallyOf = (values: readonly (string | number | boolean)[]): ScalarTally => {
  const tally = new ScalarTally();
  for (const value of values) tally.add(value);
  return tally;
};

/** The type, and each value as the seed holds it (`undefined`: left out). */
function typed(values: readonly (string | number | boolean)[], leaveOut = true) {
  const verdict = scalarVerdict(tallyOf(values), leaveOut);
  return {
    kind: verdict.kind,
    seed: values.map((v): JsonValue | undefined => (verdict.convert ? verdict.convert(v) : v)),
  };
}

const numbers = (count: number): number[] => Array.from({ length: count }, (_, i) => i + 0.5);

describe('isNumberText', () => {
  it("is a number's text: what writes back as the same text, a decimal's trailing zeros apart", () => {
    for (const text of ['2', '9.65', '-3', '0', '1e+21', '0.1', '18.00', '9.650', '2.0', '-0.50'])
      expect({ text, number: isNumberText(text) }).toEqual({ text, number: true });
    for (const text of ['', ' 2', '2 ', '02', '02134', '007.5', '1e3', '+1', '-0', '-0.0', '0x10'])
      expect({ text, number: isNumberText(text) }).toEqual({ text, number: false });
    for (const text of ['2.', '.5', '12345678901234567890', '0.30000000000000001'])
      expect({ text, number: isNumberText(text) }).toEqual({ text, number: false });
    // A megabyte of digits is read in one pass (no pattern that backtracks over the zeros).
    expect(isNumberText(`1.${'0'.repeat(1_000_000)}1`)).toBe(false);
    expect(isNumberText(`0.5${'0'.repeat(1_000_000)}`)).toBe(true);
    for (const text of ['NaN', 'Infinity', '-Infinity', '1_000', '2n', 'n/a', 'true'])
      expect({ text, number: isNumberText(text) }).toEqual({ text, number: false });
  });
});

describe('scalarVerdict', () => {
  it('keeps a field of one kind as it is, with nothing to rewrite', () => {
    expect(scalarVerdict(tallyOf([1, 9.65]))).toEqual({
      kind: 'number',
      widened: false,
      leftOut: 0,
    });
    expect(scalarVerdict(tallyOf(['18.0000', '19']))).toEqual({
      kind: 'string',
      widened: false,
      leftOut: 0,
    });
    expect(scalarVerdict(tallyOf([true]))).toMatchObject({ kind: 'boolean', leftOut: 0 });
  });

  it("types numbers and numbers' texts as a number, 2 and 9.65 alike (no integer type)", () => {
    expect(typed([18, 9.65, '2', 0, '21.35'])).toEqual({
      kind: 'number',
      seed: [18, 9.65, 2, 0, 21.35],
    });
    // One real number is enough when every other value is a number's exact text.
    expect(typed(['1', '2', 3])).toEqual({ kind: 'number', seed: [1, 2, 3] });
    expect(typed([18, '18.00', '9.650'])).toEqual({ kind: 'number', seed: [18, 18, 9.65] });
  });

  it('leaves out what fits no number when nine in ten values fit', () => {
    const values = [...numbers(8), '3', 'n/a'];
    expect(tallyOf(values).total * FIT_SHARE).toBe(9);
    const verdict = scalarVerdict(tallyOf(values));
    expect(verdict).toMatchObject({ kind: 'number', leftOut: 1, widened: false });
    expect(verdict.guess).toBe(
      'holds numbers, 1 number written as text and 1 value that is no number: typed number, the text written as a number in the seed and the other left out',
    );
    expect(typed(values).seed.slice(-2)).toEqual([3, undefined]);
    // Texts whose number writes back otherwise ("02134": a code's zero) are misfits too.
    expect(typed([...numbers(9), '02134']).seed.at(-1)).toBeUndefined();
    expect(typed([...numbers(18), true, false]).seed.slice(-2)).toEqual([undefined, undefined]);
  });

  it('keeps the values as text when fewer than nine in ten fit a number', () => {
    expect(typed([2, 'high'])).toEqual({ kind: 'string', seed: ['2', 'high'] });
    expect(typed([...numbers(8), 'n/a', '02134']).kind).toBe('string');
    const verdict = scalarVerdict(tallyOf([1, 'x', true]));
    expect(verdict).toMatchObject({ kind: 'string', widened: true, leftOut: 0 });
    expect(verdict.guess).toMatch(/^holds number and string and boolean values: typed string/);
  });

  it('types booleans and "true"/"false" as a boolean, leaving out the rare misfit', () => {
    expect(typed([true, 'false', false, 'true'])).toEqual({
      kind: 'boolean',
      seed: [true, false, false, true],
    });
    const values = [...Array.from({ length: 9 }, () => false), 'yes'];
    expect(typed(values).kind).toBe('boolean');
    expect(typed(values).seed.at(-1)).toBeUndefined();
    // 1 and 0 are no booleans' text: with too many of them the field is text.
    expect(typed([true, false, 1, 0]).kind).toBe('string');
  });

  it('leaves no item out of an array: a misfit there makes the items text', () => {
    expect(typed([1, '2', 3], false)).toEqual({ kind: 'number', seed: [1, 2, 3] });
    expect(typed([...numbers(9), 'n/a'], false).kind).toBe('string');
  });
});
