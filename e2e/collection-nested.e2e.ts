/**
 * Issue 48, nested folders in the Saved tree (as a Bruno collection has them): folder "todos"
 * inside "Bruno Todos" shows as its own item a level deeper, not as one folder named "Bruno
 * Todos/todos"; ArrowLeft climbs from a request to its folder, then to the folder's parent;
 * closing the outer folder hides the inner, and a reload keeps it closed (per project); Run
 * folder on the outer runs the inner's requests too, with the same CI command `decorest run`
 * takes; Rename folder… on the inner renames it where it is. Both themes, axe.
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { themedShots, useStudioSession } from './fixtures.js';
import { CollectionPage } from './pages/collection.page.js';
import { ConsolePage } from './pages/console.page.js';
import { StudioPage as Frame } from './pages/studio.page.js';

const LONG_FOLDER = 'Archived todos from the sprint before last, kept for reference';
const LONG_REQUEST = 'List the todos of a user with a very long name that will not fit';

/** `requests/<folder>/<name>.json`, as the studio saves it, with a test that it answers 200. */
async function request(dir: string, folder: string, name: string, seq: number, url: string) {
  await mkdir(join(dir, 'requests', folder), { recursive: true });
  const file = {
    ...{ version: 1, name, seq, method: 'GET', url, headers: [] },
    ...{ body: { kind: 'none' }, auth: { kind: 'none' } },
    assertions: [{ kind: 'status', equals: 200 }],
  };
  await writeFile(join(dir, 'requests', folder, `${name}.json`), JSON.stringify(file, null, 2));
}

// Bruno Todos > Login, todos > (List todos, a long one, a long folder > One todo); users.
const session = useStudioSession(async (dir) => {
  await request(dir, 'Bruno Todos', 'Login', 1, '/users/1');
  await request(dir, 'Bruno Todos/todos', 'List todos', 2, '/todos');
  await request(dir, 'Bruno Todos/todos', LONG_REQUEST, 3, '/todos/2');
  await request(dir, `Bruno Todos/todos/${LONG_FOLDER}`, 'One todo', 4, '/todos/1');
  await request(dir, 'users', 'List users', 5, '/users');
});

function shots(name: string): Promise<void> {
  return themedShots(session.ui.page, `collection-nested-${name}`);
}

