import autocannon from 'autocannon';
import { beforeAll, describe, expect, it } from 'vitest';

import { eventually, screenshot, useStudioSession } from './fixtures.js';
import { ConsolePage } from './pages/console.page.js';
import { StudioPage as Frame } from './pages/studio.page.js';
import { TrafficPage } from './pages/traffic.page.js';

let traffic: TrafficPage;

const session = useStudioSession();
beforeAll(async () => {
  traffic = new TrafficPage(session.ui.page);
  await new Frame(session.ui.page).open('Traffic');
});

/** `rate` requests a second for `seconds` from outside the browser (autocannon, 32 connections). */
async function burst(rate: number, seconds: number): Promise<{ sent: number; ms: number }> {
  const started = Date.now();
  const result = await autocannon({
    url: `${session.studio.apiUrl}/todos/1?burst=1`,
    connections: 32,
    duration: seconds,
    overallRate: rate,
  });
  return { sent: result.requests.total, ms: Date.now() - started };
}

describe('Traffic view', () => {
  it('shows a request made by an outside client, with its detail, and replays it in the Console', async () => {
    const answer = await fetch(`${session.studio.apiUrl}/todos`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-From': 'outside' },
      body: JSON.stringify({ content: 'From outside', completed: false }),
    });
    expect(answer.status).toBe(201);
    const row = traffic.row('/todos').filter({ hasText: 'POST' });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/POST[\s\S]*\/todos[\s\S]*201/);
    await row.click();
    expect(await traffic.detail.innerText()).toMatch(
      /Response body[\s\S]*"content": "From outside"/i,
    );
    // The body is the Console's collapsible JSON view.
    const tree = traffic.detail.getByRole('list', { name: 'Response body' });
    await tree.getByRole('button', { name: 'Collapse root' }).click();
    expect(await tree.innerText()).toMatch(/\{\s*\d+ keys \}/);
    await tree.getByRole('button', { name: 'Expand root' }).click();
    await traffic.detail.getByRole('tab', { name: 'Request' }).click();
    const request = await traffic.detail.getByRole('tabpanel', { name: 'Request' }).innerText();
    expect(request).toMatch(/x-from\s+outside/i);
    expect(request).toContain('"content": "From outside"');

    await traffic.detail.getByRole('button', { name: 'Open in Console' }).click();
    const consolePage = new ConsolePage(session.ui.page);
    expect(await consolePage.method.inputValue()).toBe('POST');
    expect(await consolePage.url.inputValue()).toBe('/todos');
    await expect.poll(() => consolePage.body.innerText()).toContain('From outside');
    await new Frame(session.ui.page).open('Traffic');
  });

  it("gives a long URL the detail pane's whole width, and ends it with an ellipsis in the list", async () => {
    const path = `/todos?content_like=model&completed=false&_sort=content&_order=desc&_page=1&_per_page=5&cache=${'0123456789'.repeat(3)}`;
    await fetch(`${session.studio.apiUrl}${path}`);
    const row = traffic.row('cache=0123');
    await row.click();
    const url = traffic.detail.getByText(path, { exact: true });
    const pane = (await traffic.detail.boundingBox())!;
    const box = (await url.boundingBox())!;
    // Beside the status and the buttons it was squeezed into a column a few characters wide.
    expect(box.width).toBeGreaterThan(pane.width * 0.75);
    const cell = row.locator('.path-text');
    expect(
      await cell.evaluate((e) => e.scrollWidth > e.clientWidth && getComputedStyle(e).textOverflow),
    ).toBe('ellipsis');
  });

  it('saves a logged answer as a new record of the model its path names', async () => {
    const before = (await (await fetch(`${session.studio.apiUrl}/todos`)).json()) as unknown[];
    await fetch(`${session.studio.apiUrl}/todos/2?from=save-test`);
    const row = traffic.row('/todos/2?from=save-test');
    await row.waitFor();
    await row.click();
    await traffic.detail.getByRole('button', { name: 'Save as record…' }).click();
    const dialog = session.ui.page.getByRole('dialog', { name: 'Save as record' });
    expect(await dialog.getByLabel('Model').inputValue()).toBe('Todo');
    expect(await dialog.getByLabel('Record JSON').inputValue()).not.toMatch(/"id"/);
    await screenshot(session.ui.page, 'traffic-save-record-light-1280x800');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(/Saved as Todo \d+\./).waitFor();
    const after = (await (await fetch(`${session.studio.apiUrl}/todos`)).json()) as {
      id: number;
      content: string;
    }[];
    expect(after).toHaveLength(before.length + 1);
    const original = after.find((t) => t.id === 2)!;
    expect(after.at(-1)!.content).toBe(original.content);
    await session.ui.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('filters by method, status and text; pauses and clears', async () => {
    await fetch(`${session.studio.apiUrl}/todos/999999`);
    await traffic.row('/todos/999999').waitFor();
    await session.ui.page.getByLabel('Status filter').selectOption('4xx');
    await eventually(async () => {
      expect((await traffic.rows.allInnerTexts()).filter((t) => !/\b4\d\d\b/.test(t))).toEqual([]);
    });
    await session.ui.page.getByLabel('Status filter').selectOption('');
    await session.ui.page.getByLabel('Method filter').selectOption('POST');
    await eventually(async () => {
      expect((await traffic.rows.allInnerTexts()).filter((t) => !t.includes('POST'))).toEqual([]);
    });
    await session.ui.page.getByLabel('Method filter').selectOption('');
    await traffic.filterText('999999');
    await eventually(async () => expect(await traffic.rows.count()).toBe(1));
    await traffic.filterText('');

    await session.ui.page.getByRole('button', { name: 'Pause' }).click();
    for (const n of [1, 2, 3]) await fetch(`${session.studio.apiUrl}/users?while=paused-${n}`);
    await session.ui.page.getByText('3 held until Resume').waitFor();
    expect(await traffic.row('while=paused').count()).toBe(0);
    await screenshot(session.ui.page, 'traffic-paused-light-1280x800');
    await session.ui.page.getByRole('button', { name: 'Resume' }).click();
    // Issue 23: what arrived during the pause appears on Resume, newest first, as it came.
    await eventually(async () =>
      expect(
        (await traffic.row('while=paused').allInnerTexts()).map((t) => /paused-\d/.exec(t)?.[0]),
      ).toEqual(['paused-3', 'paused-2', 'paused-1']),
    );
    await session.ui.page.getByRole('button', { name: 'Clear' }).click();
    await session.ui.page.getByText('No traffic yet').waitFor();
    await screenshot(session.ui.page, 'traffic-empty-light-1280x800');
  });

  it('stays interactive under a burst from an outside client and shows the newest exchanges', async () => {
    await session.ui.page.evaluate(() => {
      const w = window as unknown as { longest: number; gap: number; stop: boolean };
      w.longest = 0;
      w.gap = 0;
      w.stop = false;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longest = Math.max(w.longest, e.duration);
      }).observe({ type: 'longtask' });
      // A second witness: the longest wait between two frames.
      let last = performance.now();
      const frame = (now: number) => {
        w.gap = Math.max(w.gap, now - last);
        last = now;
        if (!w.stop) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    const { sent, ms } = await burst(2000, 3);
    await fetch(`${session.studio.apiUrl}/todos/1?burst=last`);
    await traffic.rows.first().filter({ hasText: 'burst=last' }).waitFor({ timeout: 10_000 });
    const { longest, gap } = await session.ui.page.evaluate(() => {
      const w = window as unknown as { longest: number; gap: number; stop: boolean };
      w.stop = true;
      return { longest: w.longest, gap: w.gap };
    });
    console.log(
      `[speed] traffic burst: ${sent} requests in ${ms} ms (${Math.round(sent / (ms / 1000))}/s, 2000/s asked); longest main-thread task ${Math.round(longest)} ms (none over 50 ms reads 0), longest gap between frames ${Math.round(gap)} ms`,
    );
    // Still interactive: the filter answers at once.
    await traffic.filterText('burst=last');
    await eventually(async () => expect(await traffic.rows.count()).toBe(1));
    expect(session.ui.problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
  });

  it('keeps the log across a reload of the page: the studio replays what it still holds', async () => {
    await traffic.filterText('');
    await fetch(`${session.studio.apiUrl}/todos/3?before=reload`);
    await traffic.row('/todos/3?before=reload').waitFor();
    await session.ui.page.reload();
    await new Frame(session.ui.page).open('Traffic');
    await traffic.row('/todos/3?before=reload').waitFor();
  });
});
