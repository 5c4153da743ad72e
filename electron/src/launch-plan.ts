import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * What `npm start` (electron/launch.mjs) decides, as plain functions: which builds are stale,
 * where the Electron binary is, and what to run. launch.mjs only does the I/O around them.
 */

export interface FileAccess {
  exists(file: string): boolean;
  readText(file: string): string | undefined;
}

export const realFiles: FileAccess = {
  exists: (file) => existsSync(file),
  readText: (file) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  },
};

/**
 * The Electron executable installed in `electronDir` (node_modules/electron), or `undefined`.
 * It reads what electron's own index.js reads (`path.txt`, `ELECTRON_OVERRIDE_DIST_PATH`) but
 * never requires that file: since Electron 42, requiring it without a binary starts a download
 * and throws, which is not a question but an action.
 */
export function findElectronBinary(
  electronDir: string,
  env: NodeJS.ProcessEnv,
  files: FileAccess = realFiles,
): string | undefined {
  const relative = files.readText(path.join(electronDir, 'path.txt'))?.trim();
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  let candidate: string | undefined;
  if (override) candidate = path.join(override, relative || 'electron');
  else if (relative) candidate = path.join(electronDir, 'dist', relative);
  return candidate && files.exists(candidate) ? candidate : undefined;
}

/** Built output older than its newest source (or missing) needs a build. */
export function isStale(newestSource: number | undefined, built: number | undefined): boolean {
  if (built === undefined) return true;
  return newestSource !== undefined && newestSource > built;
}

/** The newest modification time under the given files and folders (recursively). */
export function newestMtime(paths: readonly string[]): number | undefined {
  let newest: number | undefined;
  const visit = (target: string): void => {
    let info;
    try {
      info = statSync(target);
    } catch {
      return;
    }
    if (info.isDirectory()) {
      for (const entry of readdirSync(target)) visit(path.join(target, entry));
    } else {
      newest = Math.max(newest ?? 0, info.mtimeMs);
    }
  };
  paths.forEach(visit);
  return newest;
}

/** Whether renderer/dist is older than renderer/src, its index.html or its Vite config. */
export function rendererStale(root: string): boolean {
  const renderer = path.join(root, 'renderer');
  const sources = newestMtime(
    ['src', 'index.html', 'vite.config.ts'].map((p) => path.join(renderer, p)),
  );
  return isStale(sources, newestMtime([path.join(renderer, 'dist', 'index.html')]));
}

export interface LaunchFacts {
  root: string;
  /** The project to open, relative to `root` or absolute. */
  projectDir: string;
  electronBinary: string | undefined;
  /** Why `electronBinary` is missing, when it is not a failed download just now. */
  electronMissing?: string;
  platform: NodeJS.Platform;
  /** `process.getuid?.() === 0`: Chromium refuses to start as root without `--no-sandbox`. */
  isRoot: boolean;
  /** An X11 or Wayland display on Linux (always true elsewhere). */
  hasDisplay: boolean;
}

export interface LaunchStep {
  command: string;
  args: string[];
  /** One line to print first, when the plan is not the desktop app. */
  notice?: string;
}

/**
 * The desktop app when Electron can run here, else the browser studio (`decorest studio`,
 * which prints its own URLs), so `npm start` never dead-ends.
 */
export function planLaunch(facts: LaunchFacts, nodePath: string): LaunchStep {
  // No display first: it is the reason whether or not a binary exists, and the plain one.
  const why = !facts.hasDisplay
    ? 'no display: DISPLAY and WAYLAND_DISPLAY are unset'
    : !facts.electronBinary
      ? (facts.electronMissing ?? 'no Electron binary, and it could not be downloaded')
      : undefined;
  if (why === undefined && facts.electronBinary) {
    const sandbox = facts.isRoot && facts.platform === 'linux' ? ['--no-sandbox'] : [];
    return {
      command: facts.electronBinary,
      args: [path.join(facts.root, 'electron', 'dist', 'main.js'), ...sandbox, facts.projectDir],
    };
  }
  return {
    command: nodePath,
    args: [path.join(facts.root, 'core', 'bin', 'decorest.js'), 'studio', facts.projectDir],
    notice: `The desktop app cannot run here (${why}): starting the browser studio instead.`,
  };
}

/** Linux needs an X11 or Wayland display for a window; other systems always have one. */
export function hasDisplay(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): boolean {
  return platform !== 'linux' || Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}
