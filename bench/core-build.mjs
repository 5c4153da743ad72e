// The decorest the bench serves: core/dist built when missing (or with --build), and the
// revision it was built from, named in the results since others may rebuild core mid-run.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { ROOT } from './targets.mjs';

const log = (line) => process.stderr.write(`${line}\n`);

export function buildCore(root) {
  log(`building core (core/build.mjs: tsc -b core, then the CLI bundle) in ${root} ...`);
  // A snapshot from before the bundle (issue 15) has no build script: tsc alone builds it.
  const script = join(root, 'core/build.mjs');
  const args = existsSync(script)
    ? [script]
    : [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'core'];
  const r = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('core/build.mjs failed; the bench needs core/dist');
}

export function ensureCoreBuilt(root, force) {
  if (force || !existsSync(join(root, 'core/dist/cli/main.js'))) buildCore(root);
}

export function revision(root) {
  const git = (...args) => spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' }).stdout?.trim();
  const head = git('rev-parse', '--short', 'HEAD') || 'unknown commit';
  const dirty = git('status', '--porcelain', '--', 'core') ? ' + uncommitted changes in core/' : '';
  const from = root === ROOT ? '' : `; core served from ${root}, not this checkout`;
  // tsc -b rewrites its build info on every build, even when no output changed.
  const info = join(root, 'core/dist/.tsbuildinfo');
  const built = existsSync(info)
    ? `; core/dist last built ${statSync(info).mtime.toISOString()}`
    : '';
  return `checkout at ${head}${dirty}${from}${built}`;
}
