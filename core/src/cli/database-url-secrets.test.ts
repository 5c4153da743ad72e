/**
 * Issue 40 §5: `--database` never prints a password, whatever the URL's shape. A URL one slash
 * short parsed with the password inside its path, which the error then named as the database.
 * Each URL below carries the same password text; `serve` must refuse (or fail to connect to a
 * closed port) in one line that holds none of it.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runCli } from '../test-support/cli.js';
import { EXAMPLES } from '../test-support/project-server.js';

const SECRET = 'S3cr3tPw';

/** A 127.0.0.1 port nothing listens on (taken, then freed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let dir: string;
let port: number;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'decorest-url-secrets-'));
  await cp(EXAMPLES.todo, dir, {
    recursive: true,
    filter: (src) => !/[\\/]data([\\/]|$)/.test(src.slice(EXAMPLES.todo.length)),
  });
  port = await closedPort();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** [what is wrong, the URL (PORT: a closed port), what the one line says]. */
const SHAPES: [string, string, RegExp][] = [
  ['one slash missing', `postgres:/mock:${SECRET}@localhost/mock`, /two slashes/],
  ['no slash at all', `postgres:mock:${SECRET}@localhost/mock`, /two slashes/],
  ['three slashes', `postgres:///mock:${SECRET}@localhost/mock`, /"@" after the host/],
  ['no scheme', `mock:${SECRET}@localhost/mock`, /not a postgres:\/\/ URL/],
  ['only the slashes', `//mock:${SECRET}@localhost/mock`, /not a postgres:\/\/ URL/],
  ['a leading space', ` postgres://mock:${SECRET}@localhost/mock`, /not a postgres:\/\/ URL/],
  ['postgresql: one slash short', `postgresql:/mock:${SECRET}@h/db`, /"postgresql:" must be/],
  [
    'a password with @ and :',
    `postgresql://mock:p@ss:${SECRET}@127.0.0.1:PORT/mock`,
    /cannot reach PostgreSQL at mock@127\.0\.0\.1:\d+\/mock: connection refused/,
  ],
  [
    'a password with a space and a stray %',
    `postgresql://mock:${SECRET} x%zz@127.0.0.1:PORT/mock`,
    /cannot reach PostgreSQL at mock@127\.0\.0\.1:\d+\/mock/,
  ],
  ['a password with /', `postgres://mock:ab/${SECRET}@127.0.0.1:PORT/mock`, /"@" after the host/],
  ['a password with #', `postgres://mock:12#${SECRET}@127.0.0.1:PORT/mock`, /"@" after the host/],
  ['a password with ?', `postgres://mock:${SECRET}?@127.0.0.1:PORT/mock`, /"@" after the host/],
  ['a broken IPv6 host', `postgresql://mock:${SECRET}@[::1/mock`, /not a valid URL/],
  ['another scheme', `mysql://mock:${SECRET}@host/db`, /"mysql:\/\/mock:\*\*\*@host\/db" is not/],
];

describe('serve --database with a malformed URL', () => {
  it.each(SHAPES)(
    '%s: one line, no password',
    async (_what, shape, says) => {
      const url = shape.replace('PORT', String(port));
      const run = await runCli(['serve', dir, '--port', '0', '--database', url], 60_000);
      const output = run.stdout + run.stderr;
      expect(run.code, output).toBe(1);
      expect(output).not.toContain(SECRET);
      // Nor a piece of it (the tail after a / or # once landed in the database name).
      expect(output).not.toMatch(/S3cr|cr3t|3tPw/);
      const lines = run.stderr.trim().split('\n');
      expect(lines, run.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(says);
    },
    60_000,
  );
});
