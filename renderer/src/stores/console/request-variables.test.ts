import { describe, expect, it } from 'vitest';

import { fillRequest, unknownVariables, withDynamicValues } from './request-variables';

const row = (name: string, value: string, enabled = true) => ({ name, value, enabled });

describe('fillRequest', () => {
  it('fills the URL, enabled headers and the body, nested variables too', () => {
    const vars = { host: 'http://127.0.0.1:3000', base: '{{host}}/api', token: 't0k' };
    expect(
      fillRequest(
        {
          url: '{{base}}/todos?x={{token}}',
          headers: [row('Authorization', 'Bearer {{token}}'), row('X-Off', '{{nope}}', false)],
          body: '{"t":"{{token}}"}',
        },
        vars,
      ),
    ).toEqual({
      ok: true,
      url: 'http://127.0.0.1:3000/api/todos?x=t0k',
      headers: [row('Authorization', 'Bearer t0k'), row('X-Off', '{{nope}}', false)],
      body: '{"t":"t0k"}',
    });
  });

  it('refuses an unknown variable and a cycle, named', () => {
    expect(fillRequest({ url: '{{base}}/x', headers: [], body: '' }, {})).toEqual({
      ok: false,
      error: 'Unknown variable {{base}}: choose an environment that defines it',
    });
    expect(
      fillRequest({ url: '{{a}}', headers: [], body: '' }, { a: '{{b}}', b: '{{a}}' }),
    ).toEqual({ ok: false, error: 'Variable cycle: a → b → a' });
  });
});

describe('unknownVariables', () => {
  it('lists each unknown variable once, leaving out switched-off headers', () => {
    expect(
      unknownVariables(
        {
          url: '{{base}}/{{id}}',
          headers: [row('X', '{{id}}'), row('Y', '{{off}}', false)],
          body: '{{base}}',
        },
        { id: '1' },
      ),
    ).toEqual(['base']);
  });
});

describe('fillRequest (issue 30: forms, files, auth)', () => {
  it('fills form and multipart fields, a file’s path and the auth helper', () => {
    const vars = { dir: 'files', who: 'ann', pw: 's3cret', tok: 'abc' };
    const filled = fillRequest(
      {
        url: '/upload',
        headers: [],
        body: '',
        formFields: [row('user', '{{who}}'), row('off', '{{nope}}', false)],
        multipartFields: [
          { kind: 'text', name: 'title', value: 'by {{who}}', enabled: true },
          { kind: 'file', name: 'photo', path: '{{dir}}/a.png', enabled: true },
        ],
        auth: { kind: 'basic', username: '{{who}}', password: '{{pw}}' },
      },
      vars,
    );
    expect(filled).toMatchObject({
      ok: true,
      formFields: [row('user', 'ann'), row('off', '{{nope}}', false)],
      multipartFields: [
        { kind: 'text', value: 'by ann' },
        { kind: 'file', path: 'files/a.png' },
      ],
      auth: { kind: 'basic', username: 'ann', password: 's3cret' },
    });
    expect(
      fillRequest(
        { url: '/x', headers: [], body: '', auth: { kind: 'bearer', token: '{{tok}}' } },
        vars,
      ),
    ).toMatchObject({ ok: true, auth: { kind: 'bearer', token: 'abc' } });
  });

  it('names an unknown variable in a form field or the auth helper', () => {
    expect(
      unknownVariables(
        {
          url: '/x',
          headers: [],
          body: '',
          formFields: [row('a', '{{one}}')],
          auth: { kind: 'bearer', token: '{{two}}' },
        },
        {},
      ),
    ).toEqual(['one', 'two']);
  });
});

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
