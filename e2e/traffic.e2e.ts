import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  eventually,
  launchBrowser,
  openStudio,
  startStudio,
  type Studio,
  type StudioPage,
} from './fixtures.js';
import { ConsolePage } from './pages/console.page.js';
import { StudioPage as Frame } from './pages/studio.page.js';
import { TrafficPage } from './pages/traffic.page.js';

let studio: Studio;
let browser: Browser;
let ui: StudioPage;
let traffic: TrafficPage;

beforeAll(async () => {
  [studio, browser] = await Promise.all([startStudio(), launchBrowser()]);
  ui = await openStudio(browser, studio);
  traffic = new TrafficPage(ui.page);
  await new Frame(ui.page).open('Traffic');
});
afterAll(async () => {
  await browser?.close();
  await studio?.stop();
});

/**
 * Up to `rate` requests a second for `seconds` from outside the browser (32 connections); on
 * a busy machine fewer get through, so the rate reached is measured and printed.
 */
async function burst(rate: number, seconds: number): Promise<{ sent: number; ms: number }> {
  const started = Date.now();
  const end = started + seconds * 1000;
  let sent = 0;
  const worker = async () => {
    while (Date.now() < end) {
      const i = sent++;
      const due = started + (i / rate) * 1000;
      if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
      await (await fetch(`${studio.apiUrl}/todos/1?burst=${i}`)).arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  return { sent, ms: Date.now() - started };
}

describe('Traffic view', () => {
  it('shows a request made by an outside client, with its detail, and replays it in the Console', async () => {
    const answer = await fetch(`${studio.apiUrl}/todos`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-From': 'outside' },
      body: JSON.stringify({ content: 'From outside', completed: false }),
    });
    expect(answer.status).toBe(201);
    const row = traffic.row('/todos').filter({ hasText: 'POST' });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/POST[\s\S]*\/todos[\s\S]*201/);
    await row.click();
    const detail = await traffic.detail.innerText();
    expect(detail).toMatch(/x-from\s+outside/i);
    expect(detail).toContain('"content": "From outside"');

    await traffic.detail.getByRole('button', { name: 'Open in Console' }).click();
    const consolePage = new ConsolePage(ui.page);
    expect(await consolePage.method.inputValue()).toBe('POST');
    expect(await consolePage.url.inputValue()).toBe('/todos');
    await expect.poll(() => consolePage.body.innerText()).toContain('From outside');
    await new Frame(ui.page).open('Traffic');
  });

  it('filters by method, status and text; pauses and clears', async () => {
    await fetch(`${studio.apiUrl}/todos/999999`);
    await traffic.row('/todos/999999').waitFor();
    await ui.page.getByLabel('Status filter').selectOption('4xx');
    await eventually(async () => {
      expect((await traffic.rows.allInnerTexts()).filter((t) => !/\b4\d\d\b/.test(t))).toEqual([]);
    });
    await ui.page.getByLabel('Status filter').selectOption('');
    await ui.page.getByLabel('Method filter').selectOption('POST');
    await eventually(async () => {
      expect((await traffic.rows.allInnerTexts()).filter((t) => !t.includes('POST'))).toEqual([]);
    });
    await ui.page.getByLabel('Method filter').selectOption('');
    await traffic.filterText('999999');
    await eventually(async () => expect(await traffic.rows.count()).toBe(1));
    await traffic.filterText('');

    await ui.page.getByRole('button', { name: 'Pause' }).click();
    await fetch(`${studio.apiUrl}/users?while=paused`);
    await ui.page.getByText('1 not shown while paused').waitFor();
    expect(await traffic.row('while=paused').count()).toBe(0);
    await ui.page.getByRole('button', { name: 'Resume' }).click();
    await ui.page.getByRole('button', { name: 'Clear' }).click();
    await ui.page.getByText('No traffic yet').waitFor();
  });

  it('stays interactive under a burst from an outside client and shows the newest exchanges', async () => {
    await ui.page.evaluate(() => {
      const w = window as unknown as { longest: number };
      w.longest = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longest = Math.max(w.longest, e.duration);
      }).observe({ type: 'longtask', buffered: false });
    });
    const { sent, ms } = await burst(2000, 3);
    await fetch(`${studio.apiUrl}/todos/1?burst=last`);
    await traffic.rows.first().filter({ hasText: 'burst=last' }).waitFor({ timeout: 10_000 });
    const longest = await ui.page.evaluate(
      () => (window as unknown as { longest: number }).longest,
    );
    console.log(
      `[speed] traffic burst: ${sent} requests in ${ms} ms (${Math.round(sent / (ms / 1000))}/s, 2000/s asked); longest main-thread task ${Math.round(longest)} ms`,
    );
    // Still interactive: the filter answers at once.
    await traffic.filterText('burst=last');
    await eventually(async () => expect(await traffic.rows.count()).toBe(1));
    expect(ui.problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
  });
});
