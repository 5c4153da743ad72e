import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

import { screenshot, themedShots, useStudioSession } from './fixtures.js';
import { ConsolePage } from './pages/console.page.js';
import { EndpointsPage } from './pages/endpoints.page.js';
import { StudioPage as Frame } from './pages/studio.page.js';

let consolePage: ConsolePage;

const session = useStudioSession();
beforeAll(async () => {
  consolePage = new ConsolePage(session.ui.page);
  await new Frame(session.ui.page).open('Console');
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
    expect(await session.ui.page.getByLabel('Query params value limit').inputValue()).toBe('2');
    // Every header, not only those CORS lets a page read: Traffic logged the exchange.
    await session.ui.page
      .getByRole('tablist', { name: 'Response parts' })
      .getByRole('tab', { name: /Headers/ })
      .click();
    const headers = session.ui.page.getByRole('table', { name: 'Response headers' });
    await expect.poll(() => headers.innerText()).toMatch(/access-control-allow-origin/);
    expect(await headers.innerText()).toMatch(/x-total-count\s+\d+/);
    await session.ui.page
      .getByRole('tablist', { name: 'Response parts' })
      .getByRole('tab', { name: 'Body' })
      .click();
  });

  it('posts a JSON body with Ctrl+Enter, headers included', async () => {
    await consolePage.method.selectOption('POST');
    await consolePage.url.fill('/users');
    await consolePage.headers.getByRole('button', { name: 'Add header' }).click();
    await session.ui.page.getByLabel('Headers name 2').fill('Content-Type');
    await session.ui.page.getByLabel('Headers value Content-Type').fill('application/json');
    await consolePage.setBody('{"name":"Console User"}');
    await session.ui.page.getByText('Valid JSON').waitFor();
    await consolePage.body.press('Control+Enter');
    await expect.poll(() => consolePage.status.innerText()).toMatch(/^201/);
    const users = (await (await fetch(`${session.studio.apiUrl}/users`)).json()) as {
      name: string;
    }[];
    expect(users.map((u) => u.name)).toContain('Console User');
  });

  it('says when the body is not JSON', async () => {
    await consolePage.setBody('{"name": ');
    await session.ui.page.getByText('Invalid JSON').waitFor();
    await consolePage.setBody('{"name":"Formatted"}');
    await session.ui.page.getByRole('button', { name: 'Format' }).click();
    await expect.poll(() => consolePage.body.innerText()).toBe('{\n  "name": "Formatted"\n}');
  });

  it('keeps history across a restart and runs a request again from it', async () => {
    await session.ui.page.reload();
    await new Frame(session.ui.page).open('Console');
    const entries = consolePage.history.getByRole('listitem');
    await expect.poll(() => entries.count()).toBeGreaterThanOrEqual(2);
    // Grouped by day, as Postman's history is: all of this run's under Today.
    expect(await consolePage.history.getByRole('list', { name: 'Today' }).count()).toBe(1);
    const before = ((await (await fetch(`${session.studio.apiUrl}/users`)).json()) as unknown[])
      .length;
    await consolePage.history
      .getByRole('button', { name: 'Run again POST /users' })
      .first()
      .click();
    await expect.poll(() => consolePage.status.innerText()).toMatch(/^201/);
    const after = ((await (await fetch(`${session.studio.apiUrl}/users`)).json()) as unknown[])
      .length;
    expect(after).toBe(before + 1);
    // Again and again: the same tab, which still holds the request unedited, not a tab per run.
    const openTabs = await consolePage.tabs.getByRole('listitem').count();
    for (let run = 2; run <= 3; run++) {
      await consolePage.history
        .getByRole('button', { name: 'Run again POST /users' })
        .first()
        .click();
      await expect
        .poll(
          async () => ((await (await fetch(`${session.studio.apiUrl}/users`)).json()) as []).length,
        )
        .toBe(before + run);
    }
    await expect.poll(() => consolePage.status.innerText()).toMatch(/^201/);
    expect(await consolePage.tabs.getByRole('listitem').count()).toBe(openTabs);
  });

  it('carries no body, Content-Type or body error of a POST over to a GET, nor into its curl', async () => {
    const page = session.ui.page;
    await page.getByRole('button', { name: 'Paste curl…' }).click();
    await page
      .getByRole('dialog')
      .getByLabel('curl command')
      .fill(
        `curl -X POST ${session.studio.apiUrl}/users -H 'Accept: application/json' -H 'Content-Type: application/json' -d '{"name": '`,
      );
    await page.getByRole('button', { name: 'Fill the form' }).click();
    await page.getByText('Invalid JSON').waitFor();
    await consolePage.method.selectOption('GET');
    await page.getByText('A GET request sends no body.').waitFor();
    expect(await page.getByText('Invalid JSON').count()).toBe(0);
    // Nothing to type into that would not be sent: no body editor, no kind chooser.
    expect(await consolePage.body.count()).toBe(0);
    expect(await page.getByRole('radiogroup', { name: 'Body kind' }).count()).toBe(0);
    expect(await consolePage.headers.innerText()).not.toMatch(/content-type/i);
    await screenshot(page, 'console-get-after-post-light-1280x800');
    await page.getByRole('button', { name: 'Copy as curl' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`curl '${session.studio.apiUrl}/users' -H 'Accept: application/json'`);
    // Back on POST, the body and its Content-Type are there again.
    await consolePage.method.selectOption('POST');
    await page.getByText('Invalid JSON').waitFor();
    expect(await consolePage.body.innerText()).toBe('{"name": ');
    await page.getByRole('button', { name: 'Copy as curl' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      /-H 'Content-Type: application\/json' --data-raw/,
    );
  });

  it('copies a request as curl and fills the form from a pasted curl', async () => {
    await consolePage.method.selectOption('GET');
    await consolePage.url.fill('/users/1');
    await session.ui.page.getByRole('button', { name: 'Copy as curl' }).click();
    const copied = await session.ui.page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(
      new RegExp(`^curl '${session.studio.apiUrl}/users/1' -H 'Accept: application/json'`),
    );
    expect(copied).not.toContain('-X');

    await session.ui.page.getByRole('button', { name: 'Paste curl…' }).click();
    await session.ui.page
      .getByRole('dialog')
      .getByLabel('curl command')
      .fill(
        `curl -X PATCH ${session.studio.apiUrl}/todos/1 -H 'Content-Type: application/json' -d '{"completed":true}'`,
      );
    await session.ui.page.getByRole('button', { name: 'Fill the form' }).click();
    expect(await consolePage.method.inputValue()).toBe('PATCH');
    expect(await consolePage.url.inputValue()).toBe(`${session.studio.apiUrl}/todos/1`);
    expect(await consolePage.body.innerText()).toBe('{"completed":true}');
    await consolePage.send.click();
    await expect.poll(() => consolePage.status.innerText()).toMatch(/^200/);
    expect(session.ui.problems).toEqual([]);
  });

  it('sends with Ctrl+Enter from the Console tab and after a dialog; Tab stays in a dialog', async () => {
    const page = session.ui.page;
    await new Frame(page).open('Endpoints');
    await new Frame(page).open('Console');
    await consolePage.method.selectOption('GET');
    await consolePage.url.fill('/users?limit=1');
    // Focus on the Console tab itself, as after clicking it.
    await page.getByRole('tab', { name: 'Console' }).focus();
    // The last test's answer is still shown (its status is 200 too): count the history instead.
    const before = await consolePage.history.getByRole('listitem').count();
    await page.keyboard.press('Control+Enter');
    const sent = before + 1;
    await expect.poll(() => consolePage.history.getByRole('listitem').count()).toBe(sent);
    await expect.poll(() => consolePage.status.innerText()).toMatch(/^200/);

    // The Paste curl dialog keeps Tab inside itself and hands focus back when it closes.
    const paste = page.getByRole('button', { name: 'Paste curl…' });
    await paste.click();
    const dialog = page.getByRole('dialog', { name: 'Paste a curl command' });
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await paste.evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => consolePage.history.getByRole('listitem').count()).toBe(sent + 1);
  });

  it('says the mock API is stopped after Stop in the server bar, and answers again after Start', async () => {
    const bar = new Frame(session.ui.page).serverBar;
    await bar.getByRole('button', { name: 'Stop', exact: true }).click();
    await bar.getByRole('status', { name: 'Mock API stopped' }).waitFor();
    await expect(fetch(`${session.studio.apiUrl}/todos`)).rejects.toThrow();
    await consolePage.method.selectOption('GET');
    await consolePage.url.fill('/todos');
    await consolePage.send.click();
    await session.ui.page.getByText(/The mock API is stopped/).waitFor();

    await bar.getByRole('button', { name: 'Start', exact: true }).click();
    await bar.getByRole('status', { name: 'Mock API running' }).waitFor();
    const url = await bar.getByTitle('Mock API URL (opens in a new tab)').innerText();
    await consolePage.send.click();
    await expect.poll(() => consolePage.status.innerText()).toMatch(/^200/);
    expect((await fetch(`${url}/todos`)).status).toBe(200);
    expect(session.ui.problems).toEqual([]);
  });

  // Last: the browser logs the 422 as a failed load, which the tests above count as a problem.
  it('shows the field errors of a 422 open, each field with its message', async () => {
    await consolePage.method.selectOption('POST');
    await consolePage.url.fill('/todos');
    await consolePage.setBody('{"content":"x","completed":"no"}');
    await consolePage.send.click();
    await expect.poll(() => consolePage.status.innerText()).toMatch(/^422/);
    expect(await consolePage.responseBody.innerText()).toMatch(
      /"field": "completed"[\s\S]*"message": "must be a boolean/,
    );
  });

  it("fills a create body from Endpoints with the fake-data generator's values", async () => {
    const page = session.ui.page;
    await new Frame(page).open('Endpoints');
    await new EndpointsPage(page).openInConsole('POST', '/todos');
    // Not the schema's placeholders (`""`, a 1970 date): a made-up todo of an existing user.
    await expect
      .poll(() => consolePage.body.innerText())
      .toMatch(/"content": "[^"]+"[\s\S]*"user": \d+/);
    // What it was opened with, made-up values included, is no unsaved change of the user's.
    await consolePage.tab('POST /todos', { unsaved: false }).waitFor();
    await themedShots(page, 'console-sample-body');
    await consolePage.send.click();
    await expect.poll(() => consolePage.status.innerText()).toMatch(/^201/);
  });

  it('says a busy port is refused, forgets it once the port is edited, and names a bad one', async () => {
    const { createServer } = await import('node:net');
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const taken = (busy.address() as { port: number }).port;
    try {
      const bar = new Frame(session.ui.page).serverBar;
      const port = bar.getByLabel('Port');
      await port.fill(String(taken));
      await port.press('Enter');
      const refused = bar.getByRole('alert');
      await expect.poll(() => refused.innerText()).toMatch(new RegExp(`${taken}.*in use`));
      await port.fill('70000');
      expect(await refused.count()).toBe(0);
      await port.press('Enter');
      await expect.poll(() => refused.innerText()).toMatch(/whole number from 1 to 65535/);
      // Clicking Stop from there stops the server: the message going away moves nothing.
      await bar.getByRole('button', { name: 'Stop', exact: true }).click();
      await bar.getByRole('status', { name: 'Mock API stopped' }).waitFor();
      await bar.getByRole('button', { name: 'Start', exact: true }).click();
      await bar.getByRole('status', { name: 'Mock API running' }).waitFor();
    } finally {
      busy.close();
    }
  });

  it('names an unsaved tab by its method and URL, the badge whole beside a long title (issue 48)', async () => {
    const page = session.ui.page;
    await consolePage.newTab.click();
    await consolePage.method.selectOption('DELETE');
    const url = '{{baseUrl}}/todos/1?reason=a-long-query-that-runs-past-the-width-of-a-tab';
    await consolePage.url.fill(url);
    // Read as "DELETE {{baseUrl}}/…", not "DELETE{{baseUrl}}/…".
    const tab = consolePage.tab(`DELETE ${url}`);
    await tab.waitFor();
    expect(await tab.ariaSnapshot()).toContain(`button "DELETE ${url}`);
    const badge = tab.locator('.method');
    const title = tab.locator('.req-tab-title');
    const [badgeBox, titleBox] = [await badge.boundingBox(), await title.boundingBox()];
    // The badge keeps its width and ends before the title begins; the title is cut instead.
    expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(badgeBox!.x + badgeBox!.width).toBeLessThanOrEqual(titleBox!.x);
    expect(await title.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await screenshot(page, 'console-tab-long-title');
    // Typed into a new tab and never saved: closing asks first (it closed silently before).
    await page.getByRole('button', { name: `Close ${url}` }).click();
    const ask = page.getByRole('dialog', { name: 'Close without saving?' });
    await ask.getByText('is not saved: Save… keeps it in the project.').waitFor();
    expect(await ask.getByRole('button', { name: 'Save…' }).count()).toBe(1);
    await ask.getByRole('button', { name: 'Close without saving' }).click();
    await tab.waitFor({ state: 'detached' });
  });

  it('widens the saved requests pane by dragging its edge or with the keyboard, and keeps it', async () => {
    const page = session.ui.page;
    const edge = page.getByRole('separator', { name: 'Width of saved requests and history' });
    const width = async () => (await consolePage.requests.boundingBox())!.width;
    expect(await edge.getAttribute('aria-valuenow')).toBe('230');
    expect(Math.round(await width())).toBe(230);
    // Four steps right with the keyboard: 64px wider.
    await edge.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(width).toBeCloseTo(294, 0);
    expect(await edge.getAttribute('aria-valuenow')).toBe('294');
    // A drag of 60px more, by the mouse.
    const box = (await edge.boundingBox())!;
    await page.mouse.move(box.x + 3, box.y + 200);
    await page.mouse.down();
    await page.mouse.move(box.x + 33, box.y + 200, { steps: 3 });
    await page.mouse.move(box.x + 63, box.y + 200, { steps: 3 });
    await page.mouse.up();
    await expect.poll(width).toBeCloseTo(354, 0);
    // Never past its widest, and the width outlives a reload.
    await edge.press('End');
    expect(await edge.getAttribute('aria-valuenow')).toBe('400');
    await page.reload();
    await new Frame(page).open('Console');
    await expect.poll(width).toBeCloseTo(400, 0);
    await screenshot(page, 'console-wide-side');
    // A double click gives the default back.
    await edge.dblclick();
    await expect.poll(width).toBeCloseTo(230, 0);
  });

  it('fills {{baseUrl}} with the mock API when no environment gives it (issue 48 review)', async () => {
    const page = session.ui.page;
    await consolePage.newTab.click();
    await consolePage.environment.selectOption({ label: 'No environment' });
    await consolePage.url.fill('{{baseUrl}}/todos?limit=1');
    // Named as the URL it sends to, not "Unknown variable: {{baseUrl}}".
    await expect
      .poll(() => consolePage.resolvedUrl.innerText())
      .toContain(`${session.studio.apiUrl}/todos?limit=1`);
    expect(await page.getByText('Unknown variable', { exact: false }).count()).toBe(0);
    await consolePage.send.click();
    await expect.poll(() => consolePage.status.innerText()).toMatch(/^200/);
    await page.getByRole('button', { name: 'Close {{baseUrl}}/todos?limit=1' }).click();
    await page
      .getByRole('dialog', { name: 'Close without saving?' })
      .getByRole('button', { name: 'Close without saving' })
      .click();
  });

  it("starts on the open project's first route, so Send answers in any project", async () => {
    const page = session.ui.page;
    const home = await mkdtemp(join(tmpdir(), 'decorest-e2e-library-'));
    const library = join(home, 'library');
    await mkdir(library);
    await writeFile(
      join(library, 'book.ts'),
      "import { FromDataSource, Rest } from 'decorest';\n\n@Rest\n@FromDataSource\nexport class Book {\n  id!: number;\n  title!: string;\n}\n",
    );
    const open = async (dir: string, name: string) => {
      const bar = new Frame(page).serverBar;
      await bar.getByRole('button', { name: 'Open…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Open a project' });
      await dialog.getByLabel('Project folder').fill(dir);
      await dialog.getByRole('button', { name: 'Open', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await bar.getByText(name, { exact: true }).waitFor();
    };
    try {
      await open(library, 'library');
      // A new window on that project: its Console has not been touched.
      await page.reload();
      await new Frame(page).open('Console');
      await expect.poll(() => consolePage.url.inputValue()).toBe('/books');
      // Its hints name its own path, not the example's /todos.
      expect(await page.getByRole('region', { name: 'Response' }).innerText()).toContain(
        'type a path such as /books',
      );
      expect(await consolePage.url.getAttribute('placeholder')).toMatch(/^\/books/);
      await consolePage.send.click();
      await expect.poll(() => consolePage.status.innerText()).toMatch(/^200/);
    } finally {
      await open(session.studio.dir, 'todo');
      await rm(home, { recursive: true, force: true });
    }
  });
});
