import { describe, expect, it } from 'vitest';

import { useConsoleStore } from '../../stores/console/console-store';
import { freshTab } from '../../stores/console/tabs-slice';
import { parseCurl, toCurl } from './curl';
import { curlOf } from './curl-of';

const MOCK = 'http://127.0.0.1:3000';

describe('Copy as curl (issue 30 body kinds)', () => {
  it('copies a form body, encoded, with its Content-Type and the auth helper’s header', () => {
    const curl = toCurl(
      curlOf(
        {
          ...freshTab(),
          method: 'POST',
          url: '/login',
          headers: [],
          bodyKind: 'form-urlencoded',
          formFields: [{ name: 'user', value: 'a b', enabled: true }],
          auth: { kind: 'bearer', token: '{{token}}' },
        },
        MOCK,
      ),
    );
    expect(curl).toBe(
      `curl -X POST '${MOCK}/login' -H 'Authorization: Bearer {{token}}' -H 'Content-Type: application/x-www-form-urlencoded' --data-raw 'user=a+b'`,
    );
  });

  it('copies a multipart form as -F fields, a file as @path', () => {
    const curl = toCurl(
      curlOf(
        {
          ...freshTab(),
          method: 'POST',
          url: '/attachments',
          headers: [],
          bodyKind: 'multipart',
          multipartFields: [
            { kind: 'text', name: 'title', value: "it's", enabled: true },
            { kind: 'file', name: 'photo', path: 'files/photo.png', enabled: true },
          ],
        },
        MOCK,
      ),
    );
    expect(curl).toBe(
      `curl -X POST '${MOCK}/attachments' -F 'title=it'\\''s' -F 'photo=@files/photo.png'`,
    );
  });

  it('copies a request with an empty path param as typed', () => {
    expect(curlOf({ ...freshTab(), url: '/todos/:id', pathParams: [] }, MOCK).url).toBe(
      `${MOCK}/todos/:id`,
    );
  });

  it('copies Basic credentials as -u, and a pasted -F and -u come back as the form and helper', () => {
    const request = curlOf(
      {
        ...freshTab(),
        method: 'POST',
        url: '/attachments',
        headers: [],
        bodyKind: 'multipart',
        multipartFields: [
          { kind: 'text', name: 'title', value: 'x', enabled: true },
          { kind: 'file', name: 'photo', path: 'files/a b.png', enabled: true },
        ],
        auth: { kind: 'basic', username: '{{user}}', password: 'p:w' },
      },
      MOCK,
    );
    const curl = toCurl(request);
    expect(curl).toContain(`-u '{{user}}:p:w'`);
    expect(curl).not.toContain('Authorization');
    expect(parseCurl(curl)).toEqual({
      method: 'POST',
      url: `${MOCK}/attachments`,
      headers: [],
      body: '',
      form: [
        { name: 'title', value: 'x', file: false },
        { name: 'photo', value: 'files/a b.png', file: true },
      ],
      basic: { username: '{{user}}', password: 'p:w' },
    });
    useConsoleStore.getState().loadRequest(parseCurl(curl)!);
    expect(useConsoleStore.getState()).toMatchObject({
      bodyKind: 'multipart',
      multipartFields: [
        { kind: 'text', name: 'title', value: 'x' },
        { kind: 'file', name: 'photo', path: 'files/a b.png' },
      ],
      auth: { kind: 'basic', username: '{{user}}', password: 'p:w' },
    });
  });
});

describe('Copy as curl with an environment', () => {
  it('fills the variables it knows, keeps the request as typed when one is unknown', () => {
    const typed = {
      ...freshTab(),
      method: 'GET',
      url: '{{echo}}/hello?x={{x}}',
      headers: [{ name: 'X-Token', value: '{{token}}', enabled: true }],
    };
    const vars = { echo: 'http://127.0.0.1:9000', x: '1', token: 't0k' };
    expect(toCurl(curlOf(typed, MOCK, vars))).toBe(
      `curl 'http://127.0.0.1:9000/hello?x=1' -H 'X-Token: t0k'`,
    );
    expect(curlOf(typed, MOCK, { echo: 'http://127.0.0.1:9000' }).url).toBe(
      `${MOCK}/{{echo}}/hello?x={{x}}`,
    );
  });

  it('makes a file part’s path absolute under the project', () => {
    const request = curlOf(
      {
        ...freshTab(),
        method: 'POST',
        url: '/attachments',
        bodyKind: 'multipart',
        multipartFields: [
          { kind: 'file', name: 'a', path: 'files/a.png', enabled: true },
          { kind: 'file', name: 'b', path: '/tmp/b.png', enabled: true },
        ],
      },
      MOCK,
      {},
      '/home/ann/todo/',
    );
    expect(request.form).toEqual([
      { name: 'a', value: '/home/ann/todo/files/a.png', file: true },
      { name: 'b', value: '/tmp/b.png', file: true },
    ]);
  });
});
