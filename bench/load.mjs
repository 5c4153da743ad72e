// The load generator of a run: autocannon (issue 6's named tool, always installed) or wrk (a C
// client from Debian's packages, preferred when present: on two cores autocannon's own CPU cost
// caps the fastest cells well below what the servers can do). Both take the same load plan.
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
