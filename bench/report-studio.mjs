// RESULTS.md's studio section (issue 12), copied from bench/STUDIO-RESULTS.md: shared by
// `npm run bench` and bench/studio.mjs, so either run keeps it current.

export const STUDIO_HEADING = '## Issue 12 targets: the studio';

/**
 * RESULTS.md's issue 12 section: the throughput table of the latest `node bench/studio.mjs`
 * run, taken from bench/STUDIO-RESULTS.md (which that run writes whole), so both `npm run
 * bench` and the studio bench keep it current.
 */
export function studioSection(studioResults) {
  if (!studioResults) return `${STUDIO_HEADING}\n\n- (\`node bench/studio.mjs\` has not been run)`;
  const lines = studioResults.split('\n');
  const first = lines.findIndex((l) => l.startsWith('|'));
  let end = first;
  while (end < lines.length && lines[end].startsWith('|')) end++;
  const date = /^- date: ([^;]*)/m.exec(studioResults)?.[1] ?? 'unknown date';
  return `${STUDIO_HEADING}

With one studio client reading the event stream (every exchange captured with headers and
bodies), the mock API keeps ≥ 80 % of its throughput without one (byId and create at
N = 1,000). From \`node bench/studio.mjs\`, run ${date}; the whole run, with the Data view's
records pages at N = 100,000, is in [STUDIO-RESULTS.md](STUDIO-RESULTS.md).

${first === -1 ? '- (no table in STUDIO-RESULTS.md)' : lines.slice(first, end).join('\n')}`;
}

/** `results` with its issue 12 section replaced by `section` (added before the profile summary). */
export function withStudioSection(results, section) {
  const at = results.indexOf(STUDIO_HEADING);
  if (at !== -1) {
    const next = results.indexOf('\n## ', at + STUDIO_HEADING.length);
    return `${results.slice(0, at)}${section}\n${next === -1 ? '' : results.slice(next)}`;
  }
  const where = results.indexOf('## Where the time goes');
  if (where === -1) return `${results}\n${section}\n`;
  return `${results.slice(0, where)}${section}\n\n${results.slice(where)}`;
}
