// The load generator of a run: autocannon (issue 6's named tool, always installed) or wrk (a C
// client from Debian's packages, preferred when present: on two cores autocannon's own CPU cost
// caps the fastest cells well below what the servers can do). Both take the same load plan.
// With both available, the default run measures every cell with wrk and the read cells again
// with autocannon (issue 27): users run both kinds of client, and a JavaScript client bounds
// the fastest servers differently.
import { runAutocannon } from './autocannon-load.mjs';
import { runWrk, wrkVersion } from './wrk-load.mjs';

export const CLIENTS = ['auto', 'autocannon', 'wrk'];

/** Resolves `--client` to a runnable load generator, or throws why it cannot. */
export function pickClient(requested) {
  const wrk = requested === 'autocannon' ? undefined : wrkVersion();
  if (requested === 'wrk' && !wrk) {
    throw new Error('--client wrk: wrk is not installed (Debian: apt-get install wrk)');
  }
  if (wrk) return { name: 'wrk', label: `wrk ${wrk} (C, one thread)`, run: runWrk };
  const why = requested === 'autocannon' ? 'chosen with --client' : 'wrk is not installed';
  return { name: 'autocannon', label: `autocannon (JavaScript; ${why})`, run: runAutocannon };
}

/**
 * The second client of a run, for the read cells only: autocannon when `--client` was left to
 * auto and wrk drives the main pass; undefined when one client was asked for or wrk is missing.
 */
export function readsClient(requested, primary) {
  if (requested !== 'auto' || primary.name !== 'wrk') return undefined;
  return { name: 'autocannon', label: 'autocannon (JavaScript)', run: runAutocannon };
}
