// The many-model section of `npm run bench`: start-up of a generated m-model project beside a
// 1-model one (the fixed cost of Node and decorest), and issue 15's save-to-serve loop on it.
import { join } from 'node:path';

import { writeModelProject } from './models.mjs';
import { startChild, stopChild, waitReady } from './processes.mjs';
import { timeSaveToServe } from './reload.mjs';
import { START_POLL_MS } from './target-starts.mjs';

const log = (line) => process.stderr.write(`${line}\n`);

/** Times `decorest serve <m-model project> --port 0` to its first 200, and a 1-model one. */
export async function timeModelProjects(opts, workRoot, notes, problems, running) {
  const projects = [];
  for (const count of [...new Set([opts.models, 1])]) {
    const dir = join(workRoot, `models-${count}`);
    const route = await writeModelProject(dir, count);
    projects.push({ count, dir, route, records: count * 10, startMs: [] });
  }
  const cli = join(opts.decorestRoot, 'core/bin/decorest.js');
  for (let round = 0; round < opts.spawns; round++) {
    for (const p of projects) {
      const handle = startChild(
        `decorest ${p.count}-model`,
        [cli, 'serve', p.dir, '--port', '0', '--quiet'],
        { cwd: p.dir, cpus: opts.split.servers },
      );
      running.add(handle);
      const url = (output) => {
        const at = / at (http:\/\/[^\s]+)/.exec(output)?.[1];
        return at && at + p.route;
      };
      try {
        const ms = await waitReady(handle, url, 60_000, START_POLL_MS);
        p.startMs.push(ms);
        log(`decorest ${p.count}-model project: first 200 in ${Math.round(ms)} ms`);
      } catch (error) {
        problems.push({
          target: 'decorest',
          text: `${p.count}-model project did not start: ${error.message}`,
        });
        await stopChild(handle);
        running.delete(handle);
        return projects.filter((x) => x.startMs.length);
      }
      await stopChild(handle);
      running.delete(handle);
    }
  }
  notes.push(
    `The ${opts.models}-model project: ${opts.models} generated model files (4 fields each, a tree of @BelongTo/@HasMany relations with circular imports between parent and child, 10 records each); timed from spawn of \`decorest serve <dir> --port 0 --quiet\` to the first 200 on its first model's list, like cold start. The 1-model row is the same with one model, for the fixed cost of starting Node and decorest.`,
  );
  return projects;
}

/** Issue 15's save-to-serve loop on the m-model project (bench/reload.mjs). */
export async function timeReload(opts, dir, problems) {
  try {
    return await timeSaveToServe({
      cli: join(opts.decorestRoot, 'core/bin/decorest.js'),
      dir,
      repeats: opts.quick ? 2 : 7,
      cpus: opts.split.servers,
      log,
    });
  } catch (error) {
    problems.push({ target: 'decorest', text: `save-to-serve loop failed: ${error.message}` });
    return undefined;
  }
}