describe('Nested folders in the Saved tree (issue 48)', () => {
  it('shows a folder inside a folder a level deeper, walked, closed and kept closed', async () => {
    const { page } = session.ui;
    const collection = new CollectionPage(page);
    const consolePage = new ConsolePage(page);
    const focused = () => collection.focusedItem();
    const press = async (key: string, expected: string) => {
      await page.keyboard.press(key);
      await expect.poll(focused, { message: `${key} → ${expected}` }).toBe(expected);
    };
    const expanded = (path: string) => collection.folder(path).getAttribute('aria-expanded');
    await new Frame(page).open('Console');
    await consolePage.savedTab.click();
    await collection.tree.waitFor();

    // Two top-level folders; "todos" is an item of its own inside "Bruno Todos", a level down.
    expect(
      await collection.folders.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label'))),
    ).toEqual(['Bruno Todos', 'users']);
    await collection.folder('Bruno Todos/todos').waitFor();
    await collection.folder(`Bruno Todos/todos/${LONG_FOLDER}`).waitFor();
    expect(await collection.folder('Bruno Todos/todos').getAttribute('aria-level')).toBe('2');
    const list = collection.requestsIn('Bruno Todos/todos').getByRole('treeitem', {
      name: 'GET List todos',
    });
    expect(await list.getAttribute('aria-level')).toBe('3');
    // In the collection's order: a folder's requests, then its subfolders.
    expect(
      await collection.tree
        .getByRole('treeitem')
        .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label'))),
    ).toEqual([
      'Bruno Todos',
      'GET Login',
      'todos',
      'GET List todos',
      `GET ${LONG_REQUEST}`,
      LONG_FOLDER,
      'GET One todo',
      'users',
      'GET List users',
    ]);

    // ArrowLeft from a request in the inner folder: the inner folder, closed, then the outer.
    await collection.importButton.focus();
    await press('Tab', 'Bruno Todos');
    await press('ArrowDown', 'GET Login');
    await press('ArrowDown', 'todos');
    await press('ArrowRight', 'GET List todos');
    await shots('tree');
    await press('ArrowLeft', 'todos');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => expanded('Bruno Todos/todos')).toBe('false');
    expect(await list.count()).toBe(0);
    await press('ArrowLeft', 'Bruno Todos');
    // Down again: ArrowRight opens the inner folder, then goes into it.
    await press('ArrowDown', 'GET Login');
    await press('ArrowDown', 'todos');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => expanded('Bruno Todos/todos')).toBe('true');
    await press('ArrowRight', 'GET List todos');
    await press('ArrowLeft', 'todos');
    await press('ArrowUp', 'GET Login');
    await press('ArrowLeft', 'Bruno Todos');

    // Closing the outer folder hides the inner one and everything in it.
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => expanded('Bruno Todos')).toBe('false');
    expect(
      await collection.tree.getByRole('treeitem', { name: 'todos', exact: true }).count(),
    ).toBe(0);
    expect(await consolePage.saved('One todo').count()).toBe(0);
    await shots('outer-closed');

    // A reload keeps it closed: the project's choice, kept under a key naming its root.
    await page.reload();
    await new Frame(page).open('Console');
    await consolePage.savedTab.click();
    await collection.folder('users').waitFor();
    expect(await expanded('Bruno Todos')).toBe('false');
    expect(
      await collection.tree.getByRole('treeitem', { name: 'todos', exact: true }).count(),
    ).toBe(0);
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(
      keys.filter((k) => k.startsWith('decorest.studio.closedFolders:')),
      'one key, naming the project root',
    ).toEqual([expect.stringContaining(session.studio.dir.split('/').pop()!)]);

    // A click on it opens it, and the inner folder comes back as it was: open.
    await collection.folder('Bruno Todos').getByText('Bruno Todos').click();
    await expect.poll(() => expanded('Bruno Todos')).toBe('true');
    expect(await expanded('Bruno Todos/todos')).toBe('true');
    expect(session.ui.problems).toEqual([]);
  });

  it('runs the outer folder with its subfolders, as `decorest run` does, and renames the inner', async () => {
    const { page } = session.ui;
    const collection = new CollectionPage(page);
    await collection
      .folder('Bruno Todos')
      .getByRole('button', { name: 'Run folder Bruno Todos', exact: true })
      .click();
    const run = page.getByRole('dialog', { name: 'Run folder Bruno Todos' });
    await run.getByRole('status').filter({ hasText: '4 passed, 0 failed' }).waitFor();
    expect(await collection.runResults.innerText()).toMatch(
      new RegExp(`Login[\\s\\S]*List todos[\\s\\S]*${LONG_REQUEST}[\\s\\S]*One todo`),
    );
    expect(await collection.runItem('List users').count()).toBe(0);
    // The folder and what is under it, as docs/ci.md says `decorest run` takes a folder.
    const command = "npx decorest run . 'requests/Bruno Todos' --serve";
    expect(await collection.ciSection.getByText(command, { exact: true }).count()).toBe(1);
    await shots('run-outer');
    await run.getByRole('button', { name: 'Done' }).click();
    await run.waitFor({ state: 'detached' });

    // The inner folder's menu renames its own path, subfolders and all.
    await collection.folder('Bruno Todos/todos').focus();
    await page.keyboard.press('Shift+F10');
    const menu = page.getByRole('menu', { name: 'Actions for folder Bruno Todos/todos' });
    await menu.getByRole('menuitem', { name: 'Rename folder…' }).click();
    const rename = collection.dialog('Rename folder');
    // Its own name, where it is (as Bruno renames a folder).
    expect(await rename.getByLabel('Name').inputValue()).toBe('todos');
    await rename.getByLabel('Name').fill('tasks');
    expect(await rename.innerText()).toContain('requests/Bruno Todos/tasks/');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await rename.getByRole('status').filter({ hasText: '3 requests moved' }).waitFor();
    await rename.getByRole('button', { name: 'Close' }).last().click();
    await collection.folder('Bruno Todos/tasks').waitFor();
    expect(await collection.folder('Bruno Todos/todos').count()).toBe(0);
    const dir = join(session.studio.dir, 'requests', 'Bruno Todos');
    expect((await readdir(dir)).sort()).toEqual(['Login.json', 'tasks']);
    expect((await readdir(join(dir, 'tasks'))).sort()).toEqual(
      [LONG_FOLDER, `${LONG_REQUEST}.json`, 'List todos.json'].sort(),
    );
    expect(session.ui.problems).toEqual([]);
  });
});
