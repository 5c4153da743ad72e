// The scenario table of RESULTS.md (and of the console): one row per scenario × size × target,
// with its ratios and verdicts beside the req/s.
import { badCount, fmt } from './report-format.mjs';
import { bestJsonServer, cellOf, cpuRatioOf, ratioOf } from './report-ratios.mjs';
import { verdictsOf } from './report-verdicts.mjs';

function statusNote(r) {
  const odd = Object.entries(r.statuses).filter(([code]) => !code.startsWith('2'));
  const parts = odd.map(([code, n]) => `${n}×${code}`);
  if (r.errors) parts.push(`${r.errors} errors (${r.timeouts} timeouts)`);
  return `(${parts.join(', ')})`;
}

/** The markdown table: one row per scenario × size × target, in run order. */
export function resultsTable(cells, labels, { rounds = 1, sizes }) {
  const range = rounds > 1;
  const small = sizes[0];
  const scaleHead = sizes.length > 1 ? ` ÷ own N=${fmt.n(small)} |` : '';
  const rows = [
    `| scenario | N | target | req/s${range ? ` (median of ${rounds})` : ''} |${range ? ' range |' : ''} p50 ms | p99 ms | errors + non-2xx | ÷ baseline | decorest ÷ best json-server |${scaleHead} server CPU µs/req${range ? ` (median of ${rounds})` : ''} | CPU: baseline ÷ this | verdicts (decorest: issues 6 and 45; open models: issue 42) |`,
    `|---|--:|---|--:|${range ? '--:|' : ''}--:|--:|--:|--:|--:|${sizes.length > 1 ? '--:|' : ''}--:|--:|---|`,
  ];
  for (const cell of cells) {
    const label = labels[cell.target] ?? cell.target;
    const head = `| ${cell.scenario} | ${fmt.n(cell.n)} | ${label} |`;
    if (!cell.result) {
      const blanks = ' |'.repeat(8 + (range ? 1 : 0) + (sizes.length > 1 ? 1 : 0));
      rows.push(`${head} not measured: ${cell.problem} |${blanks}`);
      continue;
    }
    const r = cell.result;
    const base = cellOf(cells, cell.scenario, 'baseline', cell.n);
    const best = bestJsonServer(cells, cell.scenario, cell.n);
    const vsBase = base?.result && cell.target !== 'baseline' ? fmt.ratio(ratioOf(cell, base)) : '';
    const vsBest = cell.target === 'decorest' && best ? fmt.ratio(ratioOf(cell, best)) : '';
    const ref = cellOf(cells, cell.scenario, cell.target, small);
    const scale =
      sizes.length > 1
        ? ` ${cell.n !== small && ref?.result ? fmt.ratio(ratioOf(cell, ref)) : ''} |`
        : '';
    const bad = badCount(r);
    const badText = bad === 0 ? '0' : `**${bad}** ${statusNote(r)}`;
    const spread = range ? ` ${fmt.rps(r.minRps)}–${fmt.rps(r.maxRps)} |` : '';
    const verdict = verdictsOf(cells, cell, sizes)
      .map((v) => `${v.goal}: ${v.met ? v.text : `**${v.text}**`}`)
      .join('; ');
    const rps = r.requests === 0 ? '0 (none answered in time)' : fmt.rps(r.rps);
    const cpu = fmt.cpu(cell.cpuUs);
    const cpuVsBase =
      cell.target !== 'baseline' && Number.isFinite(base?.cpuUs)
        ? fmt.ratio(cpuRatioOf(cell, base))
        : '';
    rows.push(
      `${head} ${rps} |${spread} ${fmt.ms(r.p50)} | ${fmt.ms(r.p99)} | ${badText} | ${vsBase} | ${vsBest} |${scale} ${cpu} | ${cpuVsBase} | ${verdict} |`,
    );
  }
  return rows.join('\n');
}
