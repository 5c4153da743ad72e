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

function gcd(a, b) {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * Round r starts with the r-th target and walks the others with a step coprime to their count
 * (1, 3, 5, 7 for eight), so no target always follows the same neighbour: a rotation alone kept
 * every neighbour, and whatever one server leaves behind (a client's closed connections, caches)
 * would always fall on the same next one.
 */
export function roundOrder(entries, round) {
  const n = entries.length;
  const steps = [];
  for (let s = 1; s < n; s++) if (gcd(s, n) === 1) steps.push(s);
  const step = steps.length === 0 ? 1 : steps[round % steps.length];
  return entries.map((_, i) => entries[(round + i * step) % n]);
}
