// `npm run bench`'s last section: the PostgreSQL bench (bench/postgres.mjs) with the run's own
// load generator, CPU split and flags; its failure fails the run, its absence skips it.
import { readPostgresOptions, runPostgresBench, writePostgresResults } from './postgres.mjs';

/**
 * The PostgreSQL section (bench/postgres.mjs, issue 26), after the rest: its own cluster, its own
 * sizes (100,000 and 1,000,000), the same load generator and CPU split; its own results file.
 */
export async function postgresSection(opts) {
  const pg = readPostgresOptions([
    ...(opts.quick ? ['--quick'] : []),
    ...(opts.write ? [] : ['--no-write']),
    ...(opts.keep ? ['--keep'] : []),
  ]);
  Object.assign(pg, { driver: opts.driver, split: opts.split, pin: opts.pin });
  try {
    const result = await runPostgresBench(pg, {
      command: `node bench/run.mjs ${process.argv.slice(2).join(' ')}`.trim(),
    });
    if (result.skipped) {
      console.log(`\nPostgreSQL section skipped: ${result.skipped}`);
      return false;
    }
    console.log(`\nPostgreSQL (bench/postgres.mjs)\n\n${result.summary}`);
    for (const p of result.problems) console.log(`\nPROBLEM (PostgreSQL) ${p}`);
    if (pg.write) await writePostgresResults(result.markdown);
    return result.problems.length > 0;
  } catch (error) {
    console.log(`\nPROBLEM (PostgreSQL) the section failed: ${error.message}`);
    return true;
  }
}
