/**
 * The frame as a new user meets it (issue 23): a refused port says so in full and the port
 * box goes back to the port that serves; Ctrl/Cmd+1…5 switch views and `?` lists the keys;
 * when the studio process is gone the bar stops claiming the mock API runs. The last test
 * stops the studio, so it stays last.
 */
import { createServer, type Server } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { axeViolations, eventually, screenshot, useStudioSession } from './fixtures.js';
import { StudioPage as Frame } from './pages/studio.page.js';

const session = useStudioSession();
let frame: Frame;
let blocker: Server;
let busyPort: number;

beforeAll(async () => {
  frame = new Frame(session.ui.page);
  // A port some other program holds, as 3000 often is on a developer's machine.
  blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  busyPort = (blocker.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => blocker?.close(() => resolve())));

const servingPort = () => Number(new URL(session.studio.apiUrl).port);

describe('Server bar', () => {
  it.each([
    [1280, 800],
    [1024, 700],
  ])(
    'says in full that a port is busy at %ix%i, and the port box shows the port that serves',
    async (width, height) => {
      const page = session.ui.page;
      await page.setViewportSize({ width, height });
      const port = frame.portField;
      await port.fill(String(busyPort));
      await port.press('Enter');
      const message = frame.serverError;
      await message.waitFor();
      expect(await message.innerText()).toContain(
        `port ${busyPort} is already in use on 127.0.0.1; pick another port`,
      );
      // Nothing of it is cut off, and its close button is on screen.
      expect(
        await message.evaluate(
          (e) => e.scrollWidth <= e.clientWidth + 1 && e.scrollHeight <= e.clientHeight + 1,
        ),
      ).toBe(true);
      const close = message.getByRole('button', { name: 'Dismiss' });
      const box = (await close.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.y + box.height).toBeLessThanOrEqual(height);
      expect(await close.isVisible()).toBe(true);
      // The refused port is not shown as if it were the server's.
      await eventually(async () => expect(await port.inputValue()).toBe(String(servingPort())));
      expect(await frame.serverState.getAttribute('aria-label')).toBe('Mock API running');
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await screenshot(page, `server-bar-busy-port-${scheme}-${width}x${height}`);
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await close.click();
      await message.waitFor({ state: 'detached' });
      await page.setViewportSize({ width: 1280, height: 800 });
    },
  );

  it('names where the records live, and the bar stays one line at 1024 px', async () => {
    const page = session.ui.page;
    await page.setViewportSize({ width: 1024, height: 700 });
    expect(await frame.storage.getAttribute('aria-label')).toBe('Records in files: data/');
    expect(await frame.storage.innerText()).toBe('Files · data/');
    // A long database name is cut beside the project's name, not given room of its own.
    await frame.storage.evaluate((e) => {
      e.textContent = 'PostgreSQL · decorest_team@db.internal.example.com:5432/decorest_mock_api';
    });
    const live = frame.serverBar.getByRole('status').filter({ hasText: 'Live' });
    const top = async (l: typeof live) => (await l.boundingBox())!.y;
    expect(Math.abs((await top(live)) - (await top(frame.serverState)))).toBeLessThan(8);
    await screenshot(page, 'server-bar-storage-1024x700');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'server-bar-storage-1280x800');
    // The next project status puts the real text back.
    await frame.storage.evaluate((e) => {
      e.textContent = 'Files · data/';
    });
  });

  it('switches views with Ctrl+1…5 and lists the shortcuts on ? or its button', async () => {
    const page = session.ui.page;
    const views = ['Models', 'Endpoints', 'Data', 'Console', 'Traffic'];
    await frame.tab('Models').click();
    for (const [i, view] of [...views.entries()].reverse()) {
      await page.keyboard.press(`Control+${i + 1}`);
      await eventually(async () => expect(await frame.selectedView()).toBe(view));
      await page.locator(`#panel-${view}[role="tabpanel"]`).waitFor();
    }
    // From a text field too: the Console's URL.
    await page.keyboard.press('Control+4');
    await page.getByLabel('URL', { exact: true }).focus();
    await page.keyboard.press('Control+3');
    await eventually(async () => expect(await frame.selectedView()).toBe('Data'));

    await frame.tab('Data').focus();
    await page.keyboard.press('?');
    await frame.shortcuts.waitFor();
    expect(await frame.shortcuts.getByRole('row', { name: /Show Console/ }).innerText()).toMatch(
      /Ctrl\s*\+\s*4/,
    );
    expect(await frame.shortcuts.getByRole('row', { name: /Leave the grid/ }).count()).toBe(1);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await screenshot(page, `shortcuts-${scheme}-1280x800`);
      expect(await axeViolations(page)).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.keyboard.press('Escape');
    await frame.shortcuts.waitFor({ state: 'detached' });
    // No view switch under a dialog: had Ctrl+1 switched, the render that closes the dialog
    // would show it.
    await frame.shortcutsButton.click();
    await frame.shortcuts.waitFor();
    await page.keyboard.press('Control+1');
    await frame.shortcuts.getByRole('button', { name: 'Close' }).click();
    await frame.shortcuts.waitFor({ state: 'detached' });
    expect(await frame.selectedView()).toBe('Data');
    // `?` typed into a field is text.
    await page.keyboard.press('Control+4');
    await page.getByLabel('URL', { exact: true }).fill('');
    await page.getByLabel('URL', { exact: true }).press('?');
    expect(await page.getByLabel('URL', { exact: true }).inputValue()).toBe('?');
    expect(await frame.shortcuts.count()).toBe(0);
    // The refused port of the tests above is logged by the browser as a failed load.
    expect(session.ui.problems.filter((p) => !/status of 409/.test(p))).toEqual([]);
  });

  it('says the mock API state is unknown once the studio process is gone', async () => {
    const page = session.ui.page;
    await eventually(async () =>
      expect(await frame.serverState.getAttribute('aria-label')).toBe('Mock API running'),
    );
    await session.studio.stop();
    await eventually(async () =>
      expect(await frame.serverState.getAttribute('aria-label')).toMatch(/^Mock API state unknown/),
    );
    expect(await frame.serverState.innerText()).not.toMatch(/Running/);
    // Nothing offers to stop or start a server the page cannot reach.
    expect(await frame.serverBar.getByRole('button', { name: 'Stop' }).isDisabled()).toBe(true);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await screenshot(page, `server-bar-disconnected-${scheme}-1280x800`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });
});
