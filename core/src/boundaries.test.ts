import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

const ROOT = new URL('.', import.meta.url).pathname;

async function sources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'fixtures' && entry.name !== 'node_modules')
        out.push(...(await sources(path)));
    } else if (/\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

describe('core/ boundaries (DESIGN.md)', () => {
  it('imports neither Electron, React, zustand nor the apps built on it', async () => {
    const offenders: string[] = [];
    for (const file of await sources(ROOT)) {
      const text = await readFile(file, 'utf8');
      const imports = text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g);
      for (const [, specifier] of imports) {
        if (
          /^(electron|react|react-dom|zustand)(\/|$)/.test(specifier!) ||
          /(^|\/)(renderer|electron)\//.test(specifier!)
        ) {
          offenders.push(`${file.slice(ROOT.length)} imports ${specifier}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});

/** Value imports (not `import type`) of one file, resolved to the `.ts` files they name. */
function valueImports(file: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'(\.[^']+)';/gms)) {
    if (m[1]) continue;
    out.push(resolve(dirname(file), m[2]!.replace(/\.js$/, '.ts')));
  }
  for (const m of text.matchAll(/^export\s+(type\s+)?\{[^}]*\}\s+from\s+'(\.[^']+)';/gms)) {
    if (m[1]) continue;
    out.push(resolve(dirname(file), m[2]!.replace(/\.js$/, '.ts')));
  }
  return out;
}

/**
 * The layers of core/src, lowest first (DESIGN.md "Shape"): a module may import its own layer
 * and those below. `index.ts` (the public entry) is the framework the loader hands to a
 * project's code; project/ reaches it with a dynamic import, which this check does not read.
 *
 * model/ (the schema types and what reads them from metadata) sits under the stores, which
 * hold its `RecordId` and `IdKind`, and an SQL store makes its tables from a model's schema
 * (issue 43 §5). The shared test support (`test-support/`) is the top layer, above the code
 * it drives; test files are above it (see `rankOf`).
 */
const LAYERS: readonly (readonly string[])[] = [
  ['contract'],
  ['errors', 'errors.ts', 'require-cjs.ts', 'version.ts'],
  ['metadata'],
  ['model'],
  ['persistence', 'http'],
  ['decorators', 'validation', 'rules'],
  ['app', 'openapi'],
  ['loader', 'project'],
  ['seed', 'model-edit', 'import', 'requests', 'record'],
  ['control'],
  ['studio'],
  ['cli', 'index.ts', 'studio.ts', 'studio-shell.ts'],
  ['test-support'],
];

/** A test file: it may import any module and its support; nothing imports it. */
const isTest = (rel: string) => /\.test\.tsx?$/.test(rel);

/**
 * A module's layer: its top folder's. A folder's own test support (`persistence/test-support/`,
 * `*.case.ts` suites) is checked like any module of that folder: support that needs a higher
 * layer belongs in the top `test-support/` (issue 43 §5).
 */
function rankOf(rel: string): number {
  if (isTest(rel)) return LAYERS.length;
  const top = rel.split('/')[0]!;
  const rank = LAYERS.findIndex((layer) => layer.includes(top));
  if (rank === -1) throw new Error(`${rel} is in no layer: add its folder to LAYERS`);
  return rank;
}

/** Static imports and re-exports of one file (type-only ones marked), resolved to `.ts`. */
function allImports(file: string, text: string): { target: string; typeOnly: boolean }[] {
  const out: { target: string; typeOnly: boolean }[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+'(\.[^']+)';/gms))
    out.push({
      target: resolve(dirname(file), m[2]!.replace(/\.js$/, '.ts')),
      typeOnly: Boolean(m[1]),
    });
  return out;
}

describe('core/ layering (issue 11)', () => {
  it('has no import cycle between modules, tests and their support included', async () => {
    const files = await sources(ROOT);
    const graph = new Map<string, string[]>();
    for (const file of files) graph.set(file, valueImports(file, await readFile(file, 'utf8')));
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const walk = (file: string, path: string[]): void => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        const from = path.indexOf(file);
        cycles.push([...path.slice(from), file].map((f) => f.slice(ROOT.length)).join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) if (graph.has(next)) walk(next, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of files) walk(file, []);
    expect(cycles).toEqual([]);
  });

  it('keeps the lower layers (persistence, http, metadata) on errors.ts and the contract', async () => {
    const offenders: string[] = [];
    for (const file of await sources(ROOT)) {
      const rel = file.slice(ROOT.length);
      const layer = /^(persistence|http|metadata)\//.exec(rel)?.[1];
      if (!layer || isTest(rel)) continue;
      for (const target of valueImports(file, await readFile(file, 'utf8'))) {
        const to = target.slice(ROOT.length);
        if (to.startsWith(`${layer}/`) || to.startsWith('contract/')) continue;
        if (to === 'errors.ts' || to === 'require-cjs.ts') continue;
        offenders.push(`${rel} imports ${to}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('imports nothing from a higher layer, types, tests and test support included (issues 25, 43)', async () => {
    const offenders: string[] = [];
    for (const file of await sources(ROOT)) {
      const rel = file.slice(ROOT.length);
      const text = await readFile(file, 'utf8');
      for (const { target } of allImports(file, text)) {
        const to = target.slice(ROOT.length);
        const [from, up] = [rankOf(rel), rankOf(to)];
        if (up > from) offenders.push(`${rel} (layer ${from}) imports ${to} (layer ${up})`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
