/**
 * Hostile input below and around routing (issue 7): requests Node's parser rejects, path
 * traversal in model paths, and slow-loris clients. The same invariants as
 * hostile-input.test.ts; DECOREST_LONG=1 holds the lorises past Node's timeouts.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { openProject } from '../project/open-project.js';
import {
  count,
  ensureSeeded,
  LONG,
  measured,
  PROPERTY_MS,
  setCurrent,
  stateOf,
  TARGETS,
  TIMEOUT_MS,
  useHostileTargets,
  wire,
} from '../test-support/hostile-harness.js';
import { jsonRequest } from '../test-support/http-client.js';
import { exchange } from '../test-support/raw-http.js';

useHostileTargets();

describe('requests Node rejects before routing', () => {
  /**
   * These never reach a route: Node's HTTP parser rejects them. The server answers each with a
   * problem document (CONTRACT §4) and closes the connection, keeps serving and changes nothing.
   */
  const post = (headers: string, body = '{}') =>
    `POST /users HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n${headers}\r\n${body}`;
  const cases: { label: string; status: number; text: string | Buffer }[] = [
    {
      label: 'headers over 16 KiB',
      status: 431,
      text: `GET /todos HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`,
    },
    {
      label: '3,000 headers',
      status: 431,
      text: `GET /todos HTTP/1.1\r\nhost: x\r\n${Array.from({ length: 3_000 }, (_, i) => `x-h${i}: v\r\n`).join('')}\r\n`,
    },
    {
      label: 'a NUL byte in the path',
      status: 400,
      text: 'GET /todos/1\u0000 HTTP/1.1\r\nhost: x\r\n\r\n',
    },
    {
      label: 'a space in the path',
      status: 400,
      text: 'GET /todos/a b HTTP/1.1\r\nhost: x\r\n\r\n',
    },
    { label: 'a lower-case method', status: 400, text: 'get /todos HTTP/1.1\r\nhost: x\r\n\r\n' },
    { label: 'an unknown method', status: 400, text: 'FOO /todos HTTP/1.1\r\nhost: x\r\n\r\n' },
    {
      label: 'a header without a colon',
      status: 400,
      text: 'GET /todos HTTP/1.1\r\nhost: x\r\nbad header\r\n\r\n',
    },
    {
      label: 'an obsolete folded header',
      status: 400,
      text: 'GET /todos HTTP/1.1\r\nhost: x\r\nx-a: 1\r\n  more\r\n\r\n',
    },
    {
      label: 'two Content-Lengths',
      status: 400,
      text: post('content-length: 2\r\ncontent-length: 3\r\n'),
    },
    {
      label: 'Content-Length with chunked',
      status: 400,
      text: post('content-length: 2\r\ntransfer-encoding: chunked\r\n', '2\r\n{}\r\n0\r\n\r\n'),
    },
    {
      label: 'a malformed chunk',
      status: 400,
      text: post('transfer-encoding: chunked\r\n', 'zz\r\n{}\r\n0\r\n\r\n'),
    },
    { label: 'a negative Content-Length', status: 400, text: post('content-length: -1\r\n') },
    {
      label: 'a 20-digit Content-Length',
      status: 400,
      text: post('content-length: 99999999999999999999\r\n'),
    },
    { label: 'no Host header', status: 400, text: 'GET /todos HTTP/1.1\r\n\r\n' },
    { label: 'Expect: teapot', status: 417, text: post('expect: teapot\r\ncontent-length: 2\r\n') },
    {
      label: 'TLS bytes on the plain port',
      status: 400,
      text: Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03]),
    },
    {
      label: 'CONNECT',
      status: 405,
      text: 'CONNECT 127.0.0.1:22 HTTP/1.1\r\nhost: 127.0.0.1:22\r\n\r\n',
    },
  ];

  it.each(cases)(
    '$label: answers $status as a problem; the server keeps serving, changes nothing',
    async ({ text, status }) => {
      setCurrent('protocol-level rejections');
      const t = TARGETS[1]!;
      await ensureSeeded(t);
      const before = await stateOf(t);
      const bytes =
        typeof text === 'string'
          ? Buffer.from(text.replace('HTTP/1.1\r\n', 'HTTP/1.1\r\nconnection: close\r\n'), 'latin1')
          : text;
      const answer = await exchange(t.served.port, bytes, TIMEOUT_MS);
      count(answer.status);
      expect(answer.status).toBe(status);
      expect(answer.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect((answer.json as { status: number }).status).toBe(status);
      const health = await exchange(
        t.served.port,
        wire(t.served, { method: 'GET', target: t.health, headers: [] }),
      );
      expect(health.status).toBe(200);
      expect((await stateOf(t)).memory).toEqual(before.memory);
    },
  );
});

// ---------------------------------------------------------------------------------------------

