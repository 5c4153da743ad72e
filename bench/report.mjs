// The bench's one table (and the RESULTS.md around it). Every ratio compares cells of this run
// only: absolute req/s on shared 2-core machines drift between runs (issue 6).
import { JSON_SERVERS } from './targets.mjs';

const READS = new Set(['list10', 'byId']);

const fmt = {
  rps: (v) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : '–'),
  ms: (v) => (Number.isFinite(v) ? v.toFixed(2) : '–'),
  ratio: (v) => (Number.isFinite(v) && v > 0 ? `${v >= 10 ? v.toFixed(0) : v.toFixed(2)}×` : '–'),
};

/** Errors (socket errors and timeouts) plus answers outside 2xx. */
export function badCount(result) {
  return result.errors + result.non2xx;
}

function rpsOf(cells, scenario, target) {
  const cell = cells.find((c) => c.scenario === scenario && c.target === target);
  return cell?.result && badCount(cell.result) === 0 ? cell.result.rps : undefined;
}

function bestJsonServer(cells, scenario) {
  const found = JSON_SERVERS.map((t) => ({ t, rps: rpsOf(cells, scenario, t) })).filter(
    (x) => x.rps !== undefined,
  );
  return found.sort((a, b) => b.rps - a.rps)[0];
}

/** The markdown table: one row per scenario × target, in run order. */
export function resultsTable(cells, labels, rounds = 1) {
  const range = rounds > 1;
  const rows = [
    `| scenario | target | req/s${range ? ` (median of ${rounds})` : ''} |${range ? ' range |' : ''} p50 ms | p99 ms | errors + non-2xx | ÷ baseline | decorest ÷ best json-server |`,
    `|---|---|--:|${range ? '--:|' : ''}--:|--:|--:|--:|--:|`,
  ];
  for (const cell of cells) {
    const label = labels[cell.target] ?? cell.target;
    if (!cell.result) {
      rows.push(
        `| ${cell.scenario} | ${label} | not measured: ${cell.problem} |${range ? ' |' : ''} | | | | |`,
      );
      continue;
    }
    const r = cell.result;
    const base = rpsOf(cells, cell.scenario, 'baseline');
    const best = bestJsonServer(cells, cell.scenario);
    const vsBase = base && cell.target !== 'baseline' ? fmt.ratio(r.rps / base) : '';
    const vsBest = cell.target === 'decorest' && best ? fmt.ratio(r.rps / best.rps) : '';
    const bad = badCount(r);
    const badText = bad === 0 ? '0' : `**${bad}** ${statusNote(r)}`;
    const spread = range ? ` ${fmt.rps(r.minRps)}–${fmt.rps(r.maxRps)} |` : '';
    rows.push(
      `| ${cell.scenario} | ${label} | ${fmt.rps(r.rps)} |${spread} ${fmt.ms(r.p50)} | ${fmt.ms(r.p99)} | ${badText} | ${vsBase} | ${vsBest} |`,
    );
  }
  return rows.join('\n');
}

function statusNote(r) {
  const odd = Object.entries(r.statuses).filter(([code]) => !code.startsWith('2'));
  const parts = odd.map(([code, n]) => `${n}×${code}`);
  if (r.errors) parts.push(`${r.errors} errors (${r.timeouts} timeouts)`);
  return `(${parts.join(', ')})`;
}

/** Issue 6's targets for decorest, judged on this run's cells (writes: 10× at 1,000, 100× at 100k). */
export function targetLines(cells, n) {
  const lines = [];
  for (const scenario of new Set(cells.map((c) => c.scenario))) {
    const own = rpsOf(cells, scenario, 'decorest');
    if (own === undefined) continue;
    const base = rpsOf(cells, scenario, 'baseline');
    const best = bestJsonServer(cells, scenario);
    const read = READS.has(scenario);
    const parts = [];
    if (best) {
      const want = read ? 3 : n >= 100_000 ? 100 : 10;
      const got = own / best.rps;
      parts.push(
        `${fmt.ratio(got)} ${best.t} (want ≥ ${want}×) ${got >= want ? 'met' : 'NOT met'}`,
      );
    }
    if (base && read) {
      const got = own / base;
      parts.push(`${fmt.ratio(got)} baseline (want ≥ 0.5×) ${got >= 0.5 ? 'met' : 'NOT met'}`);
    }
    if (parts.length) lines.push(`- ${scenario}: ${parts.join('; ')}`);
  }
  return lines;
}

export function startupTable(started, labels) {
  const rows = ['| target | spawn to first 200 (ms) | RSS after the run (MiB) |', '|---|--:|--:|'];
  for (const s of started) {
    const rss = s.rss === undefined ? '–' : s.rss.toFixed(0);
    rows.push(`| ${labels[s.target] ?? s.target} | ${Math.round(s.readyMs)} | ${rss} |`);
  }
  return rows.join('\n');
}

/** bench/RESULTS.md: the latest run, with the command and the machine that made it. */
export function resultsMarkdown({ meta, table, startup, targets, notes }) {
  return `# Bench results

The latest \`npm run bench\` run (issue 6 grows this). Every figure is a ratio **within one run**
on one machine: absolute req/s on shared 2-core machines drift from run to run, so compare the
ratio columns, not numbers across runs.

- command: \`${meta.command}\`
- date: ${meta.date}
- node: ${meta.node}; CPU: ${meta.cpu} × ${meta.cores} cores; ${meta.os}
- machine load: ${meta.load}
- decorest: ${meta.revision}
- data: N = ${meta.n.toLocaleString('en-US')} todos; ${meta.connections} connections; ${meta.duration} s per cell after ${meta.warmup} s warm-up; ${meta.rounds} round(s), targets interleaved per scenario and round; loopback only

${table}

p50/p99: latency of the 2xx answers (of the median round when there are several). "÷ baseline": this row's req/s over the bare node:http
server's in the same scenario; "decorest ÷ best json-server": over the faster json-server.

## Issue 6 targets in this run

${targets.length ? targets.join('\n') : '- (no decorest cells measured)'}

## Startup and memory (indicative)

${startup}

## Notes

${notes.map((n) => `- ${n}`).join('\n')}
`;
}
