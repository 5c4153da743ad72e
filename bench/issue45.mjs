// Issue 45's verdicts: reads judged by server CPU per answered request against the bare baseline
// (bench/proc-cpu.mjs measures it per cell), nested10's cost at N = 100,000 against its own at
// 1,000, writes against the best json-server, and memory at ready and with the records' texts
// kept. Each is a ratio within one run.
import { cellVerdicts, cpuVerdicts, fmt, judge } from './report.mjs';
import { READ_SCENARIOS } from './scenarios.mjs';

export const GOALS_45 = {
  rssVsBaseline: 1.3,
  rssAtN: 100_000,
};

const bold = (v) => (v.met ? v.text : `**${v.text}**`);

/**
 * `cells`: the run's cells (with `cpuUs`/`roundUs`); `entries`: served targets with `rssLoaded`
 * and `rssAfterReads`.
 */
export function issue45Lines({ cells, entries, sizes }) {
  const lines = [];
  for (const cell of cells.filter((c) => c.target === 'decorest')) {
    const where = `${cell.scenario} at N=${fmt.n(cell.n)}`;
    if (READ_SCENARIOS.has(cell.scenario)) {
      const items = cpuVerdicts(cells, cell, sizes);
      if (items.length === 0) continue;
      lines.push(`- ${where}: ${items.map((v) => `${v.goal}: ${bold(v)}`).join('; ')}`);
      continue;
    }
    // Writes keep issue 6's lead over the best json-server (10× at every size).
    const lead = cellVerdicts(cells, cell, sizes).find((v) => v.goal.includes('json-server'));
    if (lead) lines.push(`- ${where} (a write): ${lead.goal}: ${bold(lead)}`);
  }
  const at = (target, n) => entries.find((e) => e.target === target && e.n === n);
  for (const n of sizes.filter((s) => s >= GOALS_45.rssAtN)) {
    const own = at('decorest', n);
    const base = at('baseline', n);
    if (!own || !base) continue;
    for (const [which, key] of [
      ['at ready', 'rssLoaded'],
      ['after the read cells (every record answered, its text kept)', 'rssAfterReads'],
    ]) {
      if (!Number.isFinite(own[key]) || !Number.isFinite(base[key])) continue;
      const v = judge(own[key] / base[key], GOALS_45.rssVsBaseline, { atLeast: false });
      lines.push(
        `- RSS ${which} at N=${fmt.n(n)} ≤ ${GOALS_45.rssVsBaseline}× the baseline's: ${bold(v)} (${fmt.whole(own[key])} vs ${fmt.whole(base[key])} MiB)`,
      );
    }
  }
  if (lines.length && !cells.some((c) => Number.isFinite(c.cpuUs)))
    lines.unshift('- server CPU was not measured (no /proc on this system)');
  return lines;
}
