// The bench's tables (and the RESULTS.md around them). Every ratio compares cells of this run
// only: absolute req/s on shared 2-core machines drift between runs (issue 6).
//
// This module writes RESULTS.md around the tables; the pieces live beside it, one job each
// (report-format, -ratios, -verdicts, -results-table, -startup-table, -studio), and are
// re-exported here so the benches keep importing the report from one place.
import { fmt } from './report-format.mjs';
import { studioSection } from './report-studio.mjs';

export { badCount, fmt, median } from './report-format.mjs';
export { cpuRatioOf, medianRatioOf, ratioOf } from './report-ratios.mjs';
export { resultsTable } from './report-results-table.mjs';
export { startupTable } from './report-startup-table.mjs';
export { STUDIO_HEADING, studioSection, withStudioSection } from './report-studio.mjs';
export {
  cellVerdicts,
  cpuVerdicts,
  GOALS,
  judge,
  openVerdicts,
  targetLines,
} from './report-verdicts.mjs';

/** bench/RESULTS.md: the latest run, with the command and the machine that made it. */
export function resultsMarkdown({
  meta,
  table,
  readTable,
  startup,
  targets,
  targets15 = [],
  targets27 = [],
  targets45 = [],
  studio = studioSection(undefined),
  notes,
}) {
  return `# Bench results

The latest \`npm run bench\` run (issue 6). Every figure is a ratio **within one run** on one
machine: absolute req/s on shared 2-core machines drift from run to run, so compare the ratio
columns, not numbers across runs.

- command: \`${meta.command}\`
- date: ${meta.date}
- node: ${meta.node}; CPU: ${meta.cpu} × ${meta.cores} cores; ${meta.os}
- machine load: ${meta.load}
- CPUs: ${meta.cpus}
- decorest: ${meta.revision}
- data: N = ${meta.sizes.map(fmt.n).join(' and ')} todos (about N/100 users), every size served at once; ${meta.connections} connections; ${meta.duration} s per cell and round, after ${meta.warmup} s warm-up in the first round; ${meta.rounds} round(s), every target and size interleaved per scenario and round; loopback only; run took ${meta.elapsed}

${table}

p50/p99: latency (of the median round when there are several; which answers count is in the notes). "÷ baseline": this row's req/s over the bare node:http
server's in the same scenario and size; "decorest ÷ best json-server": over the faster json-server; "÷ own N=…": this row's req/s over the same target's in the same scenario at the smallest size.
With several rounds every ratio is the median of the per-round ratios (the two cells of one round against each other), not the ratio of the two medians: the host drifts between rounds.
"server CPU µs/req": the server process's CPU time (every thread, from /proc) over the measured cell, per answered request, the median of the rounds; "CPU: baseline ÷ this": the bare server's µs per request over this row's, paired round by round (above 1×: this row spends less CPU per answer).

${
  readTable
    ? `## Reads under ${meta.readsClient}

The read cells again, same servers, same ids in the same order, right after the first client's
(issue 27: users run both kinds of client). A JavaScript client on one CPU bounds the fastest
servers sooner than wrk does, so ratios here sit closer to 1×.

${readTable}

`
    : ''
}## Startup, memory, durability

${startup}

## Issue 6 targets in this run

${targets.length ? targets.join('\n') : '- (no decorest cells measured)'}

## Issue 15 targets in this run

Start-up with a warm start-up cache (the transpile cache a previous start filled; the first
start of each size ran with an empty one, shown as "cold cache"), memory at ready, the
save-to-serve loop under \`serve --watch\` (bench/reload.mjs) and reads against the baseline.

${targets15.length ? targets15.join('\n') : '- (not measured in this run)'}

## Issue 27 targets in this run

A first start is a project copied into a folder never served before, with an empty start-up
cache of its own (bench/first-start.mjs), as after a fresh clone or in a CI checkout; json-server
keeps no cache, so each of its starts is a first start.

${targets27.length ? targets27.join('\n') : '- (not measured in this run)'}

## Issue 45 targets in this run

Reads judged by the server's CPU per answered request (its process's CPU time over the measured
cell, from /proc, divided by the requests answered; the median of the rounds, and paired round
by round against the baseline), steadier than req/s on a shared host: a server given less CPU
answers fewer requests at about the same cost each, and a server faster than its client idles
rather than shows its speed. "bare ÷ decorest" above 1× means decorest spent less CPU per answer
than the bare \`node:http\` server. Writes keep their lead over the best json-server (req/s).

${targets45.length ? targets45.join('\n') : '- (not measured in this run)'}

${studio}

## Where the time goes

In short (the profiles, tables and how to take them are in [PROFILE.md](PROFILE.md), kept by
hand: profiles are not part of this run):

- The slowest scenario is \`patch\`. Its profile showed the datafile append, a \`FileHandle.write\`
  round trip through libuv's thread pool per batch, as the largest cost of decorest's own
  (11.7 % of the server's samples) after Node's socket write. Appends are now one synchronous
  \`write(2)\` per event-loop turn (2.2 %); every acknowledged write is still in the datafile.
- Reads spend most of their time in Node's HTTP layer (the socket \`writev\` alone 40–50 % of
  the server's CPU per answer), which the bare baseline pays too. Issue 45: decorest's own code
  is now about 1–3 µs of a read at N = 100,000 (4–14 µs before), less than the bare server's
  own (5–9 µs): a record is answered as its kept JSON text, a list page asked again before any
  write as the bytes sent last time, a list's query string is parsed once, and a handler that
  answers at once takes no promise.
- The bench itself was the first bottleneck: autocannon and the servers shared both cores, so
  the fastest cells measured the client. The client and the servers are now pinned to separate
  CPUs, and wrk (C) drives the load when installed.
- A first start in a new folder (issue 27) loads no TypeScript compiler: SWC and oxc-parser
  (native) transpile and read the model files, the start-up cache is keyed by content, and one
  garbage collection after ready gives back what loading the datafiles left (RSS at
  N = 100,000 131 → 107 MiB after a first start). Then (second pass): memoirist in place of
  find-my-way (~12 ms of load), serve's modules in one chunk (~10 ms), no \`node:https\`,
  \`node:v8\` or \`node:assert\` before the first answer (~8 ms), and a datafile as decorest
  writes it parsed in one \`JSON.parse\` (130 → ~90 ms at N = 100,000). PROFILE.md says where
  the rest goes.

## Notes

${notes.map((n) => `- ${n}`).join('\n')}
`;
}
