/**
 * Issue 30, managing saved requests: Import… (an invalid Postman file refused with its line,
 * nothing written; a Bruno folder imported with what was left out), the Environments dialog
 * (a secret stored outside the project, masked, "stored – type to replace", shown on asking,
 * the Console's variables updated, the hover masking it; an environment added and deleted after
 * a confirmation), and Rename…, Move to folder… and Rename folder… moving the files. Both themes,
 * axe.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { REPO, themedShots, useStudioSession } from './fixtures.js';
import { CollectionPage } from './pages/collection.page.js';
import { ConsolePage } from './pages/console.page.js';
import { StudioPage as Frame } from './pages/studio.page.js';

const session = useStudioSession(undefined, { width: 1280, height: 800 });
const FIXTURES = join(REPO, 'core', 'src', 'requests', 'import', 'fixtures');

function shots(name: string, options?: { wide?: boolean }): Promise<void> {
  return themedShots(session.ui.page, `collection-manage-${name}`, options);
}

const files = (dir: string) =>
  readdir(join(session.studio.dir, dir), { recursive: true }).catch(() => [] as string[]);

describe('Managing saved requests and environments (issue 30)', () => {
  it('imports a Bruno folder after refusing a broken Postman file', async () => {
    const { page } = session.ui;
    const collection = new CollectionPage(page);
    await new Frame(page).open('Console');
    await new ConsolePage(page).savedTab.click();
    await collection.importButton.click();

    await collection.importFile.setInputFiles({
      name: 'broken.postman_collection.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{\n  "info": { "name": "Broken",\n  "item": [\n'),
    });
    await collection.importProblem.waitFor();
    expect(await collection.importProblem.innerText()).toMatch(
      /broken\.postman_collection\.json:\d+:\d+[\s\S]*Nothing was imported/,
    );
    expect(await files('requests')).toEqual([]);
    await shots('import-problem');

    await collection.importFolder.setInputFiles(join(FIXTURES, 'bruno-todos'));
    await collection.importResult.waitFor();
    const result = collection.importResult;
    expect(await result.getByRole('list', { name: 'Imported requests' }).innerText()).toMatch(
      // Issue 41: in the collection's order (the top first, then Bruno's `seq`), not by name.
      /Login[\s\S]*List todos[\s\S]*Create todo/,
    );
    expect(await result.getByRole('list', { name: 'Imported environments' }).innerText()).toMatch(
      /Local/,
    );
    expect(await result.getByRole('list', { name: 'Not imported' }).innerText()).toMatch(/tests/);
    await shots('import-result');
    await collection.importDialog.getByRole('button', { name: 'Done' }).click();
    await collection.folder('Bruno Todos').waitFor();
  });

  it('keeps a secret out of the project, masked, and fills the Console with it', async () => {
    const { page } = session.ui;
    const collection = new CollectionPage(page);
    const consolePage = new ConsolePage(page);
    await consolePage.environment.selectOption('Local');
    await collection.environmentsButton.click();
    await collection.environment('Local').click();
    await collection.environmentsDialog.getByRole('button', { name: 'Add variable' }).click();
    const rows = await collection.environmentsDialog.getByRole('row').count();
    await collection.variable(`Name of variable ${rows - 1}`).fill('apiKey');
    await collection.variable('Secret: apiKey').check();
    await collection.variable('Value of apiKey').fill('s3cret');
    expect(await collection.variable('Value of apiKey').getAttribute('type')).toBe('password');
    const show = collection.environmentsDialog.getByRole('button', {
      name: 'Show the value of apiKey',
    });
    await show.click();
    expect(await show.getAttribute('aria-pressed')).toBe('true');
    expect(await collection.variable('Value of apiKey').getAttribute('type')).toBe('text');
    await collection.environmentsDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await collection.environmentsDialog
      .getByRole('status')
      .filter({ hasText: 'Saved Local' })
      .waitFor();
    expect(await collection.variable('Value of apiKey').getAttribute('placeholder')).toBe(
      'stored – type to replace',
    );
    // Show reads the stored value back into the field (as Bruno's eye does); Save keeps it.
    expect(await show.getAttribute('aria-pressed')).toBe('false');
    await show.click();
    await expect.poll(() => collection.variable('Value of apiKey').inputValue()).toBe('s3cret');
    expect(await collection.variable('Value of apiKey').getAttribute('type')).toBe('text');
    await shots('environment-secret-shown', { wide: true });
    await show.click();
    expect(await collection.variable('Value of apiKey').getAttribute('type')).toBe('password');
    const file = await readFile(join(session.studio.dir, 'environments', 'Local.json'), 'utf8');
    expect(file).not.toContain('s3cret');
    expect(JSON.parse(file).variables).toContainEqual({ name: 'apiKey', secret: true });
    await shots('environment-saved');
    await collection.environmentsDialog.getByRole('button', { name: 'Close' }).last().click();

    // The Console has the new variable: the shown URL and its hover mask it.
    await consolePage.url.fill('{{baseUrl}}/todos?k={{apiKey}}');
    await expect.poll(() => consolePage.resolvedUrl.innerText()).toMatch(/\/todos\?k=••••$/);
    const hover = await page
      .locator('[title]')
      .filter({ has: consolePage.resolvedUrl })
      .getAttribute('title');
    expect(hover).toContain('{{apiKey}} = ••••');
    expect(hover).toMatch(/\{\{baseUrl\}\} = http/);
  });

  it('adds an environment and deletes it after a confirmation', async () => {
    const { page } = session.ui;
    const collection = new CollectionPage(page);
    await collection.environmentsButton.click();
    await collection.environmentsDialog.getByRole('button', { name: 'Add environment' }).click();
    await collection.environmentsDialog.getByLabel('Name', { exact: true }).fill('staging');
    await collection.variable('Name of variable 1').fill('baseUrl');
    await collection.variable('Value of baseUrl').fill('http://127.0.0.1:9');
    await collection.environmentsDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await collection.environment('staging').waitFor();
    expect(await files('environments')).toContain('staging.json');

    await collection.environmentsDialog
      .getByRole('button', { name: 'Delete environment…' })
      .click();
    const confirm = collection.dialog('Delete environment');
    await shots('environment-delete');
    await confirm.getByRole('button', { name: 'Delete staging' }).click();
    await confirm.waitFor({ state: 'detached' });
    await collection.environment('staging').waitFor({ state: 'detached' });
    expect(await files('environments')).not.toContain('staging.json');
    await page.keyboard.press('Escape');
    await collection.environmentsDialog.waitFor({ state: 'detached' });
  });

  it('keeps an environment added while the last save was still finishing a new one (issue 40)', async () => {
    const { page } = session.ui;
    const collection = new CollectionPage(page);
    const dialog = collection.environmentsDialog;
    const name = dialog.getByLabel('Name', { exact: true });
    // The first save is held until "Add environment" was clicked: the order a slow disk gives.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/environments', async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.continue();
    });
    await new Frame(page).open('Console');
    await collection.environmentsButton.click();
    await dialog.getByRole('button', { name: 'Add environment' }).click();
    await name.fill('qa');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByRole('button', { name: 'Add environment' }).click();
    await expect.poll(() => name.inputValue()).not.toBe('qa');
    release();
    await collection.environment('qa').waitFor();
    // The new draft is still the one on screen: typing names it, Save creates a second file.
    expect(await dialog.getByText('(new)').count()).toBe(1);
    await name.fill('uat');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await collection.environment('uat').waitFor();
    await page.unroute('**/api/environments');
    expect((await files('environments')).filter((f) => /^(qa|uat)\.json$/.test(f)).sort()).toEqual([
      'qa.json',
      'uat.json',
    ]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('renames and moves a request, then renames its folder, moving the files', async () => {
    const { page } = session.ui;
    const collection = new CollectionPage(page);
    const consolePage = new ConsolePage(page);

    // The actions menu by keyboard: Enter opens it on its first item.
    await collection.pane.getByRole('button', { name: 'Actions for Login' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Rename…');
    await shots('row-menu');
    await page.keyboard.press('Enter');
    const rename = collection.dialog('Rename request');
    await rename.getByLabel('Name').fill('Sign in');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await rename.waitFor({ state: 'detached' });
    await consolePage.saved('Sign in').waitFor();

    await collection.act('Sign in', 'Move to folder…');
    const move = collection.dialog('Move request');
    await move.getByLabel('Folder').fill('auth');
    await move.getByRole('button', { name: 'Move' }).click();
    await move.waitFor({ state: 'detached' });
    await collection.requestsIn('auth').getByRole('treeitem', { name: 'POST Sign in' }).waitFor();
    expect(await files('requests/auth')).toEqual(['Sign in.json']);

    // A request open in the Console follows its folder's rename.
    await collection
      .requestsIn('Bruno Todos/todos')
      .getByRole('treeitem', { name: 'GET List todos' })
      .click();
    await collection
      .folder('Bruno Todos/todos')
      .getByRole('button', { name: 'Rename folder Bruno Todos/todos…' })
      .click();
    const folder = collection.dialog('Rename folder');
    await folder.getByLabel('Name').fill('tasks');
    await folder.getByRole('button', { name: 'Rename' }).click();
    await folder
      .getByRole('status')
      .filter({ hasText: '2 requests moved to Bruno Todos/tasks.' })
      .waitFor();
    await shots('folder-renamed');
    await folder.getByRole('button', { name: 'Close' }).last().click();
    expect((await files('requests/Bruno Todos/tasks')).sort()).toEqual([
      'Create todo.json',
      'List todos.json',
    ]);
    await collection.folder('Bruno Todos/tasks').waitFor();
    // "Saved as Bruno Todos/tasks/List todos", with no unsaved changes.
    await page.getByText('Bruno Todos/tasks/List todos', { exact: true }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'unsaved changes' }).count()).toBe(0);
    expect(session.ui.problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
  });
});
