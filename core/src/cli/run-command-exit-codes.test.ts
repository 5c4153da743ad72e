/**
 * Issue 47 through the real `decorest run` command (CONTRACT §7), its exit codes: 0 for the
 * example's requests on the mock API `--serve` starts (a chained POST → GET, PATCH and DELETE,
 * twice from the seed), 1 when a test fails (naming expected and actual), and 2, sending
 * nothing, for an unknown folder, environment or variable.
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { REPO_ROOT } from '../test-support/cli.js';
import {
  dirs,
  hits,
  jsonEquals,
  project,
  run,
  status,
  useRunHarness,
} from '../test-support/run-harness.js';

useRunHarness();

describe('decorest run --serve on examples/todo', () => {
  it('serves the example from seed/, chains the POST into the GET, PATCH and DELETE, exit 0', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'decorest-run-example-'));
    dirs.push(dir);
    await cp(join(REPO_ROOT, 'examples', 'todo'), dir, {
      recursive: true,
      filter: (src) => !src.includes(join('todo', 'data')),
    });
    for (let i = 0; i < 2; i++) {
      // Twice: each run starts from the seed, so the POST makes todo 7 both times.
      const result = await run([dir, '--serve', '--reporter', 'json']);
      expect(result.code, result.stderr).toBe(0);
      const report = JSON.parse(result.stdout) as {
        served: boolean;
        summary: { requests: number; passed: number; failed: number };
        requests: { name: string; state: string; status: number; saved: string[] }[];
      };
      expect(report.served).toBe(true);
      expect(report.summary).toMatchObject({ requests: 7, passed: 7, failed: 0 });
      expect(report.requests.map((r) => [r.name, r.status])).toEqual([
        ['List todos', 200],
        ['Create todo', 201],
        ['Get the new todo', 200],
        ['Complete it', 200],
        ['Delete it', 200],
        ['It is gone', 404],
        ['User summary', 200],
      ]);
      expect(report.requests[1]!.saved).toEqual(['todoId', 'todoUrl']);
    }
    // The run's data lived in a temp folder: the project has no data/.
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });
});

describe('decorest run: exit codes', () => {
  it('exits 0 when every test passes and 1 when one fails, naming expected and actual', async () => {
    const dir = await project({
      'a.json': { name: 'Get ok', url: '{{baseUrl}}/ok', assertions: [status(200)] },
      'b.json': {
        name: 'Wrong name',
        url: '/ok',
        assertions: [status(200), jsonEquals('/name', 'b')],
      },
    });
    const pass = await run([dir, 'requests/a.json']);
    expect(pass.code, pass.stderr).toBe(0);
    expect(pass.stdout).toMatch(/^PASS {2}Get ok {2}GET 200 \d+ ms$/m);
    const fail = await run([dir]);
    expect(fail.code).toBe(1);
    expect(fail.stdout).toMatch(/^FAIL {2}Wrong name {2}GET 200 \d+ ms$/m);
    expect(fail.stdout).toContain('✗ /name equals "b": expected "b", got "a"');
    expect(fail.stdout).toMatch(/2 requests: 1 passed, 1 failed; 3 tests, 1 failed/);
  });

  it('exits 2, sending nothing, for an unknown folder, environment or variable, each named', async () => {
    const dir = await project(
      {
        'todos/a.json': { name: 'A', url: '/ok', headers: [{ name: 'X-Key', value: '{{key}}' }] },
        'todos/b.json': { name: 'B', url: '/ok?q={{key}}&r={{loop}}' },
      },
      [
        {
          name: 'Local',
          variables: [
            { name: 'loop', value: '{{other}}' },
            { name: 'other', value: '{{loop}}' },
          ],
        },
      ],
    );
    const folder = await run([dir, 'requests/nope']);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toContain(`no folder or request file requests/nope under ${dir}`);
    const env = await run([dir, '--env', 'Staging']);
    expect(env.code).toBe(2);
    expect(env.stderr).toContain('no environment named "Staging" (environments/ has "Local")');
    const vars = await run([dir, 'requests/todos', '--env', 'Local']);
    expect(vars.code).toBe(2);
    expect(vars.stderr).toContain(
      'unknown variable {{key}} (used by requests/todos/a.json, requests/todos/b.json): environment "Local" does not define it, nor DECOREST_VAR_key',
    );
    expect(vars.stderr).toContain(
      'variable cycle loop → other → loop (used by requests/todos/b.json)',
    );
    const empty = await project({});
    const nothing = await run([empty]);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('has no requests/ folder');
    expect(hits).toEqual([]);
  });
});
