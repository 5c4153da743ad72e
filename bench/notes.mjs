// The notes under the bench table: how each figure was taken and what bounds it. Kept apart from
// run.mjs so the runner reads as the run, and these read as the report's fine print.
import { TARGETS } from './targets.mjs';

/** Why the client has its own CPU, or that it had not. */
function splitNotes(split) {
  return split.client === undefined
    ? [
        `Client and servers were not pinned (${split.reason}): the load generator competed with the server under load for the same cores, so the fastest cells are partly client-bound and their ratios compressed.`,
      ]
    : [
        `CPUs: the load generator (this process and its wrk child) ran pinned to CPU ${split.client} and every server, its libuv and GC threads included, to CPU ${split.servers} (\`taskset\`), all targets alike. Without it, on two cores, client and server under load take turns on both and the fastest cells measure the client (\`--no-pin\` shows this).`,
      ];
}

/** A busy shared machine changes more than the absolute figures: say so beside the table. */
function busyNote(loadBefore, loadAfter, cores) {
  const load = Math.max(loadBefore, loadAfter);
  if (load <= cores * 0.75) return [];
  const when = loadBefore >= loadAfter ? 'when this run started' : 'by the end of this run';
  return [
    `The machine was busy ${when} (1-min load ${load.toFixed(2)} on ${cores} cores, from other work): absolute req/s are far below a quiet machine's, and ratios between the fastest targets may be compressed too, since other work takes turns on the same cores.`,
  ];
}

/** Says when a target ran on a Node older than its package declares (json-server 1.x). */
function engineNotes(entries, opts) {
  const notes = [];
  for (const name of new Set(entries.filter((e) => !e.dead).map((e) => e.target))) {
    const wanted = TARGETS[name].check(opts).engines?.node;
    const major = Number(/>=\s*(\d+)/.exec(wanted ?? '')?.[1]);
    if (major > Number(process.versions.node.split('.')[0])) {
      notes.push(
        `${TARGETS[name].label()} declares engines.node "${wanted}"; it ran on ${process.version} here and answered every check before load.`,
      );
    }
  }
  return notes;
}

/** Every note of a run, in the order RESULTS.md shows them. */
export function runNotes({
  opts,
  loadBefore,
  loadAfter,
  cores,
  entries,
  startPollMs,
  rssSettleMs,
  extra,
}) {
  return [
    `Load generator: ${opts.driver.label}, ${opts.connections} keep-alive connections, a closed loop (each connection sends its next request when the answer arrives). p50/p99 are ${opts.driver.name === 'wrk' ? 'wrk’s latency distribution of every answer' : 'autocannon’s per-response times of 2xx answers'}.`,
    'The baseline keeps writes in memory only; decorest acknowledges a write once it is in its datafile, and both json-servers rewrite their whole db.json per write.',
    'json-server 1.x has no `_limit`: its list10 cell asks `?_page=1&_per_page=10`, the same ten records inside its pagination envelope. json-server 0.17 asks `?_limit=10`.',
    'nested10: decorest and the baseline answer `GET /users/:id/todos?limit=10` (the baseline from an index user id → that user’s todos in id order). json-server 0.17 serves `/users/:id/todos?_limit=10` natively, by rewriting it to `/todos?userId=:id`, so its todos carry `userId` where decorest’s carry `user`. json-server 1.x has no nested routes (only `/:name` and `/:name/:id`): its cell asks `/todos?userId=:id&_page=1&_per_page=10`, the same ten records in its pagination envelope. User ids are spread over the ~N/100 users, ~100 todos each at every size.',
    'Scenarios run in the order list10, byId, nested10, patch, create: patch touches only the original ids 1..N; create grows each collection by as many records as it answered, so the targets hold different sizes afterwards (hence RSS after the run is indicative only).',
    `Cold start: spawn → first 200 on the list route, polled every ${startPollMs} ms, on the freshly written files; the last of the ${opts.spawns} starts per server is the one loaded. RSS (VmRSS of the server process) ${rssSettleMs} ms after that first 200, and again after the last cell.`,
    'Durability: the create cell records every id answered 201 (the same client-side body parse for every target, so cells stay comparable); afterwards decorest is killed with SIGKILL, so nothing can be flushed on the way out, and its data/todos.db is read with NeDB semantics (last line per _id wins, $$deleted removes).',
    `In the verdicts, "baseline X×" beside a json-server ratio is the bare baseline’s own ratio over the same json-server, the most this run could show (${opts.split.client === undefined ? 'the client shared the cores with the servers, so the fastest cells are partly client-bound' : 'a cell where the baseline is far below 1× of its usual lead is one the client or the machine bounded'}); beside a scale ratio it is the baseline’s own ratio between the sizes, which its design keeps at 1×, so its distance from 1× is the noise of this run.`,
    ...splitNotes(opts.split),
    'Before each cell one request checks the answer (the right ten records, the right record, a 201 with an id, the merged record); a target that answers wrongly is not measured. A json-server cell with timeouts still shows the req/s it achieved in its time bound (client timeout 10 s).',
    ...busyNote(loadBefore, loadAfter, cores),
    ...engineNotes(entries, opts),
    ...extra,
  ];
}
