import { createHash } from 'node:crypto';

import { afterEach, describe, expect, it } from 'vitest';

import { UPLOAD_LIMIT } from '../contract/requests-api.js';
import { rawRequest } from '../test-support/http-client.js';
import type { MultipartBody } from './form-types.js';
import { type RunningServer, startServer } from './node-server.js';
import { buildRouteTable } from './route-table.js';
import type { HandlerFunction, HttpMethod, RouteDefinition, RouteOrigin } from './types.js';

const route = (
  method: HttpMethod,
  path: string,
  handler: HandlerFunction,
  origin: RouteOrigin = 'manual',
): RouteDefinition => ({ method, path, handler, origin });

const sha256 = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** What the echo routes answer: the body as JSON, files summarised with a hash of their bytes. */
const describeBody = (body: unknown): unknown => {
  const multipart = body as MultipartBody;
  if (Array.isArray(multipart.files)) {
    return {
      fields: { ...multipart.fields },
      fieldsPrototype: Object.getPrototypeOf(multipart.fields) === null ? null : 'object',
      files: multipart.files.map((f) => ({
        field: f.field,
        name: f.name,
        type: f.type,
        size: f.size,
        isBuffer: Buffer.isBuffer(f.data),
        sha256: sha256(f.data),
      })),
    };
  }
  return {
    fields: { ...(body as object) },
    prototype: Object.getPrototypeOf(body) === null ? null : 'object',
    toString: typeof (body as Record<string, unknown>).toString,
  };
};

let server: RunningServer | undefined;
const logged: unknown[] = [];
let handled = 0;

async function serve(): Promise<string> {
  server = await startServer({
    port: 0,
    table: buildRouteTable(
      [
        route('POST', '/echo', (req) => {
          handled++;
          return describeBody(req.body());
        }),
        route('POST', '/bind', (req) => req.body(class Note {})),
      ],
      [route('POST', '/todos', () => ({ created: true }), 'generated')],
      () => ({ bound: true }),
    ),
    logger: { error: (_message, error) => logged.push(error) },
  });
  return server.url;
}

afterEach(async () => {
  await server?.close();
  server = undefined;
  logged.length = 0;
  handled = 0;
});

async function problemOf(answer: Response): Promise<Record<string, unknown>> {
  expect(answer.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
  return (await answer.json()) as Record<string, unknown>;
}

/** Bytes 0..255 over and over: every byte value, so any text decoding on the way shows. */
function binary(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7 + 3) % 256;
  return bytes;
}

const MULTIPART_HEADERS = { 'content-type': 'multipart/form-data; boundary=xyz' };

