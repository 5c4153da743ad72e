import { describe, expect, it } from 'vitest';

import {
  auditFindings,
  parseAllowlist,
  parseCsv,
  readFindings,
} from './electronegativity-report.js';

const REPORT = `issue, severity, confidence, filename, location, sample, description, url
CSP_GLOBAL_CHECK,"LOW","TENTATIVE","main.js","192:12",N/A,"Failed to parse CSP, it may not be valid.",https://x
PRELOAD_JS_CHECK,"MEDIUM","FIRM","window.js","18:12","preload: options.preload,","Review the use of preload scripts",https://x
OPEN_EXTERNAL_JS_CHECK,"MEDIUM","TENTATIVE","window.js","73:13","void shell.openExternal(external);","Review",https://x
NODE_INTEGRATION_JS_CHECK,"HIGH","FIRM","other.js","1:1","a ""quoted"" sample","Disable nodeIntegration",https://x
`;

describe('parseCsv', () => {
  it('keeps commas and doubled quotes inside quoted fields', () => {
    expect(parseCsv('a,"b, c","d ""e"""\n1,2,3\n')).toEqual([
      ['a', 'b, c', 'd "e"'],
      ['1', '2', '3'],
    ]);
  });
});

describe('readFindings', () => {
  it('reads every row by the header names', () => {
    const findings = readFindings(REPORT);
    expect(findings).toHaveLength(4);
    expect(findings[1]).toEqual({
      issue: 'PRELOAD_JS_CHECK',
      severity: 'MEDIUM',
      confidence: 'FIRM',
      file: 'window.js',
      location: '18:12',
      sample: 'preload: options.preload,',
    });
    expect(findings[3]?.sample).toBe('a "quoted" sample');
  });
});

describe('auditFindings', () => {
  const allow = parseAllowlist([
    { issue: 'PRELOAD_JS_CHECK', file: 'window.js', reason: 'three typed methods, no ipcRenderer' },
    { issue: 'OPEN_EXTERNAL_JS_CHECK', file: 'window.js', reason: 'http(s) only' },
    { issue: 'GONE_CHECK', file: 'main.js', reason: 'old' },
  ]);
  const docsPage = 'Kept: PRELOAD_JS_CHECK (…), OPEN_EXTERNAL_JS_CHECK (…)';

  it('passes explained findings, fails the rest of medium and above, ignores low', () => {
    const outcome = auditFindings(readFindings(REPORT), allow, docsPage);
    expect(outcome.explained.map((f) => f.issue)).toEqual([
      'PRELOAD_JS_CHECK',
      'OPEN_EXTERNAL_JS_CHECK',
    ]);
    expect(outcome.unexplained.map((f) => f.issue)).toEqual(['NODE_INTEGRATION_JS_CHECK']);
    expect(outcome.stale.map((e) => e.issue)).toEqual(['GONE_CHECK']);
  });

  it('needs docs/desktop-app.md to name an allow-listed issue too', () => {
    const outcome = auditFindings(readFindings(REPORT), allow, 'nothing here');
    expect(outcome.unexplained.map((f) => f.issue)).toContain('PRELOAD_JS_CHECK');
  });

  it('matches an entry to its file only', () => {
    const moved = REPORT.replace('"window.js","18:12"', '"main.js","18:12"');
    const outcome = auditFindings(readFindings(moved), allow, docsPage);
    expect(outcome.unexplained.map((f) => f.issue)).toContain('PRELOAD_JS_CHECK');
  });
});

describe('parseAllowlist', () => {
  it('refuses an entry without a reason', () => {
    expect(() => parseAllowlist([{ issue: 'X', file: 'a.js', reason: ' ' }])).toThrow(
      /needs a non-empty "reason"/,
    );
    expect(() => parseAllowlist({})).toThrow(/JSON array/);
  });
});
