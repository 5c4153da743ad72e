// The durability section of `npm run bench` (issue 6): after the create cell each decorest is
// killed with SIGKILL and its datafile read (bench/durability.mjs) for every id it answered 201 for.
import { checkDurability } from './durability.mjs';
import { killChild } from './processes.mjs';
import { nameOf } from './target-starts.mjs';
import { TARGETS } from './targets.mjs';

const log = (line) => process.stderr.write(`${line}\n`);

/** Kills each decorest with SIGKILL and looks for every id it answered 201 for. */
export async function checkWrites(entries, labels, problems) {
  for (const entry of entries.filter((e) => e.target === 'decorest' && e.handle && !e.dead)) {
    await killChild(entry.handle);
    const file = TARGETS.decorest.datafile(entry.dir);
    try {
      entry.durability = await checkDurability(file, entry.acked);
    } catch (error) {
      problems.push({
        target: 'decorest',
        text: `${nameOf(entry, labels)}: cannot read ${file}: ${error.message}`,
      });
      continue;
    }
    const d = entry.durability;
    log(
      `${nameOf(entry, labels)} killed after create: acknowledged ${d.acked}, in datafile ${d.found} (${d.records} live records, ${d.lines} lines, ${d.bad} unreadable)`,
    );
    if (d.missing.length) {
      problems.push({
        target: 'decorest',
        text: `${nameOf(entry, labels)}: ${d.missing.length} acknowledged creates are not in ${file} after SIGKILL (e.g. ids ${d.missing.slice(0, 10).join(', ')})`,
      });
    }
  }
}
