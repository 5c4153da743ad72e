import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterEach, describe, expect, it } from 'vitest';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const EXAMPLE = fileURLToPath(new URL('../../../examples/todo', import.meta.url));

/** Loads the example in a fresh process; reports what a user of the load would see. */
const PROBE = `
const { loadProject } = await import(${JSON.stringify(join(DIST, 'loader/load-project.js'))});
const { isTypeScriptLoaded } = await import(${JSON.stringify(join(DIST, 'loader/typescript.js'))});
const framework = await import(${JSON.stringify(join(DIST, 'index.js'))});
const project = await loadProject(process.argv[1], { framework });
const todo = project.classes.find((c) => c.name === 'Todo');
const user = project.resolveTypeName(project.files.find((f) => f.relative === 'todo.ts').path, 'User');
console.log(JSON.stringify({
  typescript: isTypeScriptLoaded(),
  classes: project.classes.map((c) => c.name),
  todoFields: project.siteOf(todo).declaration.properties.map((p) => [p.name, p.type]),
  userResolved: user === project.classes.find((c) => c.name === 'User'),
  app: project.application && project.application.ctor.name,
}));
`;

let cacheDir: string | undefined;
afterEach(() => {
  if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
  cacheDir = undefined;
});

function probe(env: Record<string, string>): Record<string, unknown> {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', PROBE, EXAMPLE], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return JSON.parse(out) as Record<string, unknown>;
}

describe('the transpile cache', () => {
  it('serves a second start without loading TypeScript, with the same project', () => {
    cacheDir = mkdtempSync(join(tmpdir(), 'decorest-cache-test-'));
    const cold = probe({ DECOREST_CACHE_DIR: cacheDir });
    expect(cold.typescript).toBe(true);
    expect(readdirSync(cacheDir).length).toBeGreaterThan(0);
    const warm = probe({ DECOREST_CACHE_DIR: cacheDir });
    expect(warm.typescript).toBe(false);
    expect({ ...warm, typescript: true }).toEqual(cold);
    expect(warm.userResolved).toBe(true);
    expect(warm.app).toBe('TodoApp');
  });

  it('is off with DECOREST_CACHE_DIR=off', () => {
    expect(probe({ DECOREST_CACHE_DIR: 'off' }).typescript).toBe(true);
    expect(probe({ DECOREST_CACHE_DIR: 'off' }).typescript).toBe(true);
  });
});
