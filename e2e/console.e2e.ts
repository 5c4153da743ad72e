import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  launchBrowser,
  openStudio,
  startStudio,
  type Studio,
  type StudioPage,
} from './fixtures.js';
import { ConsolePage } from './pages/console.page.js';
import { StudioPage as Frame } from './pages/studio.page.js';

let studio: Studio;
let browser: Browser;
let ui: StudioPage;
let consolePage: ConsolePage;

beforeAll(async () => {
  [studio, browser] = await Promise.all([startStudio(), launchBrowser()]);
  ui = await openStudio(browser, studio);
  consolePage = new ConsolePage(ui.page);
  await new Frame(ui.page).open('Console');
});
afterAll(async () => {
  await browser?.close();
  await studio?.stop();
});

describe('Console', () => {
  it('sends a request to a path on the mock API and shows status, time, size and body', async () => {
    await consolePage.method.selectOption('GET');
    await consolePage.url.fill('/todos?limit=2');
    await consolePage.send.click();
    await expect
      .poll(() => consolePage.status.innerText())
      .toMatch(/^200[\s\S]*Time[\s\S]*ms[\s\S]*Size[\s\S]*B/);
    const body = await consolePage.responseBody.innerText();
    expect(body).toMatch(/0: \{[\s\S]*"id": 1[\s\S]*1: \{[\s\S]*"id": 2/);
    await consolePage.responseBody.getByRole('button', { name: 'Collapse root' }).click();
    expect(await consolePage.responseBody.innerText()).toMatch(/2 items/);
    // The query is an editable row kept in step with the URL.
    expect(await ui.page.getByLabel('Query params value limit').inputValue()).toBe('2');
  });

  it('posts a JSON body with Ctrl+Enter, headers included', async () => {
    await consolePage.method.selectOption('POST');
    await consolePage.url.fill('/users');
    await consolePage.headers.getByRole('button', { name: 'Add header' }).click();
    await ui.page.getByLabel('Headers name 2').fill('Content-Type');
    await ui.page.getByLabel('Headers value Content-Type').fill('application/json');
    await consolePage.setBody('{"name":"Console User"}');
    await ui.page.getByText('Valid JSON').waitFor();
    await consolePage.body.press('Control+Enter');
    await expect.poll(() => consolePage.status.innerText()).toMatch(/^201/);
    const users = (await (await fetch(`${studio.apiUrl}/users`)).json()) as { name: string }[];
    expect(users.map((u) => u.name)).toContain('Console User');
  });

  it('says when the body is not JSON', async () => {
    await consolePage.setBody('{"name": ');
    await ui.page.getByText('Invalid JSON').waitFor();
    await consolePage.setBody('{"name":"Formatted"}');
    await ui.page.getByRole('button', { name: 'Format' }).click();
    await expect.poll(() => consolePage.body.innerText()).toBe('{\n  "name": "Formatted"\n}');
  });

  it('keeps history across a restart and runs a request again from it', async () => {
    await ui.page.reload();
    await new Frame(ui.page).open('Console');
    const entries = consolePage.history.getByRole('listitem');
    await expect.poll(() => entries.count()).toBeGreaterThanOrEqual(2);
    const before = ((await (await fetch(`${studio.apiUrl}/users`)).json()) as unknown[]).length;
    await consolePage.history
      .getByRole('button', { name: 'Run again POST /users' })
      .first()
      .click();
    await expect.poll(() => consolePage.status.innerText()).toMatch(/^201/);
    const after = ((await (await fetch(`${studio.apiUrl}/users`)).json()) as unknown[]).length;
    expect(after).toBe(before + 1);
  });

  it('copies a request as curl and fills the form from a pasted curl', async () => {
    await consolePage.method.selectOption('GET');
    await consolePage.url.fill('/users/1');
    await ui.page.getByRole('button', { name: 'Copy as curl' }).click();
    const copied = await ui.page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(
      new RegExp(`^curl '${studio.apiUrl}/users/1' -H 'Accept: application/json'`),
    );
    expect(copied).not.toContain('-X');

    await ui.page.getByRole('button', { name: 'Paste curl…' }).click();
    await ui.page
      .getByRole('dialog')
      .getByLabel('curl command')
      .fill(
        `curl -X PATCH ${studio.apiUrl}/todos/1 -H 'Content-Type: application/json' -d '{"completed":true}'`,
      );
    await ui.page.getByRole('button', { name: 'Fill the form' }).click();
    expect(await consolePage.method.inputValue()).toBe('PATCH');
    expect(await consolePage.url.inputValue()).toBe(`${studio.apiUrl}/todos/1`);
    expect(await consolePage.body.innerText()).toBe('{"completed":true}');
    await consolePage.send.click();
    await expect.poll(() => consolePage.status.innerText()).toMatch(/^200/);
    expect(ui.problems).toEqual([]);
  });

  it('says the mock API is stopped after Stop in the server bar, and answers again after Start', async () => {
    const bar = new Frame(ui.page).serverBar;
    await bar.getByRole('button', { name: 'Stop', exact: true }).click();
    await bar.getByRole('status', { name: 'Mock API stopped' }).waitFor();
    await expect(fetch(`${studio.apiUrl}/todos`)).rejects.toThrow();
    await consolePage.method.selectOption('GET');
    await consolePage.url.fill('/todos');
    await consolePage.send.click();
    await ui.page.getByText(/The mock API is stopped/).waitFor();

    await bar.getByRole('button', { name: 'Start', exact: true }).click();
    await bar.getByRole('status', { name: 'Mock API running' }).waitFor();
    const url = await bar.getByTitle('Mock API URL (opens in a new tab)').innerText();
    await consolePage.send.click();
    await expect.poll(() => consolePage.status.innerText()).toMatch(/^200/);
    expect((await fetch(`${url}/todos`)).status).toBe(200);
    expect(ui.problems).toEqual([]);
  });
});
