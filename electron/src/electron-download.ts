import path from 'node:path';

/**
 * `npm start` fetches Electron's binary on first use (install-electron). Where that cannot work
 * (offline, a blocked download host) it fails only after seconds, on every run: launch.mjs
 * records the failure and these functions decide when the next attempt is worth its wait.
 */

/** A failed fetch of the binary, as stored between runs. */
export interface DownloadFailure {
  /** The electron package's version: another version (after an install) is tried at once. */
  readonly version: string;
  /** When it failed, in ms since the epoch. */
  readonly at: number;
}

/** A failure is trusted for a day: long enough to stop the wait, short enough to recover. */
export const RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Under node_modules, so a fresh `npm ci` (a new electron package, maybe a working network)
 * forgets it with the rest of the install.
 */
export function downloadFailureFile(root: string): string {
  return path.join(root, 'node_modules', '.cache', 'decorest', 'electron-download.json');
}

/** The stored record, or `undefined` for a missing, corrupt or foreign file. */
export function parseDownloadFailure(text: string | undefined): DownloadFailure | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { version, at } = value as Record<string, unknown>;
  if (typeof version !== 'string' || typeof at !== 'number' || !Number.isFinite(at)) {
    return undefined;
  }
  return { version, at };
}

/**
 * Whether to try the download now: not while a failure of this same version is less than a
 * day old. A failure dated in the future (the clock was set back) proves nothing: try.
 */
export function shouldTryDownload(
  failure: DownloadFailure | undefined,
  version: string,
  now: number,
): boolean {
  if (failure === undefined || failure.version !== version) return true;
  const age = now - failure.at;
  return age < 0 || age >= RETRY_AFTER_MS;
}

/** Why there is no binary when the download was skipped, for launch-plan's one-line notice. */
export function skippedDownloadReason(failure: DownloadFailure, now: number, file: string): string {
  const hours = (ms: number): string => `${Math.max(1, Math.round(ms / 3_600_000))} h`;
  const age = now - failure.at;
  const ago = age < 3_600_000 ? 'less than an hour ago' : `${hours(age)} ago`;
  return (
    `no Electron binary: its download failed ${ago}; next try in ${hours(RETRY_AFTER_MS - age)},` +
    ` or delete ${file} to try now`
  );
}
