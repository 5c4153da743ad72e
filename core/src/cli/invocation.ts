/**
 * The command that runs this CLI again from where it was started (issue 48): a clone's user
 * has no `decorest` on their PATH, so a printed "next: decorest serve" did not work there.
 */
import { realpathSync } from 'node:fs';
import { delimiter, isAbsolute, join, relative } from 'node:path';

export interface Invocation {
  /** The script node ran (`process.argv[1]`): the bin, or a symlink to it in `.bin`. */
  readonly script: string;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
}

const realOrSame = (path: string): string => {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
};

/** `npx decorest` under npx, `decorest` when PATH finds this very bin, else `node <path>`. */
export function cliCommand(
  at: Invocation = { script: process.argv[1] ?? '', cwd: process.cwd(), env: process.env },
): string {
  if (at.env['npm_command'] === 'exec') return 'npx decorest';
  const script = realOrSame(at.script);
  const onPath = (at.env['PATH'] ?? '')
    .split(delimiter)
    .filter(Boolean)
    .some((dir) => realOrSame(join(dir, 'decorest')) === script);
  if (onPath) return 'decorest';
  return `node ${shellPath(script, at.cwd)}`;
}

/**
 * `path` as a command line shows it: relative to `cwd` when it lies below it (`../../tmp/x`
 * reads as a puzzle; the absolute path then), single-quoted when a shell would split it.
 */
export function shellPath(path: string, cwd: string = process.cwd()): string {
  const below = relative(cwd, path);
  const shown = below === '' ? '.' : below.startsWith('..') || isAbsolute(below) ? path : below;
  return /[\s'"$`\\]/.test(shown) ? `'${shown.replace(/'/g, `'\\''`)}'` : shown;
}
