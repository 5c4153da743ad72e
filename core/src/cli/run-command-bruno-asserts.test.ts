/**
 * A Bruno collection's `assert` block, imported as the Console imports it, checked by the real
 * `decorest run`: its tests pass against a server that answers as the asserts say, and fail,
 * naming the test, against one that answers otherwise.
 */
import { mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readRequestsSource, writeImported } from '../requests/import/import-requests.js';
import { RequestCollection } from '../requests/request-collection.js';
import { config, dirs, hits, run, useRunHarness } from '../test-support/run-harness.js';

useRunHarness();

/** A server whose `GET /ok` answers what the test sets. */
let other: Server;
let otherUrl: string;
let answer = { status: 200, body: {} as unknown };
beforeAll(async () => {
  other = createServer((_req, res) => {
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => other.close(r));
});

const GET_ONE = `meta {
  name: Get one
  type: http
  seq: 1
}

get {
  url: {{baseUrl}}/ok
  body: none
  auth: none
}

assert {
  res.status: eq 200
  res.body.id: eq 1
  ~res.status: eq 500
}
`;

/** A project with the Bruno folder imported into it, as Import… writes it. */
async function importedProject(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'decorest-bruno-run-'));
  dirs.push(dir);
  const imported = readRequestsSource({
    files: [
      { path: 'shop/bruno.json', text: '{ "version": "1", "name": "Shop", "type": "collection" }' },
      { path: 'shop/Get one.bru', text: GET_ONE },
    ],
  });
  const result = await writeImported(new RequestCollection(dir, config), imported);
  expect(result.imported).toHaveLength(1);
  expect(result.skipped).toEqual([
    {
      item: 'Get one.bru:16',
      reason:
        'assert ~res.status: eq 500 is switched off in Bruno, and tests here cannot be: not imported',
    },
  ]);
  return dir;
}

describe('decorest run: a Bruno request imported with its asserts', () => {
  it('passes against a server that answers as the asserts say', async () => {
    const dir = await importedProject();
    const result = await run([dir]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(hits).toEqual(['GET /ok']);
    expect(result.stdout).toMatch(/PASS {2}Shop\/Get one {2}GET 200/);
    // The two asserts that are on, and nothing else.
    expect(result.stdout).toContain('1 request: 1 passed, 0 failed; 2 tests, 0 failed');
  });

  it('fails, naming the test, when the server answers otherwise', async () => {
    const dir = await importedProject();
    const env = { DECOREST_VAR_baseUrl: otherUrl };
    answer = { status: 200, body: { id: 2 } };
    const wrongId = await run([dir], env);
    expect(wrongId.code, wrongId.stdout + wrongId.stderr).toBe(1);
    expect(wrongId.stdout).toContain('✗ /id equals 1: expected 1, got 2');
    answer = { status: 503, body: { id: 1 } };
    const wrongStatus = await run([dir], env);
    expect(wrongStatus.code, wrongStatus.stdout + wrongStatus.stderr).toBe(1);
    expect(wrongStatus.stdout).toContain('✗ status is 200: expected 200, got 503');
  });
});
