/**
 * Issue 40 §3: a long list answer is written a page at a time as the client reads it. A real
 * project with a 20 MB `GET /todos` on 127.0.0.1: clients that ask and never read hold about a
 * page each in the server (not the whole answer), others are answered meanwhile, and the
 * stalled connections are closed once the configured stall time passes; a client that reads
 * gets the same JSON text `JSON.stringify` makes of the records.
 */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { allRecords } from '../persistence/store-reads.js';
import { openProject, type ProjectRuntime } from '../project/open-project.js';
import { resetToSeed } from '../seed/seed-data.js';
import { EXAMPLES } from '../test-support/project-server.js';
import {
  LONG_TODOS,
  longTodos,
  MIB,
  nonReader,
  STALL_MS,
  until,
} from '../test-support/stalled-clients.js';
import { jsonArrayPages } from './json-stream.js';
import { type RunningServer, startServer } from './node-server.js';

const TODOS = LONG_TODOS;

let dir: string;
let project: ProjectRuntime;
let server: RunningServer;
/** The server's side of every connection, by the client's port. */
const serverSockets = new Map<number, Socket>();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'decorest-stream-'));
  await cp(EXAMPLES.todo, dir, {
    recursive: true,
    filter: (src) => !/[\\/]data([\\/]|$)/.test(src.slice(EXAMPLES.todo.length)),
  });
  await writeFile(join(dir, 'seed', 'todos.json'), JSON.stringify(longTodos()));
  project = await openProject(dir);
  await resetToSeed(project);
  server = await startServer({
    port: 0,
    table: project.table,
    writeStallMs: STALL_MS,
    logger: { error: () => {} },
  });
  server.server.on('connection', (socket: Socket) => {
    serverSockets.set(socket.remotePort!, socket);
  });
}, 180_000);

afterAll(async () => {
  server?.server.closeAllConnections();
  await server?.close();
  await project?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a long list answer', () => {
  it('is the same JSON text as JSON.stringify of the records, with the same headers', async () => {
    const todo = project.runtimes.find((r) => r.schema.name === 'Todo')!;
    const expected = JSON.stringify(await allRecords(todo.store));
    expect(expected.length).toBeGreaterThan(15 * MIB);
    const answer = await fetch(`${server.url}/todos`);
    const text = await answer.text();
    expect(text === expected).toBe(true);
    const small = await fetch(`${server.url}/todos?_limit=2`);
    await small.text();
    const headers = (r: Response) =>
      Object.fromEntries(
        [...r.headers].filter(
          ([name]) => !['content-length', 'transfer-encoding', 'date'].includes(name),
        ),
      );
    expect(headers(answer)).toEqual({ ...headers(small), 'x-total-count': String(TODOS) });
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('holds about a page for a client that does not read, answers others, and closes it', async () => {
    const before = process.memoryUsage().rss;
    const stalled = await Promise.all(
      Array.from({ length: 10 }, () => nonReader(server.port, '/todos')),
    );
    const held = (): number[] =>
      stalled.map((s) => serverSockets.get(s.localPort!)?.writableLength ?? 0);
    const closed = (): boolean[] =>
      stalled.map((s) => serverSockets.get(s.localPort!)?.destroyed ?? false);
    // Every answer has begun and filled what the kernel takes: the server holds the rest…
    await until(() => held().every((bytes) => bytes > 0) || closed().some(Boolean));
    const heldBytes = held();
    const during = process.memoryUsage().rss;
    // …about a page each, never the 20 MB answer.
    expect(Math.max(...heldBytes)).toBeLessThan(MIB);

    // Another client is answered meanwhile.
    const other = await fetch(`${server.url}/todos/1`);
    expect(other.status).toBe(200);
    expect(((await other.json()) as { id: number }).id).toBe(1);

    // The stalled connections are closed once nothing drained for STALL_MS.
    await until(() => closed().every(Boolean));
    for (const s of stalled) s.destroy();
    console.log(
      `10 non-readers of ${TODOS} todos: RSS ${Math.round(before / MIB)} MiB before, ` +
        `${Math.round(during / MIB)} MiB while stalled; held ${heldBytes.join(', ')} bytes`,
    );
  }, 120_000);
});

describe('jsonArrayPages', () => {
  it('joins to exactly JSON.stringify of the array, at every length around a page', () => {
    const values: unknown[] = [
      { a: 1, b: 'x\u2028y', c: [1, { d: null }] },
      undefined,
      'é😀',
      3.5,
      null,
      { toJSON: () => 'custom' },
      { big: 'z'.repeat(70_000) },
    ];
    for (const length of [0, 1, 2, 255, 256, 257, 600, 5000]) {
      const items = Array.from({ length }, (_, i) => values[i % values.length]);
      expect([...jsonArrayPages(items)].join('')).toBe(JSON.stringify(items));
    }
  });

  it("joins the items' kept texts to the same JSON text (issue 45)", () => {
    const records = [{ id: 1, t: 'a\u2028b' }, { id: 2, big: 'z'.repeat(70_000) }, { id: 3 }];
    const texts = new Map(records.map((r) => [r, JSON.stringify(r)]));
    for (const length of [0, 1, 2, 255, 256, 257, 600, 5000]) {
      const items = Array.from({ length }, (_, i) => records[i % records.length]!);
      const pages = [...jsonArrayPages(items, (r) => texts.get(r)!)];
      expect(pages.join('')).toBe(JSON.stringify(items));
      if (length > 256) expect(pages.length).toBeGreaterThan(1);
    }
  });
});
