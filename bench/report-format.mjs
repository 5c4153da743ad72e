// How the bench's figures are written (req/s, ms, µs, ratios) and the two sums every table
// needs: the median of rounds and a cell's bad answers. Kept apart so every bench formats the
// same way without loading the tables and verdicts (bench/report.mjs re-exports them).

export const fmt = {
  n: (v) => v.toLocaleString('en-US'),
  rps: (v) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : '–'),
  ms: (v) => (Number.isFinite(v) ? v.toFixed(2) : '–'),
  whole: (v) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : '–'),
  ratio: (v) => (Number.isFinite(v) && v > 0 ? `${v >= 10 ? v.toFixed(0) : v.toFixed(2)}×` : '–'),
  /** µs of CPU per request: one decimal below 1,000 µs, whole above. */
  cpu: (v) =>
    Number.isFinite(v) ? (v >= 1000 ? Math.round(v).toLocaleString('en-US') : v.toFixed(1)) : '–',
};

/** Errors (socket errors and timeouts) plus answers outside 2xx. */
export function badCount(result) {
  return result.errors + result.non2xx;
}

export function median(values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
