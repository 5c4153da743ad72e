// The start-up, memory, durability and many-model table of RESULTS.md: figures measured once
// per served target and size rather than per scenario cell.
import { fmt, median } from './report-format.mjs';
import { bold, GOALS, judge } from './report-verdicts.mjs';
import { TARGET_NAMES } from './targets.mjs';

/**
 * The startup / memory / durability / m-model rows. `entries`: the served targets with
 * `startMs` (every spawn), `rssLoaded`, `rssAfter`, `durability`; `models`: the m-model timings.
 */
export function startupTable(entries, labels, { sizes, spawns, models }) {
  const targets = TARGET_NAMES.filter((t) => entries.some((e) => e.target === t));
  const at = (t, n) => entries.find((e) => e.target === t && e.n === n);
  const rows = [
    `| measure | N | ${targets.map((t) => labels[t]).join(' | ')} | decorest ÷ baseline | verdicts (decorest: issue 6; open models: issue 42) |`,
    `|---|--:|${targets.map(() => '--:|').join('')}--:|---|`,
  ];
  const row = (measure, n, valueOf, show, verdict = '') => {
    const values = targets.map((t) => (at(t, n) ? valueOf(at(t, n)) : undefined));
    const own = at('decorest', n) ? valueOf(at('decorest', n)) : undefined;
    const base = at('baseline', n) ? valueOf(at('baseline', n)) : undefined;
    const ratio = Number.isFinite(own) && Number.isFinite(base) ? fmt.ratio(own / base) : '';
    rows.push(
      `| ${measure} | ${fmt.n(n)} | ${values.map((v) => (Number.isFinite(v) ? show(v) : '–')).join(' | ')} | ${ratio} | ${verdict} |`,
    );
  };
  const startLabel = `spawn to first 200, ms (median of ${spawns})`;
  for (const n of sizes) {
    const e = at('decorest', n);
    const v =
      n >= GOALS.largeN && e
        ? judge(median(e.startMs), GOALS.coldStartMs, {
            atLeast: false,
            show: (x) => `${fmt.whole(x)} ms`,
          })
        : undefined;
    row(
      startLabel,
      n,
      (x) => median(x.startMs),
      fmt.whole,
      v ? `≤ ${fmt.whole(GOALS.coldStartMs)} ms: ${bold(v)}` : '',
    );
  }
  // Issue 27: decorest's first start in a new folder (empty cache) beside every other target's
  // start, which keeps no cache at all.
  const firstOf = (x) => median(x.firstStartMs ?? x.startMs);
  for (const n of sizes) {
    if (!at('decorest', n)?.firstStartMs?.length) continue;
    row(
      `first start in a new folder, empty cache, spawn to first 200, ms (median of ${at('decorest', n).firstStartMs.length}; other targets: their start)`,
      n,
      firstOf,
      fmt.whole,
    );
  }
  for (const n of sizes) {
    if (!at('decorest', n)?.firstStartRss?.length) continue;
    row(
      'RSS at ready after that first start, MiB',
      n,
      (x) => median(x.firstStartRss ?? [x.rssLoaded]),
      fmt.whole,
    );
  }
  for (const n of sizes) {
    const own = at('decorest', n)?.rssLoaded;
    const base = at('baseline', n)?.rssLoaded;
    const v =
      n >= GOALS.largeN && Number.isFinite(own) && Number.isFinite(base)
        ? judge(own / base, GOALS.rssVsBaseline, { atLeast: false })
        : undefined;
    row(
      'RSS after loading, MiB',
      n,
      (x) => x.rssLoaded,
      fmt.whole,
      v ? `≤ ${GOALS.rssVsBaseline}× baseline: ${bold(v)}` : '',
    );
  }
  for (const n of sizes)
    if (entries.some((e) => e.n === n && Number.isFinite(e.rssAfterReads)))
      row('RSS after the read cells, MiB', n, (x) => x.rssAfterReads, fmt.whole);
  for (const n of sizes) row('RSS after the load run, MiB', n, (x) => x.rssAfter, fmt.whole);
  for (const n of sizes) {
    const d = at('decorest', n)?.durability;
    if (!d) continue;
    const met = d.missing.length === 0 && d.acked > 0;
    const cells = targets.map((t) =>
      t === 'decorest' ? `acknowledged: ${fmt.n(d.acked)}, in datafile: ${fmt.n(d.found)}` : '',
    );
    const verdict = met
      ? 'every acknowledged write on disk: met'
      : `every acknowledged write on disk: **NOT met (${fmt.n(d.missing.length)} missing)**`;
    rows.push(
      `| durability after create, killed with SIGKILL | ${fmt.n(n)} | ${cells.join(' | ')} | | ${verdict} |`,
    );
  }
  for (const m of models ?? []) {
    const cells = targets.map((t) => (t === 'decorest' ? fmt.whole(median(m.startMs)) : ''));
    rows.push(
      `| \`decorest serve\` of a ${m.count}-model project to first 200, ms (median of ${m.startMs.length}) | ${fmt.n(m.records)} records | ${cells.join(' | ')} | | no target set: reported |`,
    );
  }
  return rows.join('\n');
}
