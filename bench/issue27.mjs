// Issue 27's verdicts: the first start of a project in a new folder against json-server 1.x, RSS at
// ready against the bare baseline (first and warm start), and reads against the baseline under
// every client of the run. Each is a ratio or a time within one run.
import { fmt, judge, median, medianRatioOf, ratioOf } from './report.mjs';

export const GOALS_27 = {
  firstStartAgainst: 'json-server-1',
  rssVsBaseline: 1.3,
  rssAtN: 100_000,
  readsVsBaseline: 0.8,
  reads: ['list10', 'byId'],
  saveToServeMs: 300,
};

const bold = (v) => (v.met ? v.text : `**${v.text}**`);
const ms = (x) => `${fmt.whole(x)} ms`;

/**
 * `clients`: `{ name, cells }` per load generator of the run; `entries`: served targets with
 * `startMs`, `rssLoaded` and, for decorest, `firstStartMs`/`firstStartRss` (bench/first-start.mjs);
 * `reload`: timeSaveToServe's result or undefined.
 */
export function issue27Lines({ clients, entries, sizes, reload }) {
  const lines = [];
  const at = (target, n) => entries.find((e) => e.target === target && e.n === n);
  for (const n of sizes) {
    const own = at('decorest', n);
    const rival = at(GOALS_27.firstStartAgainst, n);
    if (own?.firstStartMs?.length && rival?.startMs.length) {
      const first = median(own.firstStartMs);
      const v = judge(first, median(rival.startMs), { atLeast: false, show: ms });
      lines.push(
        `- first start in a new folder with an empty cache at N=${fmt.n(n)} (median of ${own.firstStartMs.length}), ≤ json-server 1.x's start (${ms(median(rival.startMs))}): ${bold(v)}`,
      );
    }
    const base = at('baseline', n);
    if (n >= GOALS_27.rssAtN && own && base && Number.isFinite(base.rssLoaded)) {
      const cold = median(own.firstStartRss ?? []);
      for (const [which, rss] of [
        ['first start', cold],
        ['warm start', own.rssLoaded],
      ]) {
        if (!Number.isFinite(rss)) continue;
        const v = judge(rss / base.rssLoaded, GOALS_27.rssVsBaseline, { atLeast: false });
        lines.push(
          `- RSS at ready after a ${which} at N=${fmt.n(n)} ≤ ${GOALS_27.rssVsBaseline}× the baseline's: ${bold(v)} (${fmt.whole(rss)} vs ${fmt.whole(base.rssLoaded)} MiB)`,
        );
      }
    }
    for (const { name, cells } of clients) {
      for (const scenario of GOALS_27.reads) {
        const cell = (target) =>
          cells.find((c) => c.scenario === scenario && c.target === target && c.n === n);
        const ratio = ratioOf(cell('decorest'), cell('baseline'));
        if (!Number.isFinite(ratio)) continue;
        const context = `ratio of medians ${fmt.ratio(medianRatioOf(cell('decorest'), cell('baseline')))}`;
        lines.push(
          `- ${scenario} at N=${fmt.n(n)} under ${name} ≥ ${GOALS_27.readsVsBaseline}× the baseline (median of per-round ratios): ${bold(judge(ratio, GOALS_27.readsVsBaseline, { context }))}`,
        );
      }
    }
  }
  if (reload) {
    const v = judge(median(reload.addMs), GOALS_27.saveToServeMs, { atLeast: false, show: ms });
    lines.push(`- save → served (the reload loop) ≤ ${ms(GOALS_27.saveToServeMs)}: ${bold(v)}`);
  }
  return lines;
}
