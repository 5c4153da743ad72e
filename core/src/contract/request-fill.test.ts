/**
 * Issue 30 (moved from the renderer by issue 47): a request's `{{variables}}` filled in
 * everywhere one may stand, the Console's Send and `decorest run` alike.
 */
import { describe, expect, it } from 'vitest';

import { fillRequest, unknownVariables } from './request-fill.js';

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
      error:
        "Unknown variable {{base}}: neither the environment nor an earlier request's Save from answer gives it a value",
      unknown: ['base'],
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
