import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { screenshot, useStudioSession } from './fixtures.js';
import { StudioPage as Frame } from './pages/studio.page.js';

const session = useStudioSession();

describe('A broken model file', () => {
  it('shows file, line, column and code frame, keeps the last good API serving, and clears when fixed', async () => {
    const frame = new Frame(session.ui.page);
    const file = join(session.studio.dir, 'todo.ts');
    const good = await readFile(file, 'utf8');
    await writeFile(file, good.replace('completed!: boolean;', 'completed!: boolean = ;'));

    await frame.loadError.waitFor({ timeout: 15_000 });
    const text = await frame.loadError.innerText();
    expect(text).toMatch(/todo\.ts:\d+:\d+/);
    expect(text).toMatch(/>\s*\d+\s*\|.*completed!: boolean = ;/);
    expect(text).toMatch(/last good version of the API keeps serving/);
    expect(await frame.serverBar.getByText('Load error').count()).toBe(1);
    // The last good API still answers.
    expect((await fetch(`${session.studio.apiUrl}/todos`)).status).toBe(200);
    await screenshot(session.ui.page, 'load-error-light-1280x800');

    await writeFile(file, good);
    await frame.loadError.waitFor({ state: 'detached', timeout: 15_000 });
    expect(await frame.serverBar.getByText('Load error').count()).toBe(0);
    expect(session.ui.problems).toEqual([]);
  });
});

describe('The studio going away', () => {
  it('says the page is reconnecting, and that what it shows may be out of date', async () => {
    await session.studio.stop();
    const banner = session.ui.page.getByRole('status', { name: 'Reconnecting' });
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.innerText()).toMatch(/Is decorest studio still running\?/);
    expect(await new Frame(session.ui.page).serverBar.getByText('Reconnecting…').count()).toBe(1);
  });
});
