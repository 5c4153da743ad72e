import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterEach, describe, expect, it } from 'vitest';

import type { FileDeclarations } from './declarations/read-declarations.js';
import { readCached, trimCache, writeCached } from './transpile-cache.js';

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
  todoFile: project.siteOf(todo).file,
}));
`;

let cacheDir: string | undefined;
afterEach(() => {
  if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
  cacheDir = undefined;
});

function probe(env: Record<string, string>, project = EXAMPLE): Record<string, unknown> {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', PROBE, project], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return JSON.parse(out) as Record<string, unknown>;
}

describe('the transpile cache', () => {
  it('serves a second start without loading TypeScript, with the same project', () => {
    cacheDir = mkdtempSync(join(tmpdir(), 'decorest-cache-test-'));
    // Whether a cold start loads TypeScript is not the cache's business (issue 27: it need not).
    const cold = probe({ DECOREST_CACHE_DIR: cacheDir });
    expect(readdirSync(cacheDir).length).toBeGreaterThan(0);
    const warm = probe({ DECOREST_CACHE_DIR: cacheDir });
    expect(warm.typescript).toBe(false);
    expect({ ...warm, typescript: cold.typescript }).toEqual(cold);
    expect(warm.userResolved).toBe(true);
    expect(warm.app).toBe('TodoApp');
  });

  it('serves a copy of the project in another folder too, naming the new folder', () => {
    cacheDir = mkdtempSync(join(tmpdir(), 'decorest-cache-test-'));
    const cold = probe({ DECOREST_CACHE_DIR: cacheDir });
    const copy = join(cacheDir, 'elsewhere', 'todo');
    cpSync(EXAMPLE, copy, { recursive: true, filter: (src) => !src.endsWith('/data') });
    const moved = probe({ DECOREST_CACHE_DIR: cacheDir }, copy);
    expect(moved.typescript).toBe(false);
    expect(moved.todoFile).toBe(join(copy, 'todo.ts'));
    expect({ ...moved, typescript: cold.typescript, todoFile: cold.todoFile }).toEqual(cold);
  });

  it('is off with DECOREST_CACHE_DIR=off', () => {
    // The default folder is under the temp dir: with the cache off, none appears there.
    cacheDir = mkdtempSync(join(tmpdir(), 'decorest-cache-test-'));
    const env = { DECOREST_CACHE_DIR: 'off', TMPDIR: cacheDir, TMP: cacheDir, TEMP: cacheDir };
    const first = probe(env);
    expect(probe(env)).toEqual(first);
    expect(first.app).toBe('TodoApp');
    expect(readdirSync(cacheDir)).toEqual([]);
  });
});

describe('the transpile cache in one process', () => {
  const declarations = (file: string): FileDeclarations => ({
    classes: [
      {
        name: 'A',
        file,
        line: 1,
        column: 1,
        isAbstract: false,
        properties: [],
      } as unknown as FileDeclarations['classes'][number],
    ],
    references: [],
    imports: new Map(),
    types: new Map(),
    topLevel: { classLines: new Map(), aliases: new Map() },
  });
  const entry = (file: string, code = 'exports.a = 1;') => ({
    transpiled: { code, sourceMap: '' },
    declarations: declarations(file),
  });
  let previous: string | undefined;
  afterEach(() => {
    if (previous === undefined) delete process.env.DECOREST_CACHE_DIR;
    else process.env.DECOREST_CACHE_DIR = previous;
  });
  const useCache = (): string => {
    previous = process.env.DECOREST_CACHE_DIR;
    cacheDir = mkdtempSync(join(tmpdir(), 'decorest-cache-test-'));
    process.env.DECOREST_CACHE_DIR = cacheDir;
    return cacheDir;
  };

  it('keys by name and content: another folder hits, another name or content misses', () => {
    useCache();
    writeCached('/a/model.ts', 'source', entry('/a/model.ts'));
    expect(readCached('/b/c/model.ts', 'source')?.declarations.classes[0]!.file).toBe(
      '/b/c/model.ts',
    );
    expect(readCached('/a/other.ts', 'source')).toBeUndefined();
    expect(readCached('/a/model.ts', 'source ')).toBeUndefined();
  });

  it('takes a torn or foreign entry for a miss', () => {
    const dir = useCache();
    writeCached('/a/model.ts', 'source', entry('/a/model.ts'));
    const [name] = readdirSync(dir);
    writeFileSync(join(dir, name!), '{"code": "exports.a = 1;", "sourceM');
    expect(readCached('/a/model.ts', 'source')).toBeUndefined();
    writeFileSync(join(dir, name!), '[1, 2]');
    expect(readCached('/a/model.ts', 'source')).toBeUndefined();
  });

  it('keeps at most its bound, removing the least recently used first', () => {
    const dir = useCache();
    const names: string[] = [];
    for (let i = 0; i < 10; i++) {
      writeCached(`/p/m${i}.ts`, `s${i}`, entry(`/p/m${i}.ts`));
      names.push(readdirSync(dir).find((n) => !names.includes(n))!);
    }
    // Used long ago in order m0 … m9; then m2 read just now.
    names.forEach((name, i) => utimesSync(join(dir, name), 1000 + i, 1000 + i));
    readCached('/p/m2.ts', 's2');
    writeFileSync(join(dir, 'x.json.123.abcd.tmp'), 'left by a killed writer');
    trimCache(8);
    expect(readdirSync(dir)).toHaveLength(6);
    const kept = [...Array(10).keys()].filter((i) => readCached(`/p/m${i}.ts`, `s${i}`));
    expect(kept).toEqual([2, 5, 6, 7, 8, 9]);
  });
});
