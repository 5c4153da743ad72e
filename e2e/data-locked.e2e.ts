/**
 * Issue 48: the studio started on a folder `decorest serve` holds showed a green "Running" and
 * "fix the file and save", where saving did nothing. It names the process holding the data
 * folder, says nothing is served, and Reload takes the folder once that process has stopped.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { REPO, themedShots, useStudioSession } from './fixtures.js';
import { StudioPage as Frame } from './pages/studio.page.js';

let holder: ChildProcess | undefined;

/** `decorest serve` on the folder, listening (so holding the data lock) before the studio starts. */
async function serveFirst(dir: string): Promise<void> {
  const child = spawn(
    process.execPath,
    [join(REPO, 'core', 'bin', 'decorest.js'), 'serve', dir, '--port', '0', '--quiet'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  holder = child;
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (/http:\/\/127\.0\.0\.1:\d+/.test(out)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`decorest serve exited with ${code}: ${out}`)));
  });
}

const session = useStudioSession(serveFirst);
afterAll(() => {
  if (holder?.exitCode === null) holder.kill('SIGKILL');
});

describe('A data folder another process serves', () => {
  it('names the process, shows that nothing is served, and Reload takes it once it stops', async () => {
    const frame = new Frame(session.ui.page);
    await frame.loadError.waitFor({ timeout: 15_000 });
    const text = await frame.loadError.innerText();
    expect(text).toContain('The data folder is in use');
    expect(text).toContain(`pid ${holder!.pid}`);
    expect(text).toMatch(/saving a file does not retry/);
    expect(await frame.serverState.getAttribute('aria-label')).toBe(
      'Mock API running, serving nothing: the project does not load',
    );
    // Not the empty project's start screen: the models are there, the project does not load.
    expect(
      await session.ui.page.getByText('The project does not load', { exact: true }).count(),
    ).toBe(1);
    expect(await session.ui.page.getByRole('button', { name: 'New model' }).count()).toBe(0);
    // The mock API says why it serves nothing, with the holder's pid, rather than a 404.
    const locked = await fetch(`${session.studio.apiUrl}/todos`);
    expect(locked.status).toBe(503);
    expect(((await locked.json()) as { detail: string }).detail).toContain(`pid ${holder!.pid}`);
    await themedShots(session.ui.page, 'data-locked');

    const exited = new Promise((resolve) => holder!.once('exit', resolve));
    holder!.kill('SIGTERM');
    await exited;
    await frame.loadError.getByRole('button', { name: 'Reload project' }).click();
    await frame.loadError.waitFor({ state: 'detached', timeout: 15_000 });
    expect(await frame.serverState.getAttribute('aria-label')).toBe('Mock API running');
    expect((await fetch(`${session.studio.apiUrl}/todos`)).status).toBe(200);
    expect(session.ui.problems).toEqual([]);
  });
});
