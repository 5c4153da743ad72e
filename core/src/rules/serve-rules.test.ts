/**
 * `decorest serve` honours `mock-rules.json` (issue 29): a file that does not load stops the
 * start with one line naming the pointer (as a broken model file does); with `--watch`, an
 * edit reloads the rules and a broken one is printed while the last good rules keep serving.
 */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { afterEach, describe, expect, it, vi } from 'vitest';

import type { ResponseRule } from '../contract/rules-api.js';
import { runCli, type ServeProcess, startServeProcess } from '../test-support/cli.js';
import { jsonRequest } from '../test-support/http-client.js';
import { EXAMPLES } from '../test-support/project-server.js';
import { copyProject } from '../test-support/studio-fixture.js';

const dirs: string[] = [];
let serving: ServeProcess | undefined;

afterEach(async () => {
  serving?.child.kill('SIGKILL');
  serving = undefined;
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function projectWith(rules: string): Promise<string> {
  const dir = await copyProject(EXAMPLES.todo);
  dirs.push(dir);
  await writeFile(join(dir, 'mock-rules.json'), rules);
  return dir;
}

const rule = (body: string): ResponseRule => ({
  id: 'r',
  name: 'teapot',
  method: 'GET',
  path: '/todos/:id',
  enabled: true,
  when: [],
  responses: [{ status: 418, body }],
});

function oneLine(text: string): void {
  expect(text.trim().split('\n')).toHaveLength(1);
  expect(text).not.toMatch(/\n\s+at /);
}

describe('decorest serve with mock-rules.json', () => {
  it('exits 1 naming the line and column of malformed JSON', async () => {
    const dir = await projectWith('{\n  "rules": [\n');
    const result = await runCli(['serve', dir, '--port', '0']);
    expect(result.code).toBe(1);
    oneLine(result.stderr);
    expect(result.stderr).toMatch(/mock-rules\.json:3:1: invalid JSON/);
  });

  it('exits 1 naming the pointer of a wrong value', async () => {
    const dir = await projectWith(
      JSON.stringify({ rules: [{ ...rule('x'), responses: [{ status: '418' }] }] }),
    );
    const result = await runCli(['serve', dir, '--port', '0']);
    expect(result.code).toBe(1);
    oneLine(result.stderr);
    expect(result.stderr).toContain('mock-rules.json: /rules/0/responses/0/status:');
  });

  it('answers by the rules, and reloads them on an edit with --watch', async () => {
    const dir = await projectWith(JSON.stringify({ rules: [rule('first')] }));
    serving = await startServeProcess([dir, '--port', '0', '--watch']);
    const first = await jsonRequest(serving.url, 'GET', '/todos/1');
    expect([first.status, first.text]).toEqual([418, 'first']);
    await vi.waitFor(() =>
      expect(serving!.output()).toMatch(/GET \/todos\/1 418 .*\[rule: teapot\]/),
    );

    await writeFile(join(dir, 'mock-rules.json'), '{ "rules": [ {"id": } ] }');
    await vi.waitFor(
      () => expect(serving!.output()).toContain('still serving the previous rules'),
      {
        timeout: 10_000,
      },
    );
    expect((await jsonRequest(serving.url, 'GET', '/todos/1')).text).toBe('first');

    // The last good file restored as it was: nothing changed, but the error is over.
    await writeFile(join(dir, 'mock-rules.json'), JSON.stringify({ rules: [rule('first')] }));
    await vi.waitFor(
      () => expect(serving!.output()).toContain('reloaded mock-rules.json: 1 rules'),
      {
        timeout: 10_000,
      },
    );

    await writeFile(join(dir, 'mock-rules.json'), JSON.stringify({ rules: [rule('second')] }));
    await vi.waitFor(
      async () => expect((await jsonRequest(serving!.url, 'GET', '/todos/1')).text).toBe('second'),
      { timeout: 10_000 },
    );
  });
});
