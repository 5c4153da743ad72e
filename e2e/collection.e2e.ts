/**
 * Issue 30, first part: the Console keeps requests as files in the project and fills
 * `{{variables}}` from an environment. Two environments ("local" and "proxy"), a request saved
 * into a folder and another beside it, the URL changing with the environment, an unknown
 * variable named before Send, an unsaved change saved with Ctrl+S, and everything still there
 * after the page is reloaded. Both themes, axe.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { control, themedShots, useStudioSession } from './fixtures.js';
import { ConsolePage } from './pages/console.page.js';
import { EndpointsPage } from './pages/endpoints.page.js';
import { StudioPage as Frame } from './pages/studio.page.js';

const session = useStudioSession(undefined, { width: 1280, height: 800 });

async function environment(name: string, baseUrl: string): Promise<void> {
  await control(session.studio, '/environments', {
    method: 'PUT',
    body: JSON.stringify({
      environment: { name, variables: [{ name: 'baseUrl', value: baseUrl }] },
    }),
  });
}

async function shots(name: string): Promise<void> {
  return themedShots(session.ui.page, `collection-${name}`);
}

describe('Saved requests and environments (issue 30)', () => {
  it('saves two requests into a folder, switches environments and keeps it all after a reload', async () => {
    const { page } = session.ui;
    const api = session.studio.apiUrl;
    await environment('local', api);
    await environment('proxy', 'http://127.0.0.1:9/backend');
    const frame = new Frame(page);
    const consolePage = new ConsolePage(page);
    // The page reads the collection when the Console first shows: reload so it sees both.
    await page.reload();
    await frame.open('Console');

    await consolePage.environment.selectOption('local');
    await consolePage.method.selectOption('GET');
    await consolePage.url.fill('{{baseUrl}}/todos');
    await expect.poll(() => consolePage.resolvedUrl.innerText()).toBe(`${api}/todos`);
    await consolePage.send.click();
    await expect.poll(() => consolePage.status.innerText()).toMatch(/^200/);

    await page.getByRole('button', { name: 'Save…' }).click();
    const save = page.getByRole('dialog', { name: 'Save request' });
    await save.getByRole('textbox', { name: 'Name' }).fill('List todos');
    await save.getByLabel('Folder').fill('todos');
    await save.getByRole('button', { name: 'Save', exact: true }).click();
    await save.waitFor({ state: 'detached' });
    await consolePage.saved('List todos').waitFor();
    const file = join(session.studio.dir, 'requests', 'todos', 'List todos.json');
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
      name: 'List todos',
      method: 'GET',
      url: '{{baseUrl}}/todos',
    });

    // A second request beside it: Save… with nothing open asks where.
    await consolePage.url.fill('{{baseUrl}}/todos/1');
    await page.getByRole('button', { name: 'Save…' }).click();
    await save.getByRole('textbox', { name: 'Name' }).fill('One todo');
    await save.getByLabel('Folder').fill('todos');
    await save.getByRole('button', { name: 'Save', exact: true }).click();
    await consolePage.saved('One todo').waitFor();

    // The other environment: the same request goes elsewhere.
    await consolePage.environment.selectOption('proxy');
    await expect
      .poll(() => consolePage.resolvedUrl.innerText())
      .toBe('http://127.0.0.1:9/backend/todos/1');

    // An unknown variable is named before Send, and Send refuses it.
    await consolePage.url.fill('{{baseUrl}}/{{nope}}');
    await page.getByRole('status').filter({ hasText: 'Unknown variable: {{nope}}' }).waitFor();
    await consolePage.environment.selectOption('local');

    // An unsaved change to a saved request, saved in place with Ctrl+S.
    await consolePage.saved('List todos').click();
    expect(await consolePage.url.inputValue()).toBe('{{baseUrl}}/todos');
    await consolePage.url.fill('{{baseUrl}}/todos?_limit=2');
    await page.getByRole('status').filter({ hasText: 'unsaved changes' }).waitFor();
    await shots('unsaved');
    await page.keyboard.press('ControlOrMeta+s');
    await page
      .getByRole('status')
      .filter({ hasText: 'unsaved changes' })
      .waitFor({ state: 'detached' });
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
      url: '{{baseUrl}}/todos?_limit=2',
    });

    await page.reload();
    await frame.open('Console');
    await consolePage.savedTab.click();
    await consolePage.saved('List todos').waitFor();
    await consolePage.saved('One todo').waitFor();
    expect(await consolePage.environment.inputValue()).toBe('local');
    // Saved just before the reload: its tab comes back saved (no "unsaved changes" in its name).
    await consolePage.tab('GET List todos', { unsaved: false }).waitFor();
    // Its tab comes back as it was left, the unsaved edit included (as in Bruno).
    await consolePage.saved('One todo').click();
    expect(await consolePage.url.inputValue()).toBe('{{baseUrl}}/{{nope}}');
    await page.getByRole('status').filter({ hasText: 'unsaved changes' }).waitFor();
    await consolePage.url.fill('{{baseUrl}}/todos/1');
    await page
      .getByRole('status')
      .filter({ hasText: 'unsaved changes' })
      .waitFor({ state: 'detached' });
    await consolePage.send.click();
    await expect.poll(() => consolePage.status.innerText()).toMatch(/^200/);
    await shots('saved');
    expect(session.ui.problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
  });

  it('opens a route from Endpoints in a tab of its own, never over a saved request (review)', async () => {
    const { page } = session.ui;
    const consolePage = new ConsolePage(page);
    const frame = new Frame(page);
    const file = join(session.studio.dir, 'requests', 'todos', 'One todo.json');
    const before = await readFile(file, 'utf8');
    await frame.open('Console');
    await consolePage.savedTab.click();
    await consolePage.saved('One todo').click();
    await consolePage.tab('GET One todo').waitFor();
    const tabs = await consolePage.tabs.getByRole('listitem').count();

    await frame.open('Endpoints');
    await new EndpointsPage(page).openInConsole('DELETE', '/users/:id');
    // A new tab, shown; the saved request's tab is still there as it was.
    await expect.poll(() => consolePage.tabs.getByRole('listitem').count()).toBe(tabs + 1);
    expect(await consolePage.method.inputValue()).toBe('DELETE');
    expect(await consolePage.tab('GET One todo').count()).toBe(1);
    // Ctrl+S asks where to save the new one; the saved file is untouched.
    await page.keyboard.press('ControlOrMeta+s');
    const save = page.getByRole('dialog', { name: 'Save request' });
    await save.waitFor();
    await page.keyboard.press('Escape');
    await save.waitFor({ state: 'detached' });
    expect(await readFile(file, 'utf8')).toBe(before);
    await consolePage.tab('GET One todo').click();
    await expect.poll(() => consolePage.url.inputValue()).toBe('{{baseUrl}}/todos/1');
  });
});
