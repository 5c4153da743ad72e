/**
 * A hot reload on PostgreSQL (issue 26): the pool is opened once and handed to every version,
 * like the datafiles; a new field's column is added before the new version serves; a change
 * that would lose data fails the reload and the previous version serves on, untouched.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { afterEach, expect, it } from 'vitest';

import { removeTempProjects, writeTempProject } from '../loader/test-support/temp-project.js';
import { describeWithPostgres } from '../test-support/postgres-cluster.js';
import { useStore } from '../test-support/store-choice.js';
import { openProject, projectData, type ProjectRuntime } from './open-project.js';
import { reloadProject } from './reload-project.js';

const FILES = {
  'todo.ts': `import { Rest } from 'decorest';
@Rest
export class Todo {
  id!: number;
  title!: string;
  note?: string;
}
`,
};

const runtime = (project: ProjectRuntime) =>
  project.runtimes.find((r) => r.schema.name === 'Todo')!;

describeWithPostgres('reloadProject on PostgreSQL', () => {
  const freshDatabase = useStore('postgres');
  let projects: ProjectRuntime[] = [];
  afterEach(async () => {
    for (const project of projects.reverse()) await project.close();
    projects = [];
    removeTempProjects();
  });

  it("hands the pool on, adds a new field's column, refuses a change that loses data", async () => {
    const root = writeTempProject(FILES);
    const edit = async (change: (source: string) => string): Promise<void> => {
      const path = join(root, 'todo.ts');
      await writeFile(path, change(await readFile(path, 'utf8')));
    };
    const first = await openProject(root, await freshDatabase());
    projects.push(first);
    expect(first.firstRun).toBe(true);
    await runtime(first).store.insert({ title: 'a', note: 'n' });

    await edit((s) => s.replace('note?: string;', 'note?: string;\n  done?: boolean;'));
    const second = await reloadProject(first);
    projects.push(second);
    expect(second.firstRun).toBe(false);
    expect(second.database).toBe(first.database);
    const pool = (p: ProjectRuntime) =>
      (runtime(p).store as unknown as { database: { pool: unknown } }).database.pool;
    expect(pool(second)).toBe(pool(first));
    expect(await runtime(second).store.insert({ title: 'b', done: true })).toEqual({
      id: 2,
      title: 'b',
      done: true,
    });
    expect(await runtime(second).store.get(1)).toEqual({ id: 1, title: 'a', note: 'n' });

    // Dropping `note` would drop its column and its values: the reload fails, and the second
    // version serves on with its pool.
    await edit((s) => s.replace('note?: string;\n', ''));
    await expect(reloadProject(second)).rejects.toThrow(/Todo \(table todos\): no field note/);
    expect(await runtime(second).store.get(1)).toEqual({ id: 1, title: 'a', note: 'n' });

    // The first version handed its pool on: closing it closes nothing.
    await first.close();
    expect(await runtime(second).store.get(2)).toMatchObject({ title: 'b' });
    expect(projectData(second).database).toBe(second.database);
  });
});
