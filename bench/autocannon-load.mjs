// One autocannon cell, bounded in time (duration + a watchdog) and in count (maxOverallRequests).
import autocannon from 'autocannon';

import { spreadIds } from './data.mjs';

/** Far above what any target reaches on loopback, so it only bounds a runaway loop. */
const MAX_REQUESTS_PER_SECOND = 200_000;
const WATCHDOG_GRACE_MS = 15_000;

/** The id of a created record from its 201 body, as a string (json-server 1.x ids are strings). */
function createdId(body) {
  try {
    const id = JSON.parse(body)?.id;
    return id === undefined || id === null ? undefined : String(id);
  } catch {
    return undefined;
  }
}

/** The autocannon request for a load plan (scenarios.mjs). */
export function autocannonRequest(plan) {
  const request = { method: plan.method, headers: plan.headers, path: plan.path, body: plan.body };
  if (plan.spread) {
    const { count, prefix, suffix } = plan.spread;
    const next = spreadIds(count);
    let sent = 0;
    request.path = `${prefix}1${suffix}`;
    request.setupRequest = (req) => {
      const out = { ...req, path: `${prefix}${next()}${suffix}` };
      if (plan.bodies) out.body = plan.bodies[Math.floor(sent++ / count) % 2];
      return out;
    };
  }
  if (plan.ackedIds) {
    request.onResponse = (status, body) => {
      if (status !== 201) return;
      const id = createdId(body);
      if (id !== undefined) plan.ackedIds.add(id);
    };
  }
  return request;
}

/**
 * Runs `plan` against `url` with `connections` keep-alive connections for `durationSec`.
 * Latency percentiles come from autocannon's per-response times (fractional ms) of 2xx answers,
 * since its own histogram keeps whole milliseconds only, too coarse on loopback.
 */
export function runAutocannon({ url, connections, durationSec, plan }) {
  const cap = Math.max(connections, Math.ceil(durationSec * MAX_REQUESTS_PER_SECOND));
  let times = new Float64Array(1 << 16);
  let count = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: durationSec,
        maxOverallRequests: cap,
        timeout: 10,
        requests: [autocannonRequest(plan)],
      },
      (error, result) => {
        clearTimeout(watchdog);
        if (error) return reject(error);
        const sorted = times.subarray(0, count).sort();
        resolve({
          requests: result.requests.total,
          seconds: result.duration,
          rps: result.duration > 0 ? result.requests.total / result.duration : 0,
          p50: percentile(sorted, 0.5),
          p99: percentile(sorted, 0.99),
          errors: result.errors,
          timeouts: result.timeouts,
          non2xx: result.non2xx,
          statuses: Object.fromEntries(
            Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]),
          ),
        });
      },
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status < 200 || status >= 300) return;
      if (count === times.length) {
        const grown = new Float64Array(times.length * 2);
        grown.set(times);
        times = grown;
      }
      times[count++] = ms;
    });
    const watchdog = setTimeout(() => instance.stop(), durationSec * 1000 + WATCHDOG_GRACE_MS);
  });
}

function percentile(sorted, q) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
