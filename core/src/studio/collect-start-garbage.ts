/**
 * One full garbage collection shortly after `studio` (and the desktop app) has started (issue 27).
 * `serve` no longer runs it: a forced collection while the server sat idle left its reads about
 * a quarter slower afterwards (byId at N = 100,000; bench/PROFILE.md, "Third pass"), and since
 * the datafile is parsed in one piece a served project's memory at ready is the same without it.
 *
 * Loading a project leaves garbage behind: the datafiles' buffers and the strings they were
 * decoded to (at 100,000 records about 25 MiB, a quarter of the process). V8 collects only when
 * the program allocates, and an idle mock server waiting for its first client does not, so that
 * memory stayed resident for as long as nobody called. One collection, about 12 ms at 100,000
 * records, returns it; it runs after a short idle delay so it is not on the first answer's path.
 *
 * `gc` is not exposed to a process started without `--expose-gc` (the CLI is a plain `node`
 * shebang); the flag is switched on just long enough to take `gc` from a fresh context and off
 * again, so neither the framework's nor a project's global ever sees it.
 */
import type * as V8 from 'node:v8';
import { runInNewContext } from 'node:vm';

import { requireCjs } from '../require-cjs.js';

/** After this long with nothing else to do, the start's garbage is collected. */
const IDLE_DELAY_MS = 100;

/** V8's full collection, taken without leaving `gc` on any global. */
export function fullCollection(): () => void {
  // `node:v8` is loaded here, after the start: loading it cost ~2 ms of the start (issue 27).
  const { setFlagsFromString } = requireCjs('node:v8') as typeof V8;
  setFlagsFromString('--expose-gc');
  try {
    return runInNewContext('gc') as () => void;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

/** Collects once, `delayMs` from now; the timer never keeps the process alive. */
export function collectStartGarbageSoon(delayMs = IDLE_DELAY_MS): void {
  setTimeout(() => fullCollection()(), delayMs).unref();
}
