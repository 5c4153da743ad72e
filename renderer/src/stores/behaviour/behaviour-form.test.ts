import { describe, expect, it } from 'vitest';

import { describeRules, EMPTY_FORM, fieldErrorsOf, formOf, rulesOf } from './behaviour-form';

describe('behaviour form', () => {
  it('turns rules into inputs and back: fixed, range, failure as a percentage', () => {
    const fixed = formOf({ delay: { minMs: 200, maxMs: 200 } });
    expect(fixed).toMatchObject({ delayMode: 'fixed', delayMs: '200', failOn: false });
    expect(rulesOf(fixed)).toEqual({ rules: { delay: { minMs: 200, maxMs: 200 } }, errors: {} });

    const both = formOf({ delay: { minMs: 100, maxMs: 800 }, fail: { rate: 0.1, status: 503 } });
    expect(both).toMatchObject({ delayMode: 'range', failPercent: '10', failStatus: '503' });
    expect(rulesOf(both).rules).toEqual({
      delay: { minMs: 100, maxMs: 800 },
      fail: { rate: 0.1, status: 503 },
    });
    expect(rulesOf(EMPTY_FORM)).toEqual({ rules: {}, errors: {} });
  });

  it('names what the inputs cannot hold: not a number, a range upside down, over 100 %', () => {
    const { errors } = rulesOf({
      ...EMPTY_FORM,
      delayMode: 'range',
      delayMinMs: '900',
      delayMaxMs: '100',
      failOn: true,
      failPercent: '150',
      failStatus: 'abc',
    });
    expect(Object.keys(errors).sort()).toEqual(['delayMaxMs', 'failPercent', 'failStatus']);
    expect(rulesOf({ ...EMPTY_FORM, delayMode: 'fixed', delayMs: '1.5' }).errors).toEqual({
      delayMs: 'Enter whole milliseconds',
    });
  });

  it("puts the API's field errors on the input of the edited part only", () => {
    const problem = {
      type: 'invalid-body',
      title: 'Invalid mock behaviour',
      status: 422,
      detail: '',
      message: '',
      instance: '/api/behaviour',
      errors: [
        { field: 'routes[1].fail.status', message: 'must be an HTTP error status, 400 to 599' },
        { field: 'routes[0].delay', message: 'other route' },
        { field: 'proxy', message: 'must be an http:// or https:// URL' },
      ],
    };
    expect(fieldErrorsOf(problem, 'routes[1].', 'fixed')).toEqual({
      failStatus: 'must be an HTTP error status, 400 to 599',
    });
    expect(fieldErrorsOf(problem, '', 'none')).toEqual({
      proxy: 'must be an http:// or https:// URL',
    });
  });

  it('describes rules in a few words', () => {
    expect(describeRules({ delay: { minMs: 2000, maxMs: 2000 } })).toBe('2000 ms');
    expect(
      describeRules({ delay: { minMs: 100, maxMs: 800 }, fail: { rate: 0.25, status: 500 } }),
    ).toBe('100–800 ms · 25 % → 500');
  });
});
