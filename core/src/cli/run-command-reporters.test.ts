/**
 * Issue 47 through the real `decorest run` command (CONTRACT §7), its reporters: JUnit XML (a
 * testcase per request, a failure per failed test, an error for no answer), TAP version 13 with
 * a YAML block per failed test, and JSON of the run, its summary and every request.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

import { freePort } from '../test-support/free-port.js';
import {
  base,
  jsonEquals,
  project,
  run,
  status,
  useRunHarness,
} from '../test-support/run-harness.js';
import { parseXml, type XmlElement } from '../test-support/xml-tree.js';

useRunHarness();

describe('decorest run: reporters', () => {
  const spec = {
    'a/ok.json': { name: 'Ok', seq: 1, url: '/ok', assertions: [status(200)] },
    'a/two fail.json': {
      name: `Two <&> "fail" 'here'`,
      seq: 2,
      url: '/weird',
      assertions: [
        status(201),
        { kind: 'header-equals', name: 'X-Weird', value: 'plain' },
        jsonEquals('/v', 'plain'),
      ],
    },
    'b/gone.json': { name: 'Gone', seq: 3, url: '{{closed}}/', assertions: [status(200)] },
  };
  // A port nothing listens on (fetch refuses the "bad ports" of the Fetch standard, 1 among them).
  let closed: string;
  beforeAll(async () => {
    closed = `http://127.0.0.1:${await freePort()}`;
  });
  const runWithClosed = (args: string[]) => run(args, { DECOREST_VAR_closed: closed });

  const find = (e: XmlElement, name: string): XmlElement[] => [
    ...e.children.filter((c) => c.name === name),
    ...e.children.flatMap((c) => find(c, name)),
  ];

  it('writes JUnit XML: a testcase per request, a failure per failed test, an error for no answer', async () => {
    const dir = await project(spec);
    const out = join(dir, 'reports', 'junit.xml');
    const result = await runWithClosed([dir, '--reporter', 'junit', '--out', out]);
    expect(result.code).toBe(1);
    // The readable list still goes to the log.
    expect(result.stdout).toMatch(/^PASS {2}a\/Ok/m);
    expect(result.stdout).toContain(`junit report written to ${out}`);
    const xml = await readFile(out, 'utf8');
    const root = parseXml(xml);
    expect(root.name).toBe('testsuites');
    expect(root.attributes).toMatchObject({ tests: '3', failures: '1', errors: '1' });
    expect(find(root, 'testsuite').map((s) => s.attributes['name'])).toEqual([
      'requests/a/',
      'requests/b/',
    ]);
    const cases = find(root, 'testcase');
    expect(cases.map((c) => c.attributes['name'])).toEqual(['Ok', `Two <&> "fail" 'here'`, 'Gone']);
    expect(cases[1]!.attributes['classname']).toBe('requests.a');
    const failures = find(cases[1]!, 'failure');
    expect(failures.map((f) => f.attributes['message'])).toEqual([
      'status is 201: expected 201, got 200',
      `header X-Weird is "plain": expected "plain", got "<&>\\"' ]]>"`,
      `/v equals "plain": expected "plain", got "<&>\\"' ]]>"`,
    ]);
    expect(find(cases[2]!, 'error')[0]!.attributes['message']).toBe(
      `Could not reach ${closed}: ECONNREFUSED`,
    );
    expect(find(cases[0]!, 'failure')).toEqual([]);
  });

  it('writes TAP version 13 with a YAML block of expected and actual per failed test', async () => {
    const dir = await project(spec);
    const result = await runWithClosed([dir, '--reporter', 'tap']);
    expect(result.code).toBe(1);
    const lines = result.stdout.split('\n');
    expect(lines.slice(0, 3)).toEqual(['TAP version 13', '1..3', 'ok 1 - a/Ok']);
    expect(lines).toContain(`not ok 2 - a/Two <&> "fail" 'here'`);
    expect(lines).toContain('not ok 3 - b/Gone');
    const start = lines.indexOf('  ---');
    const block = parseYaml(
      lines
        .slice(start + 1, lines.indexOf('  ...', start))
        .map((l) => l.slice(2))
        .join('\n'),
    ) as { failures: { test: string; expected: string; actual: string }[] };
    expect(block.failures).toEqual([
      { test: 'status is 201', expected: '201', actual: '200' },
      { test: 'header X-Weird is "plain"', expected: '"plain"', actual: `"<&>\\"' ]]>"` },
      { test: '/v equals "plain"', expected: '"plain"', actual: `"<&>\\"' ]]>"` },
    ]);
  });

  it('writes JSON: the run, its summary and every request with its tests', async () => {
    const dir = await project(spec);
    const result = await runWithClosed([dir, 'requests/a', '--reporter', 'json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({
      version: 1,
      target: 'requests/a/',
      environment: null,
      baseUrl: base,
      served: false,
      summary: { requests: 2, passed: 1, failed: 1, tests: 4, testsFailed: 3 },
    });
    expect((report['requests'] as { path: string; url: string }[])[1]).toMatchObject({
      path: 'a/two fail.json',
      url: '/weird',
      state: 'failed',
      status: 200,
    });
  });
});
