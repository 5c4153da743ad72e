// Issue 15's verdicts (start-up, memory, the save-to-serve loop, reads against the baseline),
// from the figures one `npm run bench` run collected. Each is a ratio or a time within that run.
import { fmt, judge, median, ratioOf } from './report.mjs';
import { JSON_SERVERS } from './targets.mjs';

export const GOALS_15 = {
  modelProjectMs: 500,
  saveToServeMs: 300,
  rssVsBaselineLarge: 1.2,
  readsVsBaseline: 0.8,
  reads: ['list10', 'byId', 'nested10'],
  largeN: 100_000,
};

const bold = (v) => (v.met ? v.text : `**${v.text}**`);
const ms = (x) => `${fmt.whole(x)} ms`;

/**
 * `entries`: served targets with `startMs`, `coldMs` (decorest, empty start-up cache), `rssLoaded`;
 * `models`: the m-model start timings; `reload`: timeSaveToServe's result (or undefined).
 */
export function issue15Lines({ cells, entries, sizes, models, reload, modelCount }) {
  const lines = [];
  const at = (target, n) => entries.find((e) => e.target === target && e.n === n);
  for (const n of sizes) {
    const own = at('decorest', n);
    if (!own) continue;
    const servers = JSON_SERVERS.map((t) => at(t, n)).filter((e) => e?.startMs.length);
    const fastest = Math.min(...servers.map((e) => median(e.startMs)));
    const start = judge(median(own.startMs), fastest, { atLeast: false, show: ms });
    const cold = Number.isFinite(own.coldMs) ? `; cold cache ${ms(own.coldMs)}` : '';
    lines.push(
      `- spawn to first 200 at N=${fmt.n(n)}, warm start-up cache, ≤ the faster json-server's (${ms(fastest)}): ${bold(start)}${cold}`,
    );
    const base = at('baseline', n);
    if (n >= GOALS_15.largeN && base) {
      const rss = judge(own.rssLoaded / base.rssLoaded, GOALS_15.rssVsBaselineLarge, {
        atLeast: false,
      });
      lines.push(
        `- RSS at ready at N=${fmt.n(n)} ≤ ${GOALS_15.rssVsBaselineLarge}× the baseline's: ${bold(rss)} (${fmt.whole(own.rssLoaded)} vs ${fmt.whole(base.rssLoaded)} MiB)`,
      );
    } else if (n < GOALS_15.largeN && servers.length) {
      const smallest = Math.min(...servers.map((e) => e.rssLoaded).filter(Number.isFinite));
      const rss = judge(own.rssLoaded, smallest, {
        atLeast: false,
        show: (x) => `${fmt.whole(x)} MiB`,
      });
      lines.push(
        `- RSS at ready at N=${fmt.n(n)} ≤ the smaller json-server's (${fmt.whole(smallest)} MiB): ${bold(rss)}`,
      );
    }
    for (const scenario of GOALS_15.reads) {
      const cell = (target) =>
        cells.find((c) => c.scenario === scenario && c.target === target && c.n === n);
      const ratio = ratioOf(cell('decorest'), cell('baseline'));
      if (!Number.isFinite(ratio)) continue;
      lines.push(
        `- ${scenario} at N=${fmt.n(n)} ≥ ${GOALS_15.readsVsBaseline}× the baseline: ${bold(judge(ratio, GOALS_15.readsVsBaseline))}`,
      );
    }
  }
  const project = models?.find((m) => m.count === modelCount);
  if (project) {
    const v = judge(median(project.startMs), GOALS_15.modelProjectMs, { atLeast: false, show: ms });
    lines.push(
      `- ${modelCount}-model project, spawn to first 200 ≤ ${ms(GOALS_15.modelProjectMs)}: ${bold(v)}`,
    );
  }
  if (reload) {
    const v = judge(median(reload.addMs), GOALS_15.saveToServeMs, { atLeast: false, show: ms });
    lines.push(
      `- ${modelCount}-model project, save of a model file → its new route answers, median of ${reload.addMs.length} ≤ ${ms(GOALS_15.saveToServeMs)}: ${bold(v)} (removing it again: ${ms(median(reload.removeMs))})`,
    );
    const kept = reload.inDatafile >= reload.acked && reload.acked > 0;
    lines.push(
      `- writes during those reloads: ${fmt.n(reload.acked)} acknowledged, ${fmt.n(reload.inDatafile)} in the datafile, ${fmt.n(reload.refused)} answered 503: ${kept ? 'none lost, met' : '**NOT met**'}`,
    );
  }
  return lines;
}
