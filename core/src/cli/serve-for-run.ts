/**
 * Issue 47, `decorest run --serve`: the project's mock API for one run, as `serve` answers
 * (its routes, manual ones and response rules), on a free port of 127.0.0.1, its data a fresh
 * copy of `seed/` in a temp folder: every run starts from the same records, and the project's
 * own `data/` (or database) is never touched. Closing it removes the temp folder.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { RULES_FILE } from '../contract/rules-api.js';
import { startServer } from '../http/node-server.js';
import { openProject } from '../project/open-project.js';
import { seedProject } from '../studio/seed-project.js';
import { loadRules } from './project-rules.js';

export interface ServedForRun {
  /** `http://127.0.0.1:<port>`: the run's `{{baseUrl}}`. */
  readonly url: string;
  /** A seed file that did not import, a torn line: said, and the run goes on. */
  readonly warnings: readonly string[];
  close(): Promise<void>;
}

export async function serveForRun(dir: string): Promise<ServedForRun> {
  const dataDir = await mkdtemp(join(tmpdir(), 'decorest-run-'));
  const cleanups: (() => Promise<void> | void)[] = [
    () => rm(dataDir, { recursive: true, force: true }),
  ];
  const close = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    // A data folder that does not exist yet: a first run, which the seed fills (as the studio's).
    const project = await openProject(dir, { dataDir });
    cleanups.push(() => project.close());
    const warnings = [...project.warnings, ...(await seedProject(project))];
    const rules = existsSync(join(project.root, RULES_FILE))
      ? await loadRules(project.root, project.table)
      : undefined;
    if (rules) cleanups.push(() => rules.close());
    const server = await startServer({
      host: '127.0.0.1',
      port: 0,
      table: project.table,
      ...(rules ? { rules } : {}),
    });
    cleanups.push(() => server.close());
    return { url: server.url, warnings, close };
  } catch (error) {
    await close();
    throw error;
  }
}
