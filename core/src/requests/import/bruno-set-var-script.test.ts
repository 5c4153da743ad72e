import { describe, expect, it } from 'vitest';

import { scriptSaves, setVarSources } from './bruno-set-var-script.js';

describe('a Bruno post-response script that only saves values', () => {
  it('is the values it saves, read from the body or a header', () => {
    expect(
      setVarSources(
        [
          '// keep the token for the requests after this one',
          'bru.setVar("customerToken", res.body.accessToken);',
          "bru.setVar('orderId', res.body.items[0].id)",
          'bru.setVar("where", res.headers.location);',
        ].join('\n'),
      ),
    ).toEqual({ customerToken: '/accessToken', orderId: '/items/0/id', where: 'header:location' });
  });

  it('is no values when it does anything else, so the whole script stays a note', () => {
    for (const script of [
      '',
      'bru.setVar("token", res.body.token);\nconsole.log(res.body);',
      'if (res.status === 200) bru.setVar("token", res.body.token);',
      'bru.setEnvVar("token", res.body.token);',
      'bru.setVar("n", res.body.count + 1);',
      'bru.setVar(name, res.body.token);',
    ])
      expect(setVarSources(script), script).toBeUndefined();
  });

  it('takes the top-level calls of a script that does more, and says there is more', () => {
    const script = [
      'bru.setVar("id", res.body.orderId);',
      'test("is a UUID", () => {',
      '  const re = /^[0-9a-f]{8}-/i; // a { in a regexp is rare',
      '  bru.setVar("inside", res.body.x);',
      '  expect(`${res.body.orderId}`).toMatch(re);',
      '});',
      "bru.setVar('next', res.headers.location)",
    ].join('\n');
    expect(scriptSaves(script)).toEqual({
      sources: { id: '/orderId', next: 'header:location' },
      more: true,
    });
    expect(scriptSaves('bru.setVar("a", res.body.a);')).toEqual({
      sources: { a: '/a' },
      more: false,
    });
  });
});
