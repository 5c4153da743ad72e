import path from 'node:path';

import { describe, expect, it } from 'vitest';

import {
  type DownloadFailure,
  downloadFailureFile,
  parseDownloadFailure,
  RETRY_AFTER_MS,
  shouldTryDownload,
  skippedDownloadReason,
} from './electron-download.js';
import { type LaunchFacts, planLaunch } from './launch-plan.js';

const HOUR = 3_600_000;
const failedAt = Date.UTC(2025, 0, 1, 12);
const failure: DownloadFailure = { version: '45.4.1', at: failedAt };

describe('shouldTryDownload', () => {
  it('tries when no failure is remembered', () => {
    expect(shouldTryDownload(undefined, '45.4.1', failedAt)).toBe(true);
  });

  it('skips the download for a day after a failure of the same version', () => {
    expect(shouldTryDownload(failure, '45.4.1', failedAt)).toBe(false);
    expect(shouldTryDownload(failure, '45.4.1', failedAt + 23 * HOUR)).toBe(false);
    expect(shouldTryDownload(failure, '45.4.1', failedAt + RETRY_AFTER_MS - 1)).toBe(false);
  });

  it('tries again once the day is over', () => {
    expect(shouldTryDownload(failure, '45.4.1', failedAt + RETRY_AFTER_MS)).toBe(true);
    expect(shouldTryDownload(failure, '45.4.1', failedAt + 30 * 24 * HOUR)).toBe(true);
  });

  it('tries at once for another electron version (a new install)', () => {
    expect(shouldTryDownload(failure, '46.0.0', failedAt + HOUR)).toBe(true);
  });

  it('tries when the failure is dated in the future (the clock was set back)', () => {
    expect(shouldTryDownload(failure, '45.4.1', failedAt - HOUR)).toBe(true);
  });
});

describe('parseDownloadFailure', () => {
  it('reads what launch.mjs writes', () => {
    expect(parseDownloadFailure(JSON.stringify(failure))).toEqual(failure);
  });

  it('ignores a missing, corrupt or foreign file', () => {
    expect(parseDownloadFailure(undefined)).toBeUndefined();
    expect(parseDownloadFailure('{"version": "45.4.1", "at"')).toBeUndefined();
    expect(parseDownloadFailure('null')).toBeUndefined();
    expect(parseDownloadFailure('[]')).toBeUndefined();
    expect(parseDownloadFailure('{"version": 45, "at": 1}')).toBeUndefined();
    expect(parseDownloadFailure('{"version": "45.4.1", "at": "yesterday"}')).toBeUndefined();
  });
});

describe('the notice when the download is skipped', () => {
  const file = downloadFailureFile('/repo');
  const facts: LaunchFacts = {
    root: '/repo',
    projectDir: 'examples/todo',
    electronBinary: undefined,
    platform: 'linux',
    isRoot: false,
    hasDisplay: true,
  };

  it('keeps the record under node_modules, which a fresh install replaces', () => {
    expect(file).toBe(
      path.join('/repo', 'node_modules', '.cache', 'decorest', 'electron-download.json'),
    );
  });

  it('says when the download failed, when it is tried next and how to try now, in one line', () => {
    const reason = skippedDownloadReason(failure, failedAt + 3 * HOUR, file);
    expect(reason).toBe(
      `no Electron binary: its download failed 3 h ago; next try in 21 h, or delete ${file} to try now`,
    );
    const notice = planLaunch({ ...facts, electronMissing: reason }, 'node').notice;
    expect(notice).toBe(
      `The desktop app cannot run here (${reason}): starting the browser studio instead.`,
    );
    expect(notice).not.toContain('\n');
    expect(skippedDownloadReason(failure, failedAt + 60_000, file)).toMatch(
      /failed less than an hour ago; next try in 24 h,/,
    );
  });

  it('names the missing display, not the binary, when both are missing', () => {
    expect(planLaunch({ ...facts, hasDisplay: false }, 'node').notice).toBe(
      'The desktop app cannot run here (no display: DISPLAY and WAYLAND_DISPLAY are unset): starting the browser studio instead.',
    );
  });
});
