/**
 * Issue 48, the Saved list by keyboard: one tree view with a roving tabindex, so Tab enters it
 * once and leaves it with one more press; the arrows, Home, End and a first letter walk it;
 * ArrowLeft and ArrowRight close and open a folder; Enter opens a request in a tab; Shift+F10
 * (or a right-click) opens a row's actions (Duplicate) and F2 renames, each giving focus back
 * to the row. Both themes with the focus ring in view, axe.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { themedShots, useStudioSession } from './fixtures.js';
import { CollectionPage } from './pages/collection.page.js';
import { ConsolePage } from './pages/console.page.js';
import { StudioPage as Frame } from './pages/studio.page.js';

/** `requests/<folder>/<name>.json`, as the studio saves it. */
async function request(dir: string, folder: string, name: string, seq: number, url: string) {
  await mkdir(join(dir, 'requests', folder), { recursive: true });
  const file = {
    ...{ version: 1, name, seq, method: 'GET', url, headers: [] },
    ...{ body: { kind: 'none' }, auth: { kind: 'none' }, assertions: [] },
  };
  await writeFile(join(dir, 'requests', folder, `${name}.json`), JSON.stringify(file, null, 2));
}

// todos (List todos, One todo) before users (List users): the collection's order.
const session = useStudioSession(async (dir) => {
  await request(dir, 'todos', 'List todos', 1, '/todos');
  await request(dir, 'todos', 'One todo', 2, '/todos/1');
  await request(dir, 'users', 'List users', 3, '/users');
});

describe('The Saved list by keyboard (issue 48)', () => {
  it('is one Tab stop walked with the arrows, opening folders, requests and row actions', async () => {
    const { page } = session.ui;
    const collection = new CollectionPage(page);
    const consolePage = new ConsolePage(page);
    const focused = () => collection.focusedItem();
    const press = async (key: string, expected: string) => {
      await page.keyboard.press(key);
      await expect.poll(focused, { message: `${key} → ${expected}` }).toBe(expected);
    };
    await new Frame(page).open('Console');
    await consolePage.savedTab.click();
    await collection.tree.waitFor();
    expect(await collection.folders.count()).toBe(2);

    // Tab from the last control before the tree lands on its first item, one more leaves it.
    await collection.importButton.focus();
    await press('Tab', 'todos');
    expect(await collection.tree.locator('[role="treeitem"][tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('Tab');
    await expect
      .poll(() => collection.tree.evaluate((tree) => tree.contains(document.activeElement)))
      .toBe(false);
    await press('Shift+Tab', 'todos');

    // The arrows, Home and End walk the visible items.
    await press('ArrowDown', 'GET List todos');
    await press('ArrowDown', 'GET One todo');
    await press('ArrowDown', 'users');
    await press('ArrowUp', 'GET One todo');
    await press('Home', 'todos');
    await press('End', 'GET List users');

    // ArrowLeft goes up to the folder, then closes it; ArrowRight opens it, then goes in.
    await press('ArrowLeft', 'users');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => collection.folder('users').getAttribute('aria-expanded')).toBe('false');
    expect(await consolePage.saved('List users').count()).toBe(0);
    expect(await focused()).toBe('users');
    await press('ArrowDown', 'users'); // the last item now
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => collection.folder('users').getAttribute('aria-expanded')).toBe('true');
    await consolePage.saved('List users').waitFor();
    await press('ArrowRight', 'GET List users');

    // A first letter finds the next item with that name; Enter opens it in a tab of its own.
    await press('o', 'GET One todo');
    await page.keyboard.press('Enter');
    await consolePage.tab('GET One todo').waitFor();
    await expect
      .poll(() => consolePage.saved('One todo').getAttribute('aria-selected'))
      .toBe('true');
    expect(await consolePage.url.inputValue()).toBe('/todos/1');
    expect(await focused()).toBe('GET One todo');
    await shots('request-focused');

    // The row's actions: Shift+F10 opens its menu on the first item; Duplicate runs from there.
    await page.keyboard.press('Shift+F10');
    const menu = page.getByRole('menu', { name: 'Actions for One todo' });
    await menu.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Rename…');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await consolePage.saved('One todo copy').waitFor();
    await menu.waitFor({ state: 'detached' });
    expect(await focused()).toBe('GET One todo');

    // F2 renames; Escape gives focus back to the item.
    await page.keyboard.press('F2');
    const rename = collection.dialog('Rename request');
    await rename.waitFor();
    expect(await rename.getByLabel('Name').inputValue()).toBe('One todo');
    await page.keyboard.press('Escape');
    await rename.waitFor({ state: 'detached' });
    await expect.poll(focused).toBe('GET One todo');

    // Delete asks first; the row that takes the deleted one's place takes focus too (its
    // opener is gone, and focus must not fall to the page).
    await press('ArrowDown', 'GET One todo copy');
    const items = () =>
      collection.tree
        .getByRole('treeitem')
        .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    const before = await items();
    const at = before.indexOf('GET One todo copy');
    await page.keyboard.press('Delete');
    const confirm = collection.dialog('Delete request?');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await consolePage.saved('One todo copy').waitFor({ state: 'detached' });
    await expect.poll(focused).toBe(before[at + 1]);
    await press('ArrowUp', 'GET One todo');

    // A folder's actions too (its ▶ and ✎ buttons, which are no Tab stops), then Escape.
    await press('ArrowLeft', 'todos');
    await page.keyboard.press('Shift+F10');
    const folderMenu = page.getByRole('menu', { name: 'Actions for folder todos' });
    expect(await folderMenu.getByRole('menuitem').allInnerTexts()).toEqual([
      'Run folder',
      'New folder…',
      'Rename folder…',
      'Delete folder…',
    ]);
    await shots('folder-menu');
    await page.keyboard.press('Escape');
    await folderMenu.waitFor({ state: 'detached' });
    await expect.poll(focused).toBe('todos');
    await shots('folder-focused');

    // A right-click opens the same menu, and Escape gives focus to the row clicked.
    await consolePage.saved('List users').click({ button: 'right' });
    const usersMenu = page.getByRole('menu', { name: 'Actions for List users' });
    await usersMenu.waitFor();
    await page.keyboard.press('Escape');
    await usersMenu.waitFor({ state: 'detached' });
    await expect.poll(focused).toBe('GET List users');
    await press('Home', 'todos');

    // Still one Tab stop, the item last focused: Tab away and back returns to it.
    await press('ArrowDown', 'GET List todos');
    expect(await collection.tree.locator('[tabindex="0"]').count()).toBe(1);
    await collection.importButton.focus();
    await press('Tab', 'GET List todos');
    expect(session.ui.problems).toEqual([]);
  });
});

function shots(name: string): Promise<void> {
  return themedShots(session.ui.page, `collection-keyboard-${name}`);
}
