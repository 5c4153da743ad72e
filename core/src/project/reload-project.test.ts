/**
 * Issue 15: a hot reload runs only the changed files and those importing them, keeps the open
 * datafiles of unchanged models, and leaves the serving version whole when the change breaks.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { LoadError } from '../errors.js';
import { removeTempProjects, writeTempProject } from '../loader/test-support/temp-project.js';
import { openProject, projectData, type ProjectRuntime } from './open-project.js';
import { reloadProject } from './reload-project.js';

type Traced = typeof globalThis & { evaluations?: string[] };
const traced = globalThis as Traced;

/** A top-level line that tells the test the file ran. */
const trace = (name: string) =>
  `(globalThis as { evaluations?: string[] }).evaluations?.push('${name}');\n`;

const FILES = {
  'user.ts': `import { HasMany, Rest } from 'decorest';
import { Todo } from './todo.js';
${trace('user.ts')}
@Rest
export class User {
  id!: number;
  name!: string;
  @HasMany todos!: Todo[];
}
`,
  'todo.ts': `import { BelongTo, Rest } from 'decorest';
import { User } from './user.js';
${trace('todo.ts')}
@Rest
export class Todo {
  id!: number;
  title!: string;
  @BelongTo user?: User;
}
`,
  'tag.ts': `import { Rest } from 'decorest';
${trace('tag.ts')}
@Rest
export class Tag {
  id!: number;
  label!: string;
}
`,
  'app.ts': `import { Application } from 'decorest';
import { Tag } from './tag.js';
${trace('app.ts')}
export default class App extends Application {
  execute() {
    this.generateRest();
    this.get('/hello', (_req, res) => res.json({ hello: Tag.name }));
  }
}
`,
};

let projects: ProjectRuntime[] = [];
let root = '';
beforeEach(() => {
  root = writeTempProject(FILES);
  traced.evaluations = [];
});
afterEach(async () => {
  // Every version is closed; only the one that owns the datafiles really closes them.
  for (const project of projects.reverse()) await project.close();
  projects = [];
  delete traced.evaluations;
  removeTempProjects();
});

async function open(): Promise<ProjectRuntime> {
  const project = await openProject(root);
  projects.push(project);
  traced.evaluations = [];
  return project;
}

async function reload(previous: ProjectRuntime): Promise<ProjectRuntime> {
  const next = await reloadProject(previous);
  projects.push(next);
  return next;
}

async function edit(file: string, change: (source: string) => string): Promise<void> {
  const path = join(root, file);
  await writeFile(path, change(await readFile(path, 'utf8')));
}

const relative = (project: ProjectRuntime) =>
  project.loaded.evaluated.map((file) => file.slice(root.length + 1)).sort();
const runtime = (project: ProjectRuntime, model: string) =>
  project.runtimes.find((r) => r.schema.name === model)!;

describe('reloadProject', () => {
  it('runs the changed model and its importers only, and keeps the other classes', async () => {
    const first = await open();
    await edit('tag.ts', (s) => s.replace('label!: string;', 'label!: string;\n  color?: string;'));
    const second = await reload(first);
    expect(traced.evaluations?.sort()).toEqual(['app.ts', 'tag.ts']);
    expect(relative(second)).toEqual(['app.ts', 'tag.ts']);
    expect(runtime(second, 'Tag').schema.fields.map((f) => f.name)).toContain('color');
    expect(runtime(second, 'User').schema.ctor).toBe(runtime(first, 'User').schema.ctor);
    expect(runtime(second, 'Tag').schema.ctor).not.toBe(runtime(first, 'Tag').schema.ctor);

    // user.ts and todo.ts import each other: a change to one runs both, not tag.ts.
    traced.evaluations = [];
    await edit('user.ts', (s) => s.replace('name!: string;', 'name!: string;\n  age?: number;'));
    const third = await reload(second);
    expect(traced.evaluations?.sort()).toEqual(['todo.ts', 'user.ts']);
    expect(runtime(third, 'Tag').schema.ctor).toBe(runtime(second, 'Tag').schema.ctor);
  });

  it('keeps the open datafiles of unchanged models and loses no write made during the reload', async () => {
    const first = await open();
    const todos = projectData(first).collection('Todo');
    const writes = Array.from({ length: 50 }, (_, i) =>
      runtime(first, 'Todo').store.insert({ title: `t${i}`, user: null }),
    );
    await edit('tag.ts', (s) => s.replace('label!: string;', 'label!: string;\n  color?: string;'));
    const second = await reload(first);
    await Promise.all(writes);
    expect(projectData(second).collection('Todo')).toBe(todos);
    expect(projectData(second).collection('Tag')).toBe(projectData(first).collection('Tag'));
    await runtime(second, 'Todo').store.insert({ title: 'after', user: null });

    await first.close(); // handed on: closes nothing
    await runtime(second, 'Todo').store.insert({ title: 'still open', user: null });
    await second.close();
    const lines = (await readFile(join(root, 'data', 'todos.db'), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(52);
  });

  it('keeps the last good version serving when the change breaks, and recovers', async () => {
    const first = await open();
    await edit('todo.ts', (s) => `${s}\nexport const broken = ;\n`);
    const failure = await reloadProject(first).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LoadError);
    expect((failure as LoadError).message).toMatch(/todo\.ts:\d+/);
    // The serving version's datafiles are open and its dao still points at it.
    await runtime(first, 'Todo').store.insert({ title: 'still here', user: null });

    traced.evaluations = [];
    await edit('todo.ts', (s) => s.replace('\nexport const broken = ;\n', ''));
    const second = await reload(first);
    // The fix restored what serves: nothing needs to run again.
    expect(traced.evaluations).toEqual([]);
    expect(projectData(second).collection('Todo').count()).toBe(1);
  });

  it('rebuilds the routes when only the application class changed', async () => {
    const first = await open();
    await edit('app.ts', (s) => s.replace("this.get('/hello'", "this.get('/greeting'"));
    const second = await reload(first);
    expect(traced.evaluations).toEqual(['app.ts']);
    const paths = (project: ProjectRuntime) => project.table.routes.map((r) => r.path);
    expect(paths(first)).toContain('/hello');
    expect(paths(second)).toContain('/greeting');
    expect(paths(second)).not.toContain('/hello');
    expect(projectData(second).collection('Todo')).toBe(projectData(first).collection('Todo'));
  });

  it('reopens a datafile whose relation indexes changed, keeping its records', async () => {
    const first = await open();
    await runtime(first, 'Tag').store.insert({ label: 'kept' });
    await edit('tag.ts', (s) =>
      s
        .replace(
          "import { Rest } from 'decorest';",
          "import { BelongTo, Rest } from 'decorest';\nimport { User } from './user.js';",
        )
        .replace('label!: string;', 'label!: string;\n  @BelongTo owner?: User;'),
    );
    const second = await reload(first);
    expect(projectData(second).collection('Tag')).not.toBe(projectData(first).collection('Tag'));
    expect(projectData(second).collection('Todo')).not.toBe(projectData(first).collection('Todo'));
    expect(projectData(second).collection('Tag').count()).toBe(1);
    await runtime(second, 'Tag').store.insert({ label: 'new', owner: null });
  });
});
