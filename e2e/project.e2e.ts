import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  launchBrowser,
  openStudio,
  REPO,
  startStudio,
  type Studio,
  type StudioPage,
} from './fixtures.js';
import { StudioPage as Frame } from './pages/studio.page.js';

let studio: Studio;
let browser: Browser;
let ui: StudioPage;
let other: string;

beforeAll(async () => {
  [studio, browser] = await Promise.all([startStudio(), launchBrowser()]);
  other = join(await mkdtemp(join(tmpdir(), 'decorest-e2e-other-')), 'shop');
  await cp(join(REPO, 'examples', 'todo'), other, {
    recursive: true,
    filter: (src) => !src.includes(join('todo', 'data')),
  });
  ui = await openStudio(browser, studio);
});
afterAll(async () => {
  await browser?.close();
  await studio?.stop();
  await rm(join(other, '..'), { recursive: true, force: true });
});

describe('Opening a project', () => {
  it('takes a folder path in the browser, says why a bad one fails, and lists recent ones', async () => {
    const bar = new Frame(ui.page).serverBar;
    await bar.getByRole('button', { name: 'Open…' }).click();
    const dialog = ui.page.getByRole('dialog', { name: 'Open a project' });
    await dialog.getByLabel('Project folder').fill(join(other, 'no-such-folder'));
    await dialog.getByRole('button', { name: 'Open', exact: true }).click();
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').innerText()).not.toBe('');

    await dialog.getByLabel('Project folder').fill(other);
    await dialog.getByRole('button', { name: 'Open', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await bar.getByText('shop', { exact: true }).waitFor();
    expect((await fetch(`${studio.apiUrl}/todos`)).status).toBe(200);

    await bar.getByRole('button', { name: 'Open…' }).click();
    await ui.page
      .getByRole('dialog', { name: 'Open a project' })
      .getByRole('button', { name: studio.dir })
      .waitFor();
    await ui.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(ui.problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
  });
});
