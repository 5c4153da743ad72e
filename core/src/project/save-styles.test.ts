/**
 * Issue 24: every way an editor saves is heard, on this platform, through the real watcher and
 * a real reload: in place, a temp file renamed over (twice, then in place: the save that went
 * unheard), `sed -i`, delete and re-create, a file moved in, a new sub-folder, a burst. Each
 * step waits for the version that declares what it wrote; none sleeps.
 */
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { EXAMPLES } from '../test-support/project-server.js';
import { openProject, type ProjectRuntime } from './open-project.js';
import { watchSources } from './source-watcher.js';
import { type ProjectWatcher, watchProject } from './watch-project.js';

let dir: string | undefined;
let watcher: ProjectWatcher | undefined;
afterEach(async () => {
  await watcher?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  watcher = dir = undefined;
});

async function copyOfTodo(): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'decorest-saves-'));
  await cp(EXAMPLES.todo, dir, { recursive: true, filter: (src) => !src.includes('/data') });
  return dir;
}

/** Resolves with the first served version `test` accepts. */
function versions() {
  const seen: ProjectRuntime[] = [];
  const waiting: { test: (p: ProjectRuntime) => boolean; resolve: () => void }[] = [];
  return {
    seen,
    reloaded(project: ProjectRuntime) {
      seen.push(project);
      for (const w of [...waiting])
        if (w.test(project)) {
          waiting.splice(waiting.indexOf(w), 1);
          w.resolve();
        }
    },
    until(test: (p: ProjectRuntime) => boolean): Promise<void> {
      return new Promise((resolve) => waiting.push({ test, resolve }));
    },
  };
}

const fieldsOf = (project: ProjectRuntime, model: string): string[] =>
  project.models.find((m) => m.name === model)?.fields.map((f) => f.name) ?? [];
const hasField = (model: string, field: string) => (p: ProjectRuntime) =>
  fieldsOf(p, model).includes(field);
const hasModel = (model: string) => (p: ProjectRuntime) => p.models.some((m) => m.name === model);

describe('every way an editor saves', () => {
  it('is heard, one after another, on the same file and on new ones', async () => {
    const root = await copyOfTodo();
    const served = versions();
    watcher = watchProject(
      await openProject(root),
      () => {},
      { reloaded: (p) => served.reloaded(p), failed: () => {} },
      { debounceMs: 20 },
    );
    await watcher.ready;
    const file = join(root, 'todo.ts');
    const original = await readFile(file, 'utf8');
    const withField = (name: string) =>
      original.replace('completed!: boolean;', `completed!: boolean;\n  ${name}?: string;`);

    // In place.
    let next = served.until(hasField('Todo', 'inPlace'));
    await writeFile(file, withField('inPlace'));
    await next;

    // A temp file renamed over it, twice, then in place: fs.watch went deaf after the first.
    for (const name of ['renamedOver', 'renamedAgain']) {
      next = served.until(hasField('Todo', name));
      const temp = join(root, `.todo.ts.${name}.swp`);
      await writeFile(temp, withField(name));
      await rename(temp, file);
      await next;
    }
    next = served.until(hasField('Todo', 'inPlaceAfter'));
    await writeFile(file, withField('inPlaceAfter'));
    await next;

    // sed -i (a temp file of its own, renamed over).
    next = served.until(hasField('Todo', 'bySed'));
    execFileSync('sed', ['-i', 's/inPlaceAfter?: string;/bySed?: string;/', file]);
    await next;

    // Deleted, then created again.
    next = served.until(hasField('Todo', 'recreated'));
    await unlink(file);
    await writeFile(file, withField('recreated'));
    await next;

    // A model file moved in from elsewhere.
    const outside = await mkdtemp(join(tmpdir(), 'decorest-outside-'));
    const model = (name: string) =>
      `import { FromDataSource, Rest } from 'decorest';\n\n@Rest\n@FromDataSource\nexport class ${name} {\n  id!: number;\n  title!: string;\n}\n`;
    await writeFile(join(outside, 'tag.ts'), model('Tag'));
    next = served.until(hasModel('Tag'));
    await rename(join(outside, 'tag.ts'), join(root, 'tag.ts'));
    await next;
    await rm(outside, { recursive: true, force: true });

    // A new sub-folder with a model in it, then a save inside it.
    next = served.until(hasModel('Label'));
    await mkdir(join(root, 'models'));
    await writeFile(join(root, 'models', 'label.ts'), model('Label'));
    await next;
    next = served.until(hasField('Label', 'color'));
    await writeFile(
      join(root, 'models', 'label.ts'),
      model('Label').replace('title!: string;', 'title!: string;\n  color?: string;'),
    );
    await next;
  }, 60_000);

  it('serves the last content of a burst of saves', async () => {
    const root = await copyOfTodo();
    const served = versions();
    // A wide quiet window: the burst below is one save as far as the reload goes.
    watcher = watchProject(
      await openProject(root),
      () => {},
      { reloaded: (p) => served.reloaded(p), failed: () => {} },
      { debounceMs: 1_000 },
    );
    await watcher.ready;
    const file = join(root, 'todo.ts');
    const original = await readFile(file, 'utf8');
    const last = served.until(hasField('Todo', 'draft9'));
    for (let i = 0; i < 10; i++)
      await writeFile(
        file,
        original.replace('completed!: boolean;', `completed!: boolean;\n  draft${i}?: string;`),
      );
    await last;
    expect(served.seen.length).toBeLessThan(10);
    expect(fieldsOf(watcher.current(), 'Todo')).not.toContain('draft8');
  }, 30_000);
});

describe('what is never watched', () => {
  it('hears no file under node_modules, dot-folders, data or build output, and follows no symlink', async () => {
    const root = await copyOfTodo();
    await mkdir(join(root, 'models'));
    execFileSync('ln', ['-s', root, join(root, 'models', 'loop')]);
    const heard: string[] = [];
    const sources = watchSources(root, (paths) => heard.push(...paths));
    try {
      await sources.ready;
      for (const folder of ['node_modules/pkg/lib', '.git/objects', 'data', 'dist', 'src/build'])
        await mkdir(join(root, folder), { recursive: true });
      for (let i = 0; i < 200; i++)
        await writeFile(join(root, 'node_modules', 'pkg', 'lib', `f${i}.js`), 'x');
      for (const file of ['.git/objects/x.js', 'data/todos.js', 'dist/todo.js', 'src/build/a.ts'])
        await writeFile(join(root, file), 'x');
      await writeFile(join(root, 'notes.md'), 'not a source');
      // Heard last, so everything above was delivered before it (one ordered event queue).
      const model = join(root, 'models', 'tag.ts');
      await writeFile(model, 'export {};\n');
      await expect.poll(() => heard.includes(model), { timeout: 20_000 }).toBe(true);
      expect([...new Set(heard)]).toEqual([model]);
    } finally {
      await sources.close();
    }
  });
});
