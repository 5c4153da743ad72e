import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';

import { RULES_FILE } from '../../contract/rules-api.js';
import { DecorestError, HttpProblem } from '../../errors.js';
import { Behaviour } from '../../http/behaviour.js';
import { behaviourInWords, withFlags } from '../../http/behaviour-wire.js';
import { type RunningServer, startServer } from '../../http/node-server.js';
import type { TrafficEvent } from '../../http/traffic.js';
import { readBehaviourFile } from '../../project/behaviour-file.js';
import { openProject } from '../../project/open-project.js';
import { rulesLoadError } from '../../rules/rules-load-error.js';
import { dataOptions, withPushHint } from '../database-option.js';
import { formatRoutes } from '../format-routes.js';
import { listenError } from '../listen-error.js';
import type { CliArgs } from '../parse-args.js';
import { loadRules } from '../project-rules.js';
import { untilStopped } from '../until-stopped.js';

function logLine(e: TrafficEvent): string {
  const tag = e.tag ? ` [${e.tag}]` : e.rule ? ` [rule: ${e.rule.name || e.rule.id}]` : '';
  return `${e.method} ${e.url} ${e.status} ${e.durationMs.toFixed(1)}ms ${e.responseBytes}B${tag}`;
}

/** A refused reset (no seed, an invalid seed) as lines naming each finding. */
function asCliError(error: unknown): unknown {
  if (!(error instanceof HttpProblem)) return error;
  const findings = (error.errors ?? []).map((e) => `\n  ${e.field}: ${e.message}`).join('');
  return new DecorestError(error.code, `--reset: ${error.detail}${findings}`);
}

/** `decorest serve [dir]`: serves until SIGINT/SIGTERM, then closes datafiles cleanly. */
export async function runServe(args: CliArgs): Promise<number> {
  const project = await openProject(args.dir, dataOptions(args)).catch((error: unknown) =>
    Promise.reject(withPushHint(error, args)),
  );
  // First run (no data/ yet, or no tables in the database): its seed/ records go in, as the
  // studio does.
  // What only some starts need is imported then (issue 15: start-up loads what it uses).
  const seedWarnings = project.firstRun
    ? await (await import('../../studio/seed-project.js')).seedProject(project)
    : [];
  // Issue 29: `mock-rules.json`, when there is one; a broken file stops the start as a broken
  // model file does, naming the pointer. Loaded only when the file exists or --watch may add it.
  const rules =
    args.watch || existsSync(join(project.root, RULES_FILE))
      ? await loadRules(project.root, project.table).catch(async (error: unknown) => {
          await project.close();
          throw error;
        })
      : undefined;
  // The project's mock-behaviour.json (the studio keeps it), each of --delay, --fail, --proxy
  // and --proxy-timeout given replacing its setting for this run; one that does not read is
  // said and left out, as the studio does.
  const read = await readBehaviourFile(project.root);
  if (!read.ok) process.stderr.write(`${read.why}; no delay, failure or proxy of it applied\n`);
  else if (read.settings)
    process.stdout.write(`mock-behaviour.json applied: ${behaviourInWords(read.settings)}\n`);
  const behaviour = withFlags(read.ok ? read.settings : undefined, args.behaviour);
  let server: RunningServer;
  try {
    if (args.reset) {
      const { resetToSeed } = await import('../../seed/seed-data.js');
      await resetToSeed(project).catch((e: unknown) => Promise.reject(asCliError(e)));
    }
    server = await startServer({
      host: args.host,
      port: args.port,
      table: project.table,
      ...(behaviour ? { behaviour: new Behaviour(behaviour) } : {}),
      ...(rules ? { rules } : {}),
    });
  } catch (error) {
    await project.close();
    if (error instanceof DecorestError) throw error;
    throw listenError(error, args);
  }
  // Watching starts before the URL is announced, so no save after it can be missed.
  const watcher = args.watch
    ? (await import('../../project/watch-project.js')).watchProject(
        project,
        (table) => {
          server.setTable(table);
          rules?.setTable(table);
        },
        {
          reloaded: (next) => console.log(`reloaded: ${next.table.routes.length} routes\n`),
          failed: (error) =>
            console.error(
              `reload failed: ${error instanceof Error ? error.message : String(error)}\n(still serving the previous version)`,
            ),
        },
      )
    : undefined;
  await watcher?.ready;
  rules?.watch(({ changed, recovered, problems }) => {
    if (problems)
      console.error(
        `${rulesLoadError(RULES_FILE, problems).message}\n(still serving the previous rules)`,
      );
    else if (changed || recovered)
      console.log(`reloaded ${RULES_FILE}: ${rules.state().rules.length} rules\n`);
  });

  if (!args.quiet) server.traffic.subscribe((e) => console.log(logLine(e)));
  for (const warning of [...project.warnings, ...seedWarnings]) console.warn(`warning: ${warning}`);
  // One write, so a reader of stdout sees the URL and the routes together.
  const where = relative(process.cwd(), project.root) || '.';
  const on = project.database === undefined ? '' : ` (data in PostgreSQL ${project.database})`;
  console.log(
    `decorest serving ${where} at ${server.url}${on}\n\n${formatRoutes(project.table.routes)}\n`,
  );

  // No collection after the start here, unlike the studio: run while the server sat idle, it left
  // its reads about a quarter slower for as long as it ran (byId at N = 100,000, bench/PROFILE.md),
  // and a served project's memory at ready is the same without it.
  await untilStopped();
  rules?.close();
  await server.close();
  await (watcher ? watcher.close() : project.close());
  return 0;
}
