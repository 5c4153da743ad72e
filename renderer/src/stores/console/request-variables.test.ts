import { describe, expect, it } from 'vitest';

import { fillRequest, unknownVariables } from '../../api';
import { withDynamicValues } from './request-variables';

describe("Postman's dynamic variables when sending (issue 41)", () => {
  const template = {
    url: '/posts?author={{$randomFirstName}}',
    headers: [{ name: 'X-Request-Id', value: '{{$guid}}', enabled: true }],
    body: '{"title":"Trip to {{$randomCountry}}","at":{{$timestamp}},"n":{{$randomInt}}}',
  };

  it('fills each with a fresh made-up value, so nothing is unknown', async () => {
    const vars = await withDynamicValues(template, {});
    expect(unknownVariables(template, vars)).toEqual([]);
    const filled = fillRequest(template, vars);
    if (!filled.ok) throw new Error(filled.error);
    expect(filled.url).toMatch(/^\/posts\?author=[A-Za-z' -]+$/);
    expect(filled.headers[0]!.value).toMatch(/^[0-9a-f-]{36}$/);
    const body = JSON.parse(filled.body) as { title: string; at: number; n: number };
    expect(body.title).toMatch(/^Trip to \S/);
    expect(Number.isInteger(body.at) && Number.isInteger(body.n)).toBe(true);
    const again = await withDynamicValues(template, {});
    expect(again['$guid']).not.toBe(vars['$guid']);
  });

  it("keeps an environment's own value, and one with no equivalent is unknown", async () => {
    const vars = await withDynamicValues(template, { $guid: 'fixed' });
    expect(vars['$guid']).toBe('fixed');
    const odd = { url: '/x/{{$randomMood}}', headers: [], body: '' };
    expect(unknownVariables(odd, await withDynamicValues(odd, {}))).toEqual(['$randomMood']);
    expect(fillRequest(odd, {})).toMatchObject({ ok: false });
  });
});
