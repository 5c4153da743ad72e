/**
 * Issue 30, the Console as a request client: tabs with their own answers, a multipart form with
 * a file sent to the example's manual route `POST /attachments` (whose `req.body()` gives the
 * files), tests on an answer and "Run folder" with one failing, a remote host reached through
 * the studio and marked outgoing in Traffic, a host that never answers cancelled, and every
 * tab, request and file where it was after the studio is closed and started again. Both themes, axe.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ConsoleSession } from '../core/src/contract/requests-api.js';
import { control, eventually, openStudio, themedShots, useStudioSession } from './fixtures.js';
import { ConsolePage } from './pages/console.page.js';
import { StudioPage as Frame } from './pages/studio.page.js';
import { TrafficPage } from './pages/traffic.page.js';

const session = useStudioSession(undefined, { width: 1280, height: 800 });

/** Another host: answers `/remote` without CORS, never answers `/hang`. */
let remote: Server;
let remoteUrl = '';
let hangClosed = false;
let hangSeen = false;
beforeAll(async () => {
  remote = createServer((req: IncomingMessage, res) => {
    if (req.url === '/hang') {
      hangSeen = true;
      req.socket.on('close', () => (hangClosed = true));
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json', 'X-Remote': 'yes' });
    res.end(JSON.stringify({ remote: true, auth: req.headers.authorization ?? null }));
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  remoteUrl = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
});
afterAll(async () => {
  remote.closeAllConnections();
  await new Promise((resolve) => remote.close(resolve));
});

function shots(page: Page, name: string, options?: { wide?: boolean }): Promise<void> {
  return themedShots(page, `console-requests-${name}`, options);
}

describe('The Console as a request client (issue 30)', () => {
  it('sends a file to a manual route, runs a folder with a failing test, and keeps it all', async () => {
    const { page } = session.ui;
    const frame = new Frame(page);
    const c = new ConsolePage(page);
    await frame.open('Console');

    // A multipart form with a text field and a file, to the example's upload route.
    await c.method.selectOption('POST');
    await c.url.fill('/attachments');
    await c.bodyKind('Multipart').check();
    await page.getByRole('button', { name: '+ Add field' }).click();
    await page.getByRole('textbox', { name: 'Multipart field name 1' }).fill('title');
    await page.getByRole('textbox', { name: 'Multipart field value title' }).fill('A photo');
    await page.getByRole('button', { name: '+ Add file' }).click();
    await page.getByRole('textbox', { name: 'Multipart field name 2' }).fill('photo');
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    await page
      .locator('input[type="file"][aria-label="Choose a file for photo"]')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: bytes });
    const path = page.getByRole('textbox', { name: 'File path of photo' });
    await expect.poll(() => path.inputValue()).toBe('files/photo.png');
    expect(await readFile(join(session.studio.dir, 'files', 'photo.png'))).toEqual(bytes);
    const n = await c.addTest();
    await page.getByRole('spinbutton', { name: `Test ${n} status` }).fill('201');
    await c.send.click();
    await expect.poll(() => c.status.innerText()).toMatch(/^201/);
    await c.responseBody.getByText('"photo.png"').waitFor();
    await c.responseBody.getByText('"A photo"').waitFor();
    await c.responseBody.getByText('"image/png"').waitFor();
    await c.testResults.getByText('The test passed').waitFor();
    await c.saveAs('Upload photo', 'smoke');
    await shots(page, 'multipart');

    // A second tab: its own request, its own answer, a test that fails.
    await c.newTab.click();
    expect(await c.url.inputValue()).toBe('');
    await c.url.fill('/todos/1');
    await c.addTest();
    const second = await c.addTest();
    await page.getByRole('combobox', { name: `Test ${second} kind` }).selectOption('json-equals');
    await page.getByRole('textbox', { name: `Test ${second} JSON pointer` }).fill('/id');
    await page.getByRole('textbox', { name: `Test ${second} expected value` }).fill('2');
    await c.send.click();
    await c.testResults.getByText('1 of 2 tests failed').waitFor();
    await c.testResults.getByText('/id equals 2').waitFor();
    await c.saveAs('Todo one', 'smoke');
    // The first tab still has its answer.
    await c.tab('POST Upload photo').click();
    await expect.poll(() => c.status.innerText()).toMatch(/^201/);
    expect(await c.url.inputValue()).toBe('/attachments');
    await c.tab('GET Todo one').click();
    await expect.poll(() => c.status.innerText()).toMatch(/^200/);

    // Run folder: both requests in order, one passing, one failing with why.
    await c.savedTab.click();
    // The keyboard gets past the collection in one step.
    await page.getByRole('button', { name: 'Skip to the request' }).focus();
    await page.keyboard.press('Enter');
    expect(
      await page.evaluate(() => document.activeElement?.closest('[aria-label="Request"]') !== null),
    ).toBe(true);
    await page.getByRole('button', { name: 'Run folder smoke' }).click();
    const run = page.getByRole('dialog', { name: 'Run folder smoke' });
    await run.getByRole('status').filter({ hasText: '1 passed, 1 failed' }).waitFor();
    const results = run.getByRole('list', { name: 'Run results' });
    await results.getByText('/id equals 2').waitFor();
    await results.getByText('got 1').waitFor();
    await shots(page, 'run-folder');
    await run.getByRole('button', { name: 'Done' }).click();

    // Delete asks first; the copy goes, the original stays.
    await page.getByRole('button', { name: 'Actions for Upload photo' }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await c.saved('Upload photo copy').waitFor();
    await page.getByRole('button', { name: 'Actions for Upload photo copy' }).click();
    await page.getByRole('menuitem', { name: 'Delete…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete request?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await c.saved('Upload photo copy').waitFor({ state: 'detached' });
    await c.saved('Upload photo').waitFor();

    // Another host, through the studio (it answers no CORS), shown in Traffic as outgoing.
    await page.keyboard.press('Alt+t');
    await c.url.fill(`${remoteUrl}/remote`);
    await page.getByRole('combobox', { name: 'Auth kind' }).selectOption('bearer');
    await page.getByRole('textbox', { name: 'Token' }).fill('s3cret');
    await c.send.click();
    await expect.poll(() => c.status.innerText()).toMatch(/^200/);
    await c.responseBody.getByText('"Bearer s3cret"').waitFor();
    // Basic: the password hidden until Show is pressed; the toggle keeps its name.
    await page.getByRole('combobox', { name: 'Auth kind' }).selectOption('basic');
    await page.getByRole('textbox', { name: 'Username' }).fill('ada');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('pw');
    expect(await password.getAttribute('type')).toBe('password');
    const show = page.getByRole('button', { name: 'Show password' });
    await show.click();
    expect(await password.getAttribute('type')).toBe('text');
    expect(await show.getAttribute('aria-pressed')).toBe('true');
    await c.send.click();
    await c.responseBody.getByText('"Basic YWRhOnB3"').waitFor();
    await shots(page, 'basic-auth-shown', { wide: true });
    await show.click();
    expect(await password.getAttribute('type')).toBe('password');
    // A host that never answers: Cancel stops it, and the host sees the request go.
    await c.url.fill(`${remoteUrl}/hang`);
    await c.send.click();
    // Cancelled once the host has it (a Cancel before that has nothing there to close).
    await expect.poll(() => hangSeen, { timeout: 60_000 }).toBe(true);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByText('Request cancelled.').waitFor();
    await expect.poll(() => hangClosed, { timeout: 60_000 }).toBe(true);
    // A path with no route: the browser's preflight fails, the studio still gets the real 404.
    await page.getByRole('combobox', { name: 'Auth kind' }).selectOption('none');
    await c.method.selectOption('POST');
    await c.url.fill('/nope');
    await c.setBody('{"a":1}');
    await c.send.click();
    await expect.poll(() => c.status.innerText()).toMatch(/^404/);
    await frame.open('Traffic');
    const traffic = new TrafficPage(page);
    // Two sends to /remote (Bearer, then Basic): both rows are outgoing.
    const outgoing = traffic.row(`${remoteUrl}/remote`);
    await expect.poll(() => outgoing.getByText('outgoing').count()).toBe(2);
    await frame.open('Console');

    const saved = JSON.parse(
      await readFile(join(session.studio.dir, 'requests', 'smoke', 'Upload photo.json'), 'utf8'),
    ) as unknown;
    expect(saved).toMatchObject({
      method: 'POST',
      url: '/attachments',
      body: {
        kind: 'multipart',
        fields: [
          { kind: 'text', name: 'title', value: 'A photo' },
          { kind: 'file', name: 'photo', path: 'files/photo.png' },
        ],
      },
      assertions: [{ kind: 'status', equals: 201 }],
    });

    // The studio closed and opened again (new ports, so a new page origin): the tabs, the
    // saved requests with their body kinds and tests, the file, all where they were.
    expect(session.ui.problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
    // The page keeps the tabs with the studio at most 300 ms after a change; the studio is then
    // stopped at once (a kill, not a quit that the page would see), so wait for the last edit.
    await eventually(async () => {
      const kept = await control<ConsoleSession>(session.studio, '/console-session');
      expect(JSON.stringify(kept.state)).toContain('/nope');
    });
    const again = await session.studio.restart();
    const reopened = await openStudio(session.browser, again);
    try {
      const p2 = reopened.page;
      const c2 = new ConsolePage(p2);
      await new Frame(p2).open('Console');
      await c2.tab('POST Upload photo').waitFor();
      await c2.tab('GET Todo one').click();
      expect(await c2.url.inputValue()).toBe('/todos/1');
      await p2.getByRole('textbox', { name: 'Test 2 expected value' }).waitFor();
      await c2.tab('POST Upload photo').click();
      expect(await p2.getByRole('textbox', { name: 'File path of photo' }).inputValue()).toBe(
        'files/photo.png',
      );
      await c2.send.click();
      await expect.poll(() => c2.status.innerText()).toMatch(/^201/);
      // The history too: the page's own storage is per origin, and the origin changed.
      await p2
        .getByRole('tablist', { name: 'Saved and history' })
        .getByRole('tab', { name: 'History' })
        .click();
      await expect.poll(() => c2.history.getByRole('listitem').count()).toBeGreaterThan(3);
      await c2.savedTab.click();
      await c2.saved('Upload photo').waitFor();
      await shots(p2, 'reopened');
      expect(reopened.problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
    } finally {
      await reopened.context.close();
      await again.stop();
    }
  });
});