describe('form bodies on manual routes', () => {
  it('reads urlencoded fields, a repeated field as an array, into an object without prototype', async () => {
    const url = await serve();
    const body = new URLSearchParams([
      ['title', 'Zoë & co'],
      ['tag', 'a'],
      ['tag', 'b'],
      ['tag', 'c'],
      ['empty', ''],
    ]);
    const answer = await fetch(`${url}/echo`, { method: 'POST', body });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      fields: { title: 'Zoë & co', tag: ['a', 'b', 'c'], empty: '' },
      prototype: null,
      toString: 'undefined',
    });
  });

  it('reads multipart fields and a binary file byte for byte', async () => {
    const url = await serve();
    const bytes = binary(300_000);
    const form = new FormData();
    form.append('title', 'Holiday');
    form.append('note', 'ünïcødé ✓');
    form.append('photo', new Blob([bytes], { type: 'image/png' }), 'café.png');
    const answer = await fetch(`${url}/echo`, { method: 'POST', body: form });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      fields: { title: 'Holiday', note: 'ünïcødé ✓' },
      fieldsPrototype: null,
      files: [
        {
          field: 'photo',
          name: 'café.png',
          type: 'image/png',
          size: bytes.length,
          isBuffer: true,
          sha256: sha256(bytes),
        },
      ],
    });
  });

  it('reads repeated multipart fields and several files in the order sent', async () => {
    const url = await serve();
    const form = new FormData();
    form.append('tag', 'a');
    form.append('tag', 'b');
    form.append('doc', new Blob(['one']), 'one.txt');
    form.append('doc', new Blob([new Uint8Array(0)]), 'empty.bin');
    const answer = await fetch(`${url}/echo`, { method: 'POST', body: form });
    const got = (await answer.json()) as {
      fields: unknown;
      files: { name: string; size: number }[];
    };
    expect(got.fields).toEqual({ tag: ['a', 'b'] });
    expect(got.files.map((f) => [f.name, f.size])).toEqual([
      ['one.txt', 3],
      ['empty.bin', 0],
    ]);
  });

  it('answers 413 naming the limit to a file over 50 MiB, declared up front', async () => {
    const url = await serve();
    const form = new FormData();
    form.append('big', new Blob([new Uint8Array(UPLOAD_LIMIT + 1024 * 1024)]), 'big.bin');
    const answer = await fetch(`${url}/echo`, { method: 'POST', body: form });
    expect(answer.status).toBe(413);
    const problem = await problemOf(answer);
    expect(problem.detail).toContain('larger than 50 MiB');
    expect(problem.instance).toBe('/echo');
    expect(handled).toBe(0);
  });

  it('answers 413 naming the limit to an upload over 50 MiB sent without a length', async () => {
    const url = await serve();
    const head = Buffer.from(
      '--xyz\r\nContent-Disposition: form-data; name="big"; filename="big.bin"\r\n\r\n',
    );
    const body = Buffer.concat([
      head,
      Buffer.alloc(UPLOAD_LIMIT + 1024 * 1024),
      Buffer.from('\r\n--xyz--\r\n'),
    ]);
    const answer = await rawRequest(url, 'POST', '/echo', {
      headers: { ...MULTIPART_HEADERS, 'transfer-encoding': 'chunked' },
      body,
      chunked: true,
    });
    expect(answer.status).toBe(413);
    expect((answer.json as { detail: string }).detail).toContain('larger than 50 MiB');
    expect(handled).toBe(0);
  });

  it('answers 413 to more than 100 files or 1,000 fields', async () => {
    const url = await serve();
    const files = new FormData();
    for (let i = 0; i < 101; i++) files.append('f', new Blob(['x']), `${i}.txt`);
    const tooManyFiles = await fetch(`${url}/echo`, { method: 'POST', body: files });
    expect(tooManyFiles.status).toBe(413);
    expect((await problemOf(tooManyFiles)).detail).toContain('more than 100 files');

    const fields = new URLSearchParams();
    for (let i = 0; i < 1001; i++) fields.append(`k${i}`, 'v');
    const tooManyFields = await fetch(`${url}/echo`, { method: 'POST', body: fields });
    expect(tooManyFields.status).toBe(413);
    expect((await problemOf(tooManyFields)).detail).toContain('more than 1,000 fields');
  });

  it('answers 413 naming 1 MiB to an urlencoded body over it', async () => {
    const url = await serve();
    const answer = await fetch(`${url}/echo`, {
      method: 'POST',
      body: new URLSearchParams({ text: 'x'.repeat(1024 * 1024) }),
    });
    expect(answer.status).toBe(413);
    expect((await problemOf(answer)).detail).toContain('larger than 1 MiB');
  });

  it('answers 400, never 500, to malformed multipart bodies, and keeps serving', async () => {
    const url = await serve();
    const cases: [Record<string, string>, string][] = [
      // No boundary parameter at all.
      [{ 'content-type': 'multipart/form-data' }, '--xyz\r\n\r\n'],
      // A field cut off before its closing boundary.
      [MULTIPART_HEADERS, '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nhello'],
      // A file cut off mid-content: busboy errors the open file stream too.
      [
        MULTIPART_HEADERS,
        '--xyz\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\n\r\nabc',
      ],
      // A part header that never ends.
      [MULTIPART_HEADERS, '--xyz\r\nContent-Disposition: form-data; name="a"'],
      // A boundary other than the one declared.
      [
        MULTIPART_HEADERS,
        '--other\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--other--\r\n',
      ],
    ];
    for (const [headers, body] of cases) {
      const answer = await rawRequest(url, 'POST', '/echo', { headers, body });
      expect(answer.status, body).toBe(400);
      const problem = answer.json as { detail: string; type: string };
      expect(problem.type).toBe('malformed-form');
      expect(problem.detail).toMatch(/^the multipart body (is malformed|cannot be read) \(.+\)$/);
    }
    expect(handled).toBe(0);
    expect(logged).toEqual([]);
    const after = await fetch(`${url}/echo`, { method: 'POST', body: new URLSearchParams('a=1') });
    expect(after.status).toBe(200);
  });

  it('answers 400 to an urlencoded body that is not UTF-8', async () => {
    const url = await serve();
    const answer = await rawRequest(url, 'POST', '/echo', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: Buffer.from([0x61, 0x3d, 0xff, 0xfe]),
    });
    expect(answer.status).toBe(400);
    expect((answer.json as { detail: string }).detail).toBe('the form body is not valid UTF-8');
  });

  it('refuses __proto__, constructor and prototype as field names with 422', async () => {
    const url = await serve();
    for (const name of ['__proto__', 'constructor', 'prototype']) {
      const urlencoded = await fetch(`${url}/echo`, {
        method: 'POST',
        body: `a=1&${encodeURIComponent(name)}=x`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(urlencoded.status).toBe(422);
      expect((await problemOf(urlencoded)).errors).toEqual([
        { field: name, message: 'is a forbidden key' },
      ]);

      const field = new FormData();
      field.append(name, '{"polluted":true}');
      expect((await fetch(`${url}/echo`, { method: 'POST', body: field })).status).toBe(422);

      const file = new FormData();
      file.append(name, new Blob(['x']), 'x.txt');
      expect((await fetch(`${url}/echo`, { method: 'POST', body: file })).status).toBe(422);
    }
    expect(handled).toBe(0);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps a field named like an Object method as the client sent it', async () => {
    const url = await serve();
    const answer = await fetch(`${url}/echo`, {
      method: 'POST',
      body: new URLSearchParams([
        ['toString', 'a'],
        ['hasOwnProperty', 'b'],
        ['hasOwnProperty', 'c'],
      ]),
    });
    expect(((await answer.json()) as { fields: unknown }).fields).toEqual({
      toString: 'a',
      hasOwnProperty: ['b', 'c'],
    });
  });

  it('answers 415 to req.body(Model) on a form, naming what it reads', async () => {
    const url = await serve();
    const answer = await fetch(`${url}/bind`, {
      method: 'POST',
      body: new URLSearchParams('a=1'),
    });
    expect(answer.status).toBe(415);
    expect((await problemOf(answer)).detail).toBe(
      'req.body(Model) reads JSON bodies; this request sent application/x-www-form-urlencoded (the route can read it with req.body())',
    );
    const json = await fetch(`${url}/bind`, {
      method: 'POST',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json' },
    });
    expect(await json.json()).toEqual({ bound: true });
  });

  it('answers 415 to other media types on a manual route, naming the three it reads', async () => {
    const url = await serve();
    const answer = await rawRequest(url, 'POST', '/echo', {
      headers: { 'content-type': 'text/csv' },
      body: 'a,b',
    });
    expect(answer.status).toBe(415);
    expect((answer.json as { detail: string }).detail).toBe(
      'request body must be application/json, application/x-www-form-urlencoded or multipart/form-data, got "text/csv"',
    );
  });

  it('keeps generated routes JSON-only: a form body is still a 415', async () => {
    const url = await serve();
    const form = new FormData();
    form.append('content', 'x');
    for (const body of [form, new URLSearchParams('content=x')]) {
      const answer = await fetch(`${url}/todos`, { method: 'POST', body });
      expect(answer.status).toBe(415);
      expect((await problemOf(answer)).detail).toMatch(
        /^request body must be application\/json, got/,
      );
    }
  });
});
