import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { REPO_ROOT } from '../test-support/cli.js';
import { jsonRequest, rawRequest } from '../test-support/http-client.js';

/**
 * Decorest as a user gets it (issue 23.5): `npm pack`, installed into a project of its own,
 * then the README's Quick start there. This catches what the repository's tests cannot: a
 * file missing from the package's "files", a package core/dist imports that is not in
 * "dependencies", a path that only resolves inside the clone.
 */

const run = promisify(execFile);
// npm and npx are .cmd shims on Windows, which only a shell runs.
const shell = process.platform === 'win32';
const RENDERER_DIST = join(REPO_ROOT, 'renderer', 'dist');
/** The repository's own @types/node, so the install needs nothing the npm cache lacks. */
async function typesNode(): Promise<string> {
  const manifest = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  return `@types/node@${manifest.devDependencies['@types/node']!}`;
}

/**
 * The variables npm sets for the script running this test (`npm test`) describe the
 * repository's package; an npm started inside the user's project must not see them.
 */
function userEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_(package_|lifecycle_|command$|config_(local_prefix|call)$)/i.test(key)) continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

/** The studio UI as `npm ci` builds it; built here only when missing. */
async function ensureRendererBuilt(): Promise<void> {
  if (existsSync(join(RENDERER_DIST, 'index.html'))) return;
  // Built beside and renamed into place, so a test reading renderer/dist meanwhile never sees
  // a half-written folder.
  const partial = join(REPO_ROOT, 'renderer', `dist.partial-${process.pid}`);
  await run(
    process.execPath,
    [
      join(REPO_ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'renderer/vite.config.ts',
      '--outDir',
      partial,
      '--logLevel',
      'warn',
    ],
    { cwd: REPO_ROOT },
  );
  await rm(RENDERER_DIST, { recursive: true, force: true });
  await rename(partial, RENDERER_DIST);
}

const TODO_MODEL = `import { FromDataSource, Rest } from 'decorest';

@Rest
@FromDataSource
export class Todo {
  id!: number;
  content!: string;
  completed!: boolean;
  priority?: 'low' | 'high';
}
`;

// Outside my-api/, so the server does not load it: the editor's view of the types. The
// expected errors prove the declarations are decorest's own, not an unresolved `any`.
const TYPE_CHECKS = `import { dao, type ModelRecord } from 'decorest';

import { Todo } from './my-api/todo.js';

export async function contentOf(id: number): Promise<string | undefined> {
  const todo: ModelRecord<Todo> | undefined = await dao(Todo).getById(id);
  return todo?.content;
}

// @ts-expect-error: a Todo's id is a number
export const byName = () => dao(Todo).getById('one');

// @ts-expect-error: completed is a boolean
export const saveYes = () => dao(Todo).save({ content: 'x', completed: 'yes' });
`;

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'nodenext',
    strict: true,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    // Decorest's Request and Response expose node:http types.
    types: ['node'],
    noEmit: true,
  },
  include: ['my-api', 'types-check.ts'],
};

interface Started {
  child: ChildProcess;
  out: () => string;
  match: RegExpExecArray;
}

const started: ChildProcess[] = [];

/** Runs `npx decorest …` in the project; resolves once its output matches `ready`. */
function startDecorest(
  project: string,
  args: string[],
  ready: RegExp,
  env?: NodeJS.ProcessEnv,
): Promise<Started> {
  // Its own process group: npx does not pass a SIGTERM on to the decorest process it starts.
  const child = spawn('npx', ['decorest', ...args], {
    cwd: project,
    env: userEnv(env),
    shell,
    detached: !shell,
  });
  started.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const check = (chunk: Buffer): void => {
      out += chunk.toString();
      const match = ready.exec(out);
      if (match) resolve({ child, out: () => out, match });
    };
    child.stdout.on('data', check);
    child.stderr.on('data', check);
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`decorest exited with ${String(code)}: ${out}`)));
  });
}

function stop(child: ChildProcess): void {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    if (shell) child.kill();
    else process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

let scratch: string;
let project: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'decorest-package-'));
  project = join(scratch, 'my-project');
  await ensureRendererBuilt();
  // The global setup has just built core/dist; `prepare` (rebuilding it and renderer/dist)
  // would rewrite files other tests are reading.
  const packed = await run(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', scratch],
    { cwd: REPO_ROOT, env: userEnv(), shell },
  );
  const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
  await mkdir(join(project, 'my-api'), { recursive: true });
  await writeFile(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'my-project', private: true, type: 'module' }, null, 2)}\n`,
  );
  await run(
    'npm',
    [
      'install',
      join(scratch, filename),
      await typesNode(),
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--loglevel',
      'error',
    ],
    { cwd: project, env: userEnv(), shell },
  );
  await writeFile(join(project, 'my-api', 'todo.ts'), TODO_MODEL);
  await writeFile(join(project, 'types-check.ts'), TYPE_CHECKS);
  await writeFile(join(project, 'tsconfig.json'), `${JSON.stringify(TSCONFIG, null, 2)}\n`);
}, 300_000);

afterAll(async () => {
  started.splice(0).forEach(stop);
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('decorest installed from its npm package into a fresh project', () => {
  it('serves the Quick start model with `npx decorest serve`', async () => {
    const serve = await startDecorest(
      project,
      ['serve', 'my-api', '--port', '0'],
      /at (http:\/\/127\.0\.0\.1:\d+)/,
    );
    const url = serve.match[1]!;
    const created = await jsonRequest(url, 'POST', '/todos', {
      content: 'Write specs',
      completed: false,
    });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ id: 1, content: 'Write specs', completed: false });
    const read = await jsonRequest(url, 'GET', '/todos/1');
    expect(read.status).toBe(200);
    expect(read.json).toEqual({ id: 1, content: 'Write specs', completed: false });
    expect(existsSync(join(project, 'my-api', 'data', 'todos.db'))).toBe(true);
    stop(serve.child);
  }, 120_000);

  it("type-checks the model against the package's declarations", async () => {
    const tsc = join(REPO_ROOT, 'node_modules/typescript/bin/tsc');
    const result = await run(process.execPath, [tsc, '-p', project]).catch(
      (error: { stdout?: string; stderr?: string }) => ({
        stdout: `tsc failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`,
      }),
    );
    expect(result.stdout).toBe('');
  }, 120_000);

  it('serves the built studio UI with `npx decorest studio`', async () => {
    const config = join(scratch, 'studio-config');
    const studio = await startDecorest(
      project,
      ['studio', 'my-api', '--port', '0'],
      /studio\s+(http:\/\/\S+)#token=\S+\n\n/,
      { DECOREST_STUDIO_CONFIG_DIR: config },
    );
    expect(studio.out()).not.toMatch(/not built/);
    const index = await rawRequest(studio.match[1]!, 'GET', '/');
    expect(index.status).toBe(200);
    // The installed copy: renderer/dist in the clone may be rebuilt meanwhile (npm start).
    const installed = join(project, 'node_modules/decorest/renderer/dist/index.html');
    expect(index.text).toBe(await readFile(installed, 'utf8'));
    // One of the page's scripts, so the assets folder came along too.
    const script = /<script[^>]+src="\.\/([^"]+)"/.exec(index.text)?.[1];
    expect(script).toBeDefined();
    const asset = await rawRequest(studio.match[1]!, 'GET', `/${script!}`);
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    stop(studio.child);
  }, 120_000);
});
