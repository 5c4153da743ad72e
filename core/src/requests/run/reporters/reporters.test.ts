/**
 * Issue 47: every reporter keeps what an answer may hold from breaking its format: JUnit XML
 * escapes markup and writes what XML cannot carry (control characters, a lone surrogate) as
 * `\uXXXX`; TAP escapes `#` and line breaks in a description and quotes its YAML.
 */
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

import { parseXml } from '../../../test-support/xml-tree.js';
import type { RunReport } from '../run-report.js';
import { jsonReport } from './json-report.js';
import { junitReport } from './junit-report.js';
import { tapReport } from './tap-report.js';
import { textReport } from './text-report.js';

const hostile = `a\u0007b\u001b[31m <tag attr="x"> & 'q' ]]> \uD800 # not a directive\nsecond line`;

const report: RunReport = {
  target: 'requests/',
  environment: 'Local',
  baseUrl: 'http://127.0.0.1:3000',
  served: false,
  startedAt: '2026-01-02T03:04:05.000Z',
  timeMs: 42,
  cases: [
    {
      path: `x/${hostile}.json`,
      folder: 'x',
      name: hostile,
      method: 'GET',
      url: '/x?q={{token}}',
      state: 'failed',
      status: 200,
      timeMs: 5,
      tests: [
        { name: 'status is 200', pass: true, expected: '200', actual: '200' },
        { name: '/v equals "a"', pass: false, expected: '"a"', actual: JSON.stringify(hostile) },
        { name: 'header X is "b"', pass: false, expected: '"b"', actual: hostile },
      ],
      saved: [],
    },
    {
      path: 'y.json',
      folder: '',
      name: 'Later',
      method: 'POST',
      url: '/y',
      state: 'skipped',
      tests: [],
      saved: [],
    },
  ],
};

describe('junitReport', () => {
  it('is well-formed XML whatever a name or an answer holds', () => {
    const root = parseXml(junitReport(report));
    const testcases = root.children.flatMap((suite) => suite.children);
    expect(testcases.map((c) => c.attributes['name'])).toEqual([
      `a\\u0007b\\u001b[31m <tag attr="x"> & 'q' ]]> \\ud800 # not a directive\nsecond line`,
      'Later',
    ]);
    const failures = testcases[0]!.children.filter((c) => c.name === 'failure');
    expect(failures).toHaveLength(2);
    expect(failures[1]!.text).toContain(`actual: a\\u0007b`);
    expect(testcases[1]!.children.map((c) => c.name)).toEqual(['skipped', 'system-out']);
    expect(root.attributes).toMatchObject({ tests: '2', failures: '1', errors: '0', skipped: '1' });
  });
});

describe('tapReport', () => {
  it('keeps one line per test point and a YAML block that reads back as written', () => {
    const lines = tapReport(report).split('\n');
    expect(lines[0]).toBe('TAP version 13');
    expect(lines[1]).toBe('1..2');
    // Written as \uXXXX, not sent to the terminal: a control character and a lone surrogate.
    expect(lines[2]).toBe(
      `not ok 1 - x/a\\\\u0007b\\\\u001b[31m <tag attr="x"> & 'q' ]]> \\\\ud800 \\# not a directive second line`,
    );
    expect(lines).toContain('ok 2 - Later # SKIP not run: --bail stopped the run');
    const yaml = lines.slice(lines.indexOf('  ---') + 1, lines.indexOf('  ...'));
    const block = parseYaml(yaml.map((l) => l.slice(2)).join('\n')) as {
      url: string;
      failures: { actual: string }[];
    };
    expect(block.url).toBe('/x?q={{token}}');
    expect(block.failures[1]!.actual).toBe(hostile);
  });
});

describe('jsonReport and textReport', () => {
  it('JSON reads back to the report with its summary', () => {
    const read = JSON.parse(jsonReport(report)) as Record<string, unknown>;
    expect(read).toMatchObject({
      version: 1,
      target: 'requests/',
      summary: { requests: 2, passed: 0, failed: 1, skipped: 1, tests: 3, testsFailed: 2 },
    });
    expect((read['requests'] as unknown[]).length).toBe(2);
  });

  it('the text list says each failed test with expected and actual', () => {
    const text = textReport(report);
    expect(text).toContain(
      'decorest run requests/, environment "Local", baseUrl http://127.0.0.1:3000',
    );
    expect(text).toContain('✗ /v equals "a": expected "a", got');
    expect(text).toMatch(/^SKIP {2}Later {2}POST {2}\(not run: --bail stopped the run\)$/m);
    expect(text).toMatch(/2 requests: 0 passed, 1 failed, 1 skipped; 3 tests, 2 failed \(42 ms\)/);
  });
});
