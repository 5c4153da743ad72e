import { describe, expect, it } from 'vitest';

import { basicCredentials } from '../../api';
import { savedEntry } from '../../test-support/saved-entries';
import { type FilledParts, planRequest } from './deliver';
import { requestsOfFolder } from './folder-run';

const MOCK = 'http://127.0.0.1:3000';
const parts = (over: Partial<FilledParts>): FilledParts => ({
  method: 'POST',
  url: '/todos',
  pathParams: [],
  headers: [],
  bodyKind: 'json',
  body: '',
  formFields: [],
  multipartFields: [],
  auth: { kind: 'none' },
  assertions: [],
  ...over,
});

describe('planRequest', () => {
  it('sends from the page what the page can send: the mock API, no file, no header test', () => {
    const plan = planRequest(parts({ body: '{"a":1}' }), MOCK);
    expect(plan).toMatchObject({
      via: 'page',
      target: `${MOCK}/todos`,
      mockPath: '/todos',
      headers: [['Content-Type', 'application/json']],
      body: { kind: 'json', text: '{"a":1}' },
    });
  });

  it('sends through the studio to another host, with a file, or to check a header', () => {
    expect(planRequest(parts({ url: 'https://api.example.test/x' }), MOCK).via).toBe('studio');
    expect(
      planRequest(
        parts({
          bodyKind: 'multipart',
          multipartFields: [{ kind: 'file', name: 'f', path: 'files/a.png', enabled: true }],
        }),
        MOCK,
      ).via,
    ).toBe('studio');
    expect(
      planRequest(parts({ assertions: [{ kind: 'header-exists', name: 'Location' }] }), MOCK).via,
    ).toBe('studio');
  });

  it('lets the auth helper’s header win over a row of that name', () => {
    const plan = planRequest(
      parts({
        method: 'GET',
        headers: [{ name: 'authorization', value: 'old', enabled: true }],
        auth: { kind: 'bearer', token: 'abc' },
      }),
      MOCK,
    );
    expect(plan.headers).toEqual([['Authorization', 'Bearer abc']]);
    expect(basicCredentials('Aladdin', 'open sesame')).toBe('Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==');
  });

  it('sets the Content-Type of each kind unless a header does, and none for multipart', () => {
    expect(planRequest(parts({ bodyKind: 'text', body: 'hi' }), MOCK).headers).toEqual([
      ['Content-Type', 'text/plain; charset=utf-8'],
    ]);
    expect(
      planRequest(
        parts({
          bodyKind: 'form-urlencoded',
          formFields: [{ name: 'a', value: '1', enabled: true }],
          headers: [
            {
              name: 'content-type',
              value: 'application/x-www-form-urlencoded; charset=utf-8',
              enabled: true,
            },
          ],
        }),
        MOCK,
      ).headers,
    ).toEqual([['content-type', 'application/x-www-form-urlencoded; charset=utf-8']]);
    expect(
      planRequest(
        parts({
          bodyKind: 'multipart',
          headers: [{ name: 'Content-Type', value: 'multipart/form-data', enabled: true }],
        }),
        MOCK,
      ).headers,
    ).toEqual([]);
    // A method that sends no body sends none, whatever its kind.
    expect(planRequest(parts({ method: 'GET', body: '{"a":1}' }), MOCK).body).toEqual({
      kind: 'none',
    });
  });
});

describe('requestsOfFolder', () => {
  const entry = savedEntry;

  it('takes a folder’s requests and its subfolders’, not a sibling that shares its prefix', () => {
    const all = [
      entry('', 'top'),
      entry('todos', 'a'),
      entry('todos/admin', 'b'),
      entry('todos2', 'c'),
    ];
    expect(requestsOfFolder(all, 'todos').map((e) => e.request.name)).toEqual(['a', 'b']);
    expect(requestsOfFolder(all, '')).toHaveLength(4);
  });
});
