import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { DecorestError, INTERNAL_ERROR_CODES } from '../../errors.js';
import { collectStartGarbageSoon } from '../../studio/collect-start-garbage.js';
import { DEFAULT_STATIC_DIR, startStudio } from '../../studio/start-studio.js';
import { failureLine, rulesFailureLine } from '../../studio/studio-log.js';
import { dataOptions } from '../database-option.js';
import type { CliArgs } from '../parse-args.js';
import { untilStopped } from '../until-stopped.js';

/**
 * `decorest studio [dir]`: the mock API plus the studio (control API and UI) on loopback,
 * until SIGINT/SIGTERM. A project that fails to load still starts: the UI shows the error and
 * the fix is picked up on save.
 */
export async function runStudio(args: CliArgs): Promise<number> {
  const { database } = dataOptions(args);
  if (database !== undefined) {
    // A project that fails to load still opens the studio, to be fixed on save; a database
    // that cannot be reached is no edit away, so it stops the start here, in one line.
    const { connectDatabase } = await import('../../persistence/postgres/connect.js');
    await (await connectDatabase(database)).close();
  }
  const studio = await startStudio({
    dir: args.dir,
    apiPort: args.port,
    controlPort: args.controlPort,
    host: args.host,
    ...(args.reset ? { reset: true } : {}),
    ...(args.behaviour ? { behaviour: args.behaviour } : {}),
    ...dataOptions(args),
    // Issue 23: reloads, load errors and model edits, one line each, as they happen.
    log: (line) => console.log(line),
  }).catch((error: unknown) => {
    throw controlListenError(error, args);
  });
  const project = await studio.project();
  // Absolute: a path relative to the shell's folder (`../blog`) read as a different project.
  const lines = [`decorest studio: ${project.root}`, ''];
  lines.push(`  mock API  ${studio.apiUrl ?? '(stopped)'}`);
  // Issue 48: a busy port moved the mock API; the terminal says so, not only the server bar.
  if (studio.apiNote !== undefined) lines.push(`            (${studio.apiNote})`);
  lines.push(`  studio    ${studio.studioUrl}`);
  if (!existsSync(join(DEFAULT_STATIC_DIR, 'index.html'))) {
    lines.push(
      '',
      'The studio UI is not built yet: run `npm run build`, then open the studio URL.',
    );
  }
  if (project.error) lines.push('', `load error: ${failureLine(project.root, project.error)}`);
  const rulesProblems = studio.rulesProblems();
  if (rulesProblems !== undefined) lines.push('', rulesFailureLine(rulesProblems, 'start'));
  for (const warning of project.warnings) lines.push(`warning: ${warning}`);
  // One write, so a reader of stdout sees both URLs together.
  console.log(`${lines.join('\n')}\n`);

  collectStartGarbageSoon();
  await untilStopped();
  await studio.close();
  return 0;
}

/** An explicit `--control-port` that is taken: one line naming it (the mock API moves instead). */
function controlListenError(error: unknown, args: CliArgs): unknown {
  const code = (error as { code?: string }).code;
  if (code !== 'EADDRINUSE' || args.controlPort === 0) return error;
  return new DecorestError(
    INTERNAL_ERROR_CODES.LISTEN_PORT_IN_USE,
    `port ${args.controlPort} is already in use on 127.0.0.1; pick another with --control-port (0: a free one)`,
  );
}
