import { describe, expect, it } from 'vitest';

import { maskSecrets, secretNamesOf, variableHints } from './variable-hints';

describe('the hover over the resolved URL', () => {
  it('lists each variable of the URL once, resolved', () => {
    const vars = { host: 'http://h', base: '{{host}}/api' };
    expect(variableHints('{{base}}/todos/{{base}}', vars, new Set())).toBe(
      '{{base}} = http://h/api',
    );
    expect(variableHints('/todos', vars, new Set())).toBe('');
  });

  it('masks secrets and the values built from them', () => {
    const vars = { token: 's3cret', auth: 'key-{{token}}' };
    expect(variableHints('/x?t={{token}}&a={{auth}}', vars, new Set(['token']))).toBe(
      '{{token}} = ••••\n{{auth}} = key-••••',
    );
  });

  it('says when a variable is not defined', () => {
    expect(variableHints('{{nope}}', {}, new Set())).toBe('{{nope}} = (not defined)');
  });

  it("reads the secret names from the chosen environment's entry", () => {
    const entry = {
      path: 'a.json',
      environment: { name: 'a', variables: [{ name: 't', value: '', secret: true }] },
    };
    expect([...secretNamesOf(entry)]).toEqual(['t']);
    expect(secretNamesOf(undefined).size).toBe(0);
  });
});

describe('the resolved URL as shown', () => {
  it('reads •••• for a secret and keeps the same object when there is none', () => {
    expect(maskSecrets({ t: 'x', a: 'b' }, new Set(['t']))).toEqual({ t: '••••', a: 'b' });
    const vars = { a: 'b' };
    expect(maskSecrets(vars, new Set(['t']))).toBe(vars);
  });
});
