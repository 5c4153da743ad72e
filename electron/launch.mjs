#!/usr/bin/env node
// `npm start`: build what is stale, then open the desktop app on examples/todo, or the browser
// studio where Electron cannot run (DESIGN "The machines we build and test on"). The decisions
// live in electron/src/launch-plan.ts (unit-tested); this file only runs them.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The tools' own JS entries run with this node: `.bin` shims are `.cmd` files on Windows.
const tool = (entry) => path.join(root, 'node_modules', entry);
const project = process.argv[2] ?? 'examples/todo';

/** Runs a build step (a script) with its output shown; stops `npm start` when it fails. */
function run(script, args = []) {
  const result = spawnSync(process.execPath, [script, ...args], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const build = (entry, args) => run(tool(entry), args);

// tsc -b (inside core/build.mjs) and a composite tsc -p skip what is up to date on their own.
run(path.join(root, 'core/build.mjs'));
build('typescript/bin/tsc', ['-p', 'electron']);
const plan = await import('./dist/launch-plan.js');
const download = await import('./dist/electron-download.js');
if (plan.rendererStale(root))
  build('vite/bin/vite.js', ['build', '--config', 'renderer/vite.config.ts']);

const hasDisplay = plan.hasDisplay(process.platform, process.env);
const electronDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
let electronBinary = plan.findElectronBinary(electronDir, process.env);
let electronMissing;
const installer = path.join(electronDir, 'install.js');
// Without a display no window can open: the download would be a wait for nothing.
if (!electronBinary && hasDisplay && existsSync(installer)) {
  const version = JSON.parse(readFileSync(path.join(electronDir, 'package.json'), 'utf8')).version;
  const failureFile = download.downloadFailureFile(root);
  const failure = download.parseDownloadFailure(plan.realFiles.readText(failureFile));
  const now = Date.now();
  if (download.shouldTryDownload(failure, version, now)) {
    // `install-electron` (Electron 42+ has no install script): fetches the binary on a normal
    // machine, fails after a few seconds offline. Quiet: its stack trace is not the user's
    // business.
    spawnSync(process.execPath, [installer], { cwd: root, stdio: 'ignore', timeout: 120_000 });
    electronBinary = plan.findElectronBinary(electronDir, process.env);
    remember(failureFile, electronBinary ? undefined : { version, at: Date.now() });
  } else {
    electronMissing = download.skippedDownloadReason(
      failure,
      now,
      path.relative(root, failureFile),
    );
  }
}

/** Stores or clears the failure; best effort, since a read-only node_modules must not stop us. */
function remember(file, failure) {
  try {
    if (failure === undefined) {
      rmSync(file, { force: true });
      return;
    }
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(failure)}\n`);
  } catch {
    // The next run tries the download again: slower, never wrong.
  }
}

const step = plan.planLaunch(
  {
    root,
    projectDir: project,
    electronBinary,
    electronMissing,
    platform: process.platform,
    isRoot: process.getuid?.() === 0,
    hasDisplay,
  },
  process.execPath,
);
if (step.notice) console.log(step.notice);
const child = spawn(step.command, step.args, { cwd: root, stdio: 'inherit' });
// Ctrl+C reaches the child through the terminal; a SIGTERM to npm is passed on so the studio
// stops its servers and flushes its datafiles.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
