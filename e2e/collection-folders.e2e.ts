/**
 * New folder… and Delete folder… in the Saved tree, as Bruno's collections have them: an empty
 * folder shows (and says it is empty), nests, renames; a folder is deleted with its saved
 * requests after asking, from its menu or the Delete key, and a file in it that is not a saved
 * request stays, named. Both themes, axe.
 */
import { cp, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { REPO, themedShots, useStudioSession } from './fixtures.js';
import { CollectionPage } from './pages/collection.page.js';
import { ConsolePage } from './pages/console.page.js';
import { StudioPage as Frame } from './pages/studio.page.js';

const session = useStudioSession(undefined, { width: 1280, height: 800 });

const folders = (dir: string) =>
  readdir(join(session.studio.dir, 'requests', dir), { withFileTypes: true }).then(
    (entries) => entries.map((e) => `${e.name}${e.isDirectory() ? '/' : ''}`).sort(),
    () => null,
  );

describe('Folders of saved requests', () => {
  it('makes an empty folder and one inside it, then renames them together', async () => {
    const { page } = session.ui;
    const collection = new CollectionPage(page);
    await new Frame(page).open('Console');
    await new ConsolePage(page).savedTab.click();
    // From the empty collection's own New folder… (no tree yet).
    await collection.pane.getByText('No saved request yet').waitFor();
    await collection.pane.getByRole('button', { name: 'New folder…' }).click();
    const made = collection.dialog('New folder');
    await made.getByLabel('Name').fill('Admin');
    expect(await made.innerText()).toContain('requests/Admin/');
    await made.getByRole('button', { name: 'Create' }).click();
    await made.waitFor({ state: 'detached' });
    await collection.folder('Admin').waitFor();
    expect(await collection.requestsIn('Admin').innerText()).toContain('Empty');
    expect(await folders('Admin')).toEqual([]);
    // An empty folder has nothing to run.
    expect(await collection.pane.getByRole('button', { name: 'Run folder Admin' }).count()).toBe(0);

    await collection.folderAct('Admin', 'New folder…');
    const inner = collection.dialog('New folder in Admin');
    await inner.getByLabel('Name').fill('Users');
    await inner.getByRole('button', { name: 'Create' }).click();
    await collection.folder('Admin/Users').waitFor();
    await themedShots(page, 'collection-folders-new');

    // The name taken: said, nothing made twice.
    await collection.pane.getByRole('button', { name: 'New folder…' }).click();
    await made.getByLabel('Name').fill('Admin');
    await made.getByRole('button', { name: 'Create' }).click();
    await made.getByText('requests/Admin exists already').waitFor();
    // A name the collection cannot take: said in the dialog's words, once.
    await made.getByLabel('Name').fill('../out');
    await made.getByRole('button', { name: 'Create' }).click();
    await made.getByText('Name must not contain . or .. parts', { exact: true }).waitFor();
    await made.getByRole('button', { name: 'Cancel' }).click();

    await collection.pane.getByRole('button', { name: 'Rename folder Admin…' }).click();
    const rename = collection.dialog('Rename folder');
    await rename.getByLabel('Name').fill('Staff');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await rename.getByRole('status').filter({ hasText: '0 requests moved to Staff.' }).waitFor();
    await rename.getByRole('button', { name: 'Close' }).last().click();
    await collection.folder('Staff/Users').waitFor();
    expect(await folders('')).not.toContain('Admin/');
    expect(await folders('Staff')).toEqual(['Users/']);
    // The failed loads are the refused names above.
    expect(session.ui.problems.filter((p) => !/status of (409|422)/.test(p))).toEqual([]);
  });

  it('deletes a folder with its requests from the Delete key, after asking', async () => {
    const { page } = session.ui;
    const collection = new CollectionPage(page);
    // The example's saved requests, copied in as a git pull would bring them.
    await cp(join(REPO, 'examples', 'todo', 'requests'), join(session.studio.dir, 'requests'), {
      recursive: true,
    });
    await collection.folder('users').waitFor();
    expect((await folders('users'))?.length).toBe(1);
    // Open in a tab: once its file goes, the tab holds the last copy and says so.
    await collection.requestsIn('users').getByRole('treeitem').first().click();
    const consolePage = new ConsolePage(page);
    expect(await consolePage.tabs.getByRole('button', { name: /unsaved changes/ }).count()).toBe(0);
    await collection.folder('users').focus();
    await page.keyboard.press('Delete');
    const ask = collection.dialog('Delete folder?');
    expect(await ask.innerText()).toContain('users and its 1 saved request');
    await themedShots(page, 'collection-folders-delete');
    await ask.getByRole('button', { name: 'Delete folder' }).click();
    await ask.waitFor({ state: 'detached' });
    await expect.poll(() => collection.folder('users').count()).toBe(0);
    expect(await folders('users')).toBeNull();
    await consolePage.tabs
      .getByRole('button', { name: /unsaved changes/ })
      .first()
      .waitFor();
    // Cancel deletes nothing.
    await collection.folder('todos').focus();
    await page.keyboard.press('Delete');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect((await folders('todos'))?.length).toBe(6);
  });

  it('leaves a file that is not a saved request, and says so', async () => {
    const { page } = session.ui;
    const collection = new CollectionPage(page);
    const notes = join(session.studio.dir, 'requests', 'Notes');
    await mkdir(notes);
    await writeFile(join(notes, 'README.md'), '# what these are for\n');
    await collection.folder('Notes').waitFor();
    await collection.folderAct('Notes', 'Delete folder…');
    const ask = collection.dialog('Delete folder?');
    expect(await ask.innerText()).toContain('holds no saved request');
    await ask.getByRole('button', { name: 'Delete folder' }).click();
    await ask.getByRole('status').getByText('requests/Notes/README.md').waitFor();
    await ask.getByRole('button', { name: 'Close' }).last().click();
    expect(await folders('Notes')).toEqual(['README.md']);
    expect(session.ui.problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
  });

  it('asks before importing a collection again: a copy beside it, or the same folder replaced', async () => {
    const { page } = session.ui;
    const collection = new CollectionPage(page);
    const bruno = join(REPO, 'core', 'src', 'requests', 'import', 'fixtures', 'bruno-todos');
    const importOnce = async () => {
      await collection.importButton.first().click();
      await collection.importFolder.setInputFiles(bruno);
    };
    await importOnce();
    await collection.importResult.waitFor();
    await page.keyboard.press('Escape');
    await collection.folder('Bruno Todos').waitFor();
    const before = await folders('Bruno Todos');

    await importOnce();
    const ask = collection.importDialog.getByRole('alert', { name: 'Collection there already' });
    await ask.waitFor();
    await themedShots(page, 'collection-import-again');
    await ask.getByRole('button', { name: 'Import a copy' }).click();
    await collection.importResult.waitFor();
    await page.keyboard.press('Escape');
    await collection.folder('Bruno Todos 2').waitFor();
    expect(await folders('Bruno Todos 2')).toEqual(before);

    await importOnce();
    await ask.getByRole('button', { name: 'Replace it' }).click();
    await collection.importResult.waitFor();
    await page.keyboard.press('Escape');
    expect(await folders('Bruno Todos')).toEqual(before);
    expect(await folders('Bruno Todos 3')).toBeNull();
    expect(session.ui.problems.filter((p) => !/status of (409|422)/.test(p))).toEqual([]);
  });
});
