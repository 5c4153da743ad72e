/**
 * Issue 40 §3: `GET /api/models/:model/export` of a real studio on 127.0.0.1, with 200,000
 * todos (about 20 MB of JSON): the records are written a page at a time as the client reads,
 * so callers that never read hold about a page each, other calls are answered meanwhile, and
 * the stalled connections are closed after the configured stall time. A reading client gets
 * the same JSON text as before.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { rm, writeFile } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EXAMPLES } from '../test-support/project-server.js';
import {
  LONG_TODOS,
  longTodos,
  MIB,
  nonReader,
  STALL_MS,
  until,
} from '../test-support/stalled-clients.js';
import {
  copyProject,
  startStudioFixture,
  type StudioFixture,
} from '../test-support/studio-fixture.js';

const TODOS = LONG_TODOS;

let source: string;
let f: StudioFixture;
/** The server side of every connection accepted in this process, by the client's port. */
const accepted = new Map<number, Socket>();
const onAccepted = (message: unknown): void => {
  const socket = (message as { socket: Socket }).socket;
  accepted.set(socket.remotePort!, socket);
};

beforeAll(async () => {
  source = await copyProject(EXAMPLES.todo);
  await writeFile(join(source, 'seed', 'todos.json'), JSON.stringify(longTodos()));
  f = await startStudioFixture(source, { reset: true, writeStallMs: STALL_MS });
  subscribe('net.server.socket', onAccepted);
}, 180_000);

afterAll(async () => {
  unsubscribe('net.server.socket', onAccepted);
  await f?.dispose();
  await rm(source, { recursive: true, force: true });
});

const exportPath = '/api/models/Todo/export';

describe('GET /api/models/:model/export of a large model', () => {
  it('is the same JSON text as JSON.stringify of the records', async () => {
    const answer = await fetch(`${f.base}${exportPath}`, {
      headers: { authorization: `Bearer ${f.studio.token}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const text = await answer.text();
    expect(text.length).toBeGreaterThan(15 * MIB);
    const parsed = JSON.parse(text) as { id: number }[];
    expect(parsed).toHaveLength(TODOS);
    expect(text === JSON.stringify(parsed)).toBe(true);
  });

  it('holds about a page for callers that do not read, answers others, and closes them', async () => {
    const before = process.memoryUsage().rss;
    const stalled = await Promise.all(
      Array.from({ length: 3 }, () =>
        nonReader(Number(new URL(f.base).port), exportPath, {
          Authorization: `Bearer ${f.studio.token}`,
        }),
      ),
    );
    const serverSide = (s: Socket): Socket | undefined => accepted.get(s.localPort!);
    const held = (): number[] => stalled.map((s) => serverSide(s)?.writableLength ?? 0);
    const closed = (): boolean[] => stalled.map((s) => serverSide(s)?.destroyed ?? false);
    await until(() => held().every((bytes) => bytes > 0) || closed().some(Boolean));
    const heldBytes = held();
    const during = process.memoryUsage().rss;
    expect(Math.max(...heldBytes)).toBeLessThan(MIB);

    const other = await f.api('GET', '/models/Todo/records/1');
    expect(other.status).toBe(200);

    await until(() => closed().every(Boolean));
    for (const s of stalled) s.destroy();
    console.log(
      `3 non-readers of the export: RSS ${Math.round(before / MIB)} MiB before, ` +
        `${Math.round(during / MIB)} MiB while stalled; held ${heldBytes.join(', ')} bytes`,
    );
  }, 120_000);
});
