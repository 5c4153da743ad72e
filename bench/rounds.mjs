// Several interleaved rounds per scenario (`--rounds`): on a shared machine a burst of other work
// can land on one target's cell; the median round of each cell is much steadier than one pass.

/** The median round by req/s (the lower one for an even count), with every round's errors. */
export function mergeRounds(results) {
  const byRps = [...results].sort((a, b) => a.rps - b.rps);
  const median = byRps[Math.floor((byRps.length - 1) / 2)];
  const statuses = {};
  for (const r of results) {
    for (const [code, n] of Object.entries(r.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  }
  const sum = (key) => results.reduce((total, r) => total + r[key], 0);
  return {
    ...median,
    errors: sum('errors'),
    timeouts: sum('timeouts'),
    non2xx: sum('non2xx'),
    statuses,
    rounds: results.length,
    minRps: byRps[0].rps,
    maxRps: byRps[byRps.length - 1].rps,
  };
}

/** Round r starts with the r-th target, so no target always follows the same neighbour. */
export function roundOrder(entries, round) {
  return entries.map((_, i) => entries[(i + round) % entries.length]);
}
