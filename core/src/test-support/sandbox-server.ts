import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

import { type RunningServer, startServer } from '../http/node-server.js';
import { openProject, type ProjectRuntime } from '../project/open-project.js';

/**
 * A project served from `<sandbox>/project`, with canary files beside it and inside it, for
 * tests that must prove no request reads or writes a file outside `<project>/data/`: a
 * canary's text in an answer means a file was read, a change in {@link treeOf} the sandbox
 * means one was written.
 */
export interface SandboxServer {
  readonly url: string;
  readonly port: number;
  /** The temp folder holding the project and the canaries. */
  readonly sandbox: string;
  readonly dir: string;
  readonly dataDir: string;
  readonly project: ProjectRuntime;
  readonly server: RunningServer;
  /** A random marker written in every canary file; it must never appear in an answer. */
  readonly canary: string;
  /** Errors the server logged (a handler that threw: each one was answered 500). */
  readonly logged: unknown[];
  dispose(): Promise<void>;
}

/** Copies `source` (without its data/) into a fresh sandbox with canaries and serves it. */
export async function serveInSandbox(source: string): Promise<SandboxServer> {
  const sandbox = await mkdtemp(join(tmpdir(), 'decorest-sandbox-'));
  const dir = join(sandbox, 'project');
  await cp(source, dir, {
    recursive: true,
    filter: (src) => !/[\\/]data([\\/]|$)/.test(src.slice(source.length)),
  });
  const canary = `CANARY-${randomBytes(8).toString('hex')}`;
  // NeDB-format lines: what a traversal into a neighbouring "datafile" would serve.
  const line = `{"_id":"1","id":1,"secret":"${canary}"}\n`;
  await writeFile(join(sandbox, 'secret.db'), line);
  await writeFile(join(sandbox, 'todos.db'), line);
  await writeFile(join(dir, 'secret.db'), line);
  const project = await openProject(dir);
  const logged: unknown[] = [];
  const server = await startServer({
    port: 0,
    table: project.table,
    logger: { error: (_message, error) => logged.push(error) },
  });
  return {
    url: server.url,
    port: server.port,
    sandbox,
    dir,
    dataDir: project.dataDir,
    project,
    server,
    canary,
    logged,
    dispose: async () => {
      await server.close();
      await project.close();
      await rm(sandbox, { recursive: true, force: true });
    },
  };
}

/**
 * Every file and folder under `root` with the size of each file, sorted. Datafiles are listed
 * by name only (their size changes with every accepted write).
 */
export async function treeOf(root: string, dataDir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      const name = relative(root, path);
      if (entry.isDirectory()) {
        out.push(`${name}/`);
        await walk(path);
      } else if (folder === dataDir) out.push(name);
      else out.push(`${name} ${(await stat(path)).size}`);
    }
  };
  await walk(root);
  return out.sort();
}
