/**
 * Issue 40 §3: clients that ask for a long answer and never read it, and the todos that make an
 * answer long enough (well past what the kernel's socket buffers take), for the tests of the mock
 * API's lists and the control API's export.
 */
import { connect, type Socket } from 'node:net';

/** About 20 MB of JSON. */
export const LONG_TODOS = 200_000;

/** Short for a test, long enough that a client reading on a busy machine is never cut off. */
export const STALL_MS = 3000;

export const MIB = 1024 * 1024;

/** `n` todos with a sentence of content each, ids 1…n. */
export function longTodos(n = LONG_TODOS): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    content: `Todo ${i + 1}: write the quarterly report before friday, with the team`,
    completed: i % 3 === 0,
    user: 1,
  }));
}

/** Waits until `ok()` holds, polling; fails after `ms` (a generous bound, not a timing). */
export async function until(ok: () => boolean, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A client that sends `GET path` (with `headers`) and never reads a byte of the answer. */
export async function nonReader(
  port: number,
  path: string,
  headers: Readonly<Record<string, string>> = {},
): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  socket.pause();
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const lines = Object.entries({ Host: `127.0.0.1:${port}`, ...headers }).map(
    ([name, value]) => `${name}: ${value}\r\n`,
  );
  socket.write(`GET ${path} HTTP/1.1\r\n${lines.join('')}\r\n`);
  return socket;
}
