import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type RunningServer, startServer } from '../http/node-server.js';
import {
  openProject,
  type OpenProjectOptions,
  type ProjectRuntime,
} from '../project/open-project.js';

/** A project copied to a temp folder and served on 127.0.0.1, port 0. */
export interface ServedProject {
  readonly url: string;
  readonly dir: string;
  readonly dataDir: string;
  readonly project: ProjectRuntime;
  readonly server: RunningServer;
  /** Stops the server, closes datafiles; the temp folder stays until `dispose`. */
  stop(): Promise<void>;
  /** Serves the same folder again (a restart), returning the new instance. */
  restart(): Promise<ServedProject>;
  /** Stops and deletes the temp folder. */
  dispose(): Promise<void>;
}

/**
 * How a served copy keeps its records: the data folder (the default) or, with `database`, a
 * PostgreSQL database (test-support/store-choice.ts makes a fresh one per test).
 */
export type ServeOptions = Pick<OpenProjectOptions, 'database'>;

async function serveDir(dir: string, options: ServeOptions): Promise<ServedProject> {
  const project = await openProject(dir, options);
  const server = await startServer({ port: 0, table: project.table, logger: { error: () => {} } });
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    await server.close();
    await project.close();
  };
  return {
    url: server.url,
    dir,
    dataDir: project.dataDir,
    project,
    server,
    stop,
    restart: async () => {
      await stop();
      return serveDir(dir, options);
    },
    dispose: async () => {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Copies `source` (without its data/ folder) to a temp dir and serves it. */
export async function serveCopy(
  source: string,
  options: ServeOptions = {},
): Promise<ServedProject> {
  const dir = await mkdtemp(join(tmpdir(), 'decorest-test-'));
  await cp(source, dir, {
    recursive: true,
    filter: (src) => !/[\\/]data([\\/]|$)/.test(src.slice(source.length)),
  });
  return serveDir(dir, options);
}

/** Paths of the repository's example projects. */
export const EXAMPLES = {
  todo: new URL('../../../examples/todo', import.meta.url).pathname,
};
