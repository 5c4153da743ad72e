// `node core/build.mjs`: compiles core (`tsc -b core`, incremental), then bundles the CLI into
// core/dist/bundle/ (issue 15). Node loads one file per module: a hundred small ESM modules
// cost about a fifth of `decorest serve`'s start at N = 1,000 in resolving, reading and
// linking (bench/PROFILE.md). The bundle holds core's own code only; packages stay external
// and load from node_modules as before. core/bin/decorest.js runs the bundle when it is newer
// than the last compile, and the compiled modules otherwise.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const core = dirname(fileURLToPath(import.meta.url));
const root = dirname(core);
const out = join(core, 'dist/bundle');
const require = createRequire(import.meta.url);

const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', core], {
  cwd: root,
  stdio: 'inherit',
});
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

let rolldown;
try {
  ({ rolldown } = await import('rolldown'));
} catch {
  // An install without dev dependencies: the CLI runs from the compiled modules.
  process.exit(0);
}

const bundle = await rolldown({
  input: { main: join(core, 'dist/cli/main.js') },
  platform: 'node',
  // `main` stays what core/bin imports; grouping without dependencies (below) asks for this.
  // Only core's own modules go in: every bare specifier is a package or a Node builtin.
  external: (id) => !id.startsWith('.') && !isAbsolute(id),
  logLevel: 'warn',
  plugins: [
    {
      // Modules find files beside them (package.json, renderer/dist, `require` roots) through
      // `import.meta.url`: keep each one pointing at the module's compiled place.
      name: 'keep-import-meta-url',
      transform(code, id) {
        if (!code.includes('import.meta.url')) return null;
        const from = JSON.stringify(relative(out, id).split('\\').join('/'));
        return code.replaceAll('import.meta.url', `new URL(${from}, import.meta.url).href`);
      },
    },
  ],
});
/**
 * The compiled modules `file` imports statically, and theirs: what runs before its first line.
 * (`import('…')` is left out: that is loaded when it runs.)
 */
function staticClosure(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  const statements = /^(?:import|export)\s+(?:[\w$*{},\s]+\sfrom\s+)?['"](\.[^'"]+)['"];?$/gm;
  for (const [, spec] of code.matchAll(statements)) {
    staticClosure(resolve(dirname(file), spec), seen);
  }
  return seen;
}

// Issue 27: Node's ES module loader reads, compiles and links one file per chunk, about half a
// millisecond each; `serve` used to load 18. Everything `serve` needs is one chunk, with its
// dependencies (the command line's own modules too, so `decorest --version` loads it: ~30 ms
// there against ~10 off every start; keeping those apart measured ~15 ms slower at N = 100,000).
// The decorators (`import … from 'decorest'` in a model file) are loaded with the project.
const servePath = staticClosure(
  join(core, 'dist/index.js'),
  staticClosure(join(core, 'dist/cli/commands/serve.js')),
);
await bundle.write({
  dir: out,
  format: 'esm',
  cleanDir: true,
  codeSplitting: { groups: [{ name: 'serve-path', test: (id) => servePath.has(id) }] },
});
await bundle.close();
