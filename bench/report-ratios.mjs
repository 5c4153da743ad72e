// Cell against cell: req/s and CPU-per-request ratios within one run, paired round by round
// (issue 6: absolute req/s on shared 2-core machines drift between runs and between rounds).
import { median } from './report-format.mjs';
import { JSON_SERVERS } from './targets.mjs';

export function cellOf(cells, scenario, target, n) {
  return cells.find((c) => c.scenario === scenario && c.target === target && c.n === n);
}

/**
 * Cell a's req/s over cell b's. Measured in rounds, it is the median of the per-round ratios: a
 * round runs every target once within seconds, and the shared host drifts (it can halve its
 * speed for minutes) between rounds, so the two cells of one round are the fair pair; the ratio
 * of the two medians can set a fast round of one against a slow round of the other. With one
 * round, or no per-round figures, the two medians.
 */
export function ratioOf(a, b) {
  const ra = a?.roundRps;
  const rb = b?.roundRps;
  if (ra && rb && ra.length === rb.length && ra.length > 1) {
    const pairs = ra.map((x, i) => x / rb[i]).filter((v) => Number.isFinite(v) && v > 0);
    if (pairs.length) return median(pairs);
  }
  return medianRatioOf(a, b);
}

/**
 * Issue 45: how `b`'s server CPU per request compares with `a`'s, as `b`'s µs over `a`'s (above
 * 1×: `a` answers for less CPU; "bare ÷ decorest" with `a` decorest and `b` the baseline).
 * Paired round by round as {@link ratioOf} pairs req/s, else the two medians.
 */
export function cpuRatioOf(a, b) {
  const ua = a?.roundUs;
  const ub = b?.roundUs;
  if (ua && ub && ua.length === ub.length && ua.length > 1) {
    const pairs = ua.map((x, i) => ub[i] / x).filter((v) => Number.isFinite(v) && v > 0);
    if (pairs.length) return median(pairs);
  }
  return b?.cpuUs / a?.cpuUs;
}

/** The ratio of two medians, shown beside {@link ratioOf} where a verdict rests on it. */
export function medianRatioOf(a, b) {
  return a?.result?.rps / b?.result?.rps;
}

export function bestJsonServer(cells, scenario, n) {
  // A json-server that answered nothing in its time bound cannot be the one to beat.
  const found = JSON_SERVERS.map((t) => cellOf(cells, scenario, t, n)).filter(
    (c) => c?.result?.rps > 0,
  );
  return found.sort((a, b) => b.result.rps - a.result.rps)[0];
}