describe('path traversal in model paths', () => {
  it(
    'either refuses the path at load or keeps the datafile inside data/',
    async () => {
      setCurrent('model paths');
      const segment = fc.oneof(
        fc.constantFrom(
          '..',
          '.',
          '../..',
          '..\\..',
          '/etc/passwd',
          'a/b',
          '%2e%2e',
          'a\u0000b',
          'CON',
          'x.db',
          '',
          ' ',
        ),
        fc.stringMatching(/^[a-z./\\%-]{1,8}$/),
      );
      await fc.assert(
        fc.asyncProperty(segment, async (path) => {
          const sandbox = await mkdtemp(join(tmpdir(), 'decorest-model-path-'));
          const dir = join(sandbox, 'project');
          await mkdir(dir);
          await writeFile(
            join(dir, 'thing.ts'),
            `import { FromDataSource, Rest } from 'decorest';\n@Rest({ path: ${JSON.stringify(path)} })\n@FromDataSource\nexport class Thing {\n  id!: number;\n}\n`,
          );
          try {
            const opened = await openProject(dir).then(
              (project) => project,
              (error: unknown) => error as Error & { code?: string },
            );
            count('close' in opened ? 200 : 400);
            if ('close' in opened) {
              await opened.close();
              expect(await readdir(join(dir, 'data'))).toEqual([`${path}.db`]);
            } else expect(opened.code).toBe('BAD_MODEL_PATH');
            expect((await readdir(sandbox)).sort()).toEqual(['project']);
            expect((await readdir(dir)).filter((n) => n !== 'data').sort()).toEqual(['thing.ts']);
          } finally {
            await rm(sandbox, { recursive: true, force: true });
          }
        }),
        { numRuns: LONG ? 200 : 12 },
      );
    },
    PROPERTY_MS,
  );
});

// ---------------------------------------------------------------------------------------------

describe('a slow-loris client', () => {
  const within = <T>(promise: Promise<T>, ms: number): Promise<T> =>
    Promise.race([
      promise,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms),
      ),
    ]);

  it('does not hold up other clients while 40 connections trickle headers and bodies byte by byte', async () => {
    setCurrent('slow loris');
    const t = TARGETS[1]!;
    const { port, url } = t.served;
    // A user that exists for the whole test, so its todo list must answer 200.
    await ensureSeeded(t);
    const users = t.served.project.runtimes.find((r) => r.schema.name === 'User')!;
    const userId = [...(await users.store.records()).values()][0]!.id;
    // Long runs outlast Node's headersTimeout (20 s) and requestTimeout (60 s), checked every 30 s.
    const holdMs = LONG ? 100_000 : 3_000;
    const body = '{"name":"slow loris"}';
    const open = (head: string) => {
      const socket = connect(port, '127.0.0.1');
      let received = '';
      socket.on('data', (c: Buffer) => (received += c.toString('latin1')));
      socket.on('error', () => undefined);
      socket.write(head);
      return { socket, received: () => received };
    };
    const bodyLorises = Array.from({ length: 20 }, () =>
      open(
        `POST /users HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`,
      ),
    );
    // Inside a header line from the start, so no byte they send can end the head.
    const headerLorises = Array.from({ length: 20 }, () =>
      open('GET /todos HTTP/1.1\r\nhost: x\r\nx-slow: '),
    );
    let sent = 0;
    const trickle = setInterval(() => {
      // Every byte of the body but the last, then nothing; headers forever.
      if (sent < body.length - 1) for (const l of bodyLorises) l.socket.write(body[sent]!);
      for (const l of headerLorises)
        if (!l.socket.destroyed) l.socket.write(sent % 40 === 39 ? '\r\nx-slow: ' : 'a');
      sent++;
    }, 50);

    const latencies: number[] = [];
    const until = Date.now() + holdMs;
    try {
      // A fixed number of rounds, not a time budget: on a busy machine they take longer, and
      // only an exchange that never completes (held up by the lorises) fails the test.
      while (latencies.length < 10 || Date.now() < until) {
        const started = performance.now();
        const answers = await within(
          Promise.all([
            jsonRequest(url, 'GET', '/todos'),
            jsonRequest(url, 'POST', '/users', { name: 'prompt' }),
            jsonRequest(url, 'GET', `/users/${String(userId)}/todos`),
          ]),
          15_000,
        );
        latencies.push(performance.now() - started);
        count(answers[1].status);
        expect(answers.map((a) => a.status)).toEqual([200, 201, 200]);
        expect(answers[2].json).toBeInstanceOf(Array);
      }
    } finally {
      clearInterval(trickle);
    }
    measured['slow loris: exchanges beside it'] = latencies.length;
    measured['slow loris: slowest exchange ms'] = Math.round(Math.max(...latencies));

    if (LONG) {
      // Node cut every loris with a 408 once its timeout passed (headers 20 s, request 60 s).
      for (const l of bodyLorises) expect(l.received(), 'body loris').toMatch(/^HTTP\/1\.1 408/);
      for (const l of headerLorises)
        expect(l.received(), 'header loris').toMatch(/^HTTP\/1\.1 408/);
    } else {
      // Still waiting: none of them was answered, so none was mistaken for a whole request.
      for (const l of [...bodyLorises, ...headerLorises]) expect(l.received()).toBe('');
      // A trickled body is still read whole: the last byte completes each request.
      for (const l of bodyLorises) l.socket.write(body.slice(-1));
      await within(
        (async () => {
          while (!bodyLorises.every((l) => / 201 /.test(l.received())))
            await new Promise((r) => setTimeout(r, 20));
        })(),
        5_000,
      );
    }
    for (const l of [...bodyLorises, ...headerLorises]) l.socket.destroy();
  }, 150_000);
});
