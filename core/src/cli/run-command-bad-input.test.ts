/**
 * Issue 47 through the real `decorest run` command (CONTRACT §7), bad input: a server that does
 * not answer in time is named and the run goes on (--bail stops there), a request file that
 * does not read is named by line and column, and a 50 MB answer is tested in bounded memory.
 */
import { describe, expect, it } from 'vitest';

import { base, hits, project, run, status, useRunHarness } from '../test-support/run-harness.js';

useRunHarness();

describe('decorest run: bad input', () => {
  it('names a server that does not answer in time and goes on; --bail stops there', async () => {
    const dir = await project({
      'a.json': { name: 'Hangs', seq: 1, url: '/hang', assertions: [status(200)] },
      'b.json': { name: 'Fine', seq: 2, url: '/ok', assertions: [status(200)] },
    });
    const result = await run([dir, '--timeout', '300']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`No answer from ${base} within 0.3 s`);
    expect(result.stdout).toMatch(/^PASS {2}Fine/m);
    hits.length = 0;
    const bail = await run([dir, '--timeout', '300', '--bail']);
    expect(bail.code).toBe(1);
    expect(bail.stdout).toMatch(/^SKIP {2}Fine {2}GET {2}\(not run: --bail stopped the run\)$/m);
    expect(hits).toEqual(['GET /hang']);
  });

  it('names a request file that does not read by line and column; the rest runs; exit 1', async () => {
    const dir = await project({
      'a.json': { name: 'Fine', url: '/ok', assertions: [status(200)] },
      'broken.json': '{\n  "name": "Broken",\n  "url": /ok\n}\n',
      'wrong.json': '{ "version": 1, "name": "Wrong", "url": "/ok", "headers": [{}] }\n',
    });
    const result = await run([dir]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^PASS {2}Fine/m);
    expect(result.stdout).toMatch(
      /^FAIL {2}broken\.json\n {6}requests\/broken\.json does not read at 3:10: is not JSON: unexpected character$/m,
    );
    expect(result.stdout).toContain(
      'requests/wrong.json does not read at /headers/0/name: must be a string',
    );
    expect(hits).toEqual(['GET /ok']);
  });

  it('runs the tests of a 50 MB answer within bounded memory: its first 10 MiB kept', async () => {
    const dir = await project({
      'big.json': {
        name: 'Big',
        url: '/big',
        assertions: [status(200), { kind: 'json-exists', pointer: '/pad' }],
      },
    });
    // A heap smaller than the answer: holding it whole would end the process.
    const result = await run([dir, '--reporter', 'json'], {
      NODE_OPTIONS: '--max-old-space-size=40',
    });
    expect(result.code, result.stderr).toBe(1);
    const report = JSON.parse(result.stdout) as {
      requests: { tests: { name: string; pass: boolean; actual: string }[] }[];
    };
    expect(report.requests[0]!.tests).toEqual([
      { name: 'status is 200', pass: true, expected: '200', actual: '200' },
      {
        name: '/pad exists',
        pass: false,
        expected: 'present',
        actual: 'the body is not JSON in its first 10 MiB (the rest was not kept)',
      },
    ]);
  });
});
