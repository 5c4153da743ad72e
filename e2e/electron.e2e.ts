/**
 * The desktop app itself, driven by Playwright's `_electron`: it opens on a copy of the
 * example, shows its models, sends a request from the Console and quits cleanly. It needs an
 * Electron binary (`install-electron`) and a display (an X server, or Xvfb which it starts);
 * without them the test is skipped and says why. The same UI is covered in Chromium by the
 * other e2e files.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { findElectronBinary } from '../electron/src/launch-plan.js';
import { REPO } from './fixtures.js';
import { ConsolePage } from './pages/console.page.js';
import { ModelsPage } from './pages/models.page.js';
import { StudioPage } from './pages/studio.page.js';

const electronDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
const binary = findElectronBinary(electronDir, process.env);
const onPath = (command: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const needsXvfb =
  process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
const skipReason = !binary
  ? 'no Electron binary here (run `npx install-electron` where its download host is reachable)'
  : needsXvfb && !onPath('Xvfb')
    ? 'no display and no Xvfb (apt-get install xvfb, or run under xvfb-run)'
    : undefined;
if (skipReason) console.log(`electron.e2e.ts skipped: ${skipReason}`);

/** Starts Xvfb on a free display number it picks itself (`-displayfd`). */
async function startXvfb(): Promise<{ display: string; stop(): void }> {
  const xvfb: ChildProcess = spawn(
    'Xvfb',
    ['-displayfd', '1', '-screen', '0', '1280x800x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const [chunk] = (await once(xvfb.stdout!, 'data')) as [Buffer];
  return { display: `:${chunk.toString().trim()}`, stop: () => xvfb.kill() };
}

describe.skipIf(skipReason !== undefined)(
  `desktop app${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let app: ElectronApplication;
    let page: Page;
    let project: string;
    let userData: string;
    let xvfb: { display: string; stop(): void } | undefined;

    beforeAll(async () => {
      project = await mkdtemp(join(tmpdir(), 'decorest-electron-e2e-'));
      userData = await mkdtemp(join(tmpdir(), 'decorest-electron-user-'));
      await cp(join(REPO, 'examples', 'todo'), project, {
        recursive: true,
        filter: (src) => !src.includes(join('todo', 'data')),
      });
      if (needsXvfb) xvfb = await startXvfb();
      const asRoot = process.getuid?.() === 0 ? ['--no-sandbox'] : [];
      app = await _electron.launch({
        executablePath: binary!,
        args: [
          join(REPO, 'electron', 'dist', 'main.js'),
          ...asRoot,
          `--user-data-dir=${userData}`,
          project,
          '--port',
          '0',
        ],
        env: { ...process.env, ...(xvfb ? { DISPLAY: xvfb.display } : {}) },
        timeout: 60_000,
      });
      page = await app.firstWindow();
    });

    afterAll(async () => {
      if (app && app.process().exitCode === null) await app.close();
      xvfb?.stop();
      await rm(project, { recursive: true, force: true });
      await rm(userData, { recursive: true, force: true });
    });

    it('opens the project from app://studio with the bridge and without Node', async () => {
      expect(page.url()).toMatch(/^app:\/\/studio\//);
      const exposed = await page.evaluate(() => ({
        bridge: Object.keys((window as { studio?: object }).studio ?? {}).sort(),
        require: typeof (window as { require?: unknown }).require,
        process: typeof (window as { process?: unknown }).process,
      }));
      expect(exposed).toEqual({
        bridge: ['chooseProjectFolder', 'controlEndpoint', 'revealInFileManager'],
        require: 'undefined',
        process: 'undefined',
      });
    });

    it("shows the example's models", async () => {
      await new StudioPage(page).open('Models');
      const models = new ModelsPage(page);
      await expect.poll(() => models.list.innerText()).toMatch(/Todo[\s\S]*User|User[\s\S]*Todo/);
      expect(await (await models.showModel('Todo')).isVisible()).toBe(true);
    });

    it('sends a request from the Console', async () => {
      await new StudioPage(page).open('Console');
      const console = new ConsolePage(page);
      await console.method.selectOption('GET');
      await console.url.fill('/todos');
      await console.send.click();
      await expect.poll(() => console.status.innerText()).toMatch(/^200/);
    });

    it('quits cleanly: servers stopped, exit code 0', async () => {
      const child = app.process();
      const exited = once(child, 'exit') as Promise<[number | null, string | null]>;
      await app.evaluate(({ app: electronApp }) => electronApp.quit());
      const [code, signal] = await exited;
      expect({ code, signal }).toEqual({ code: 0, signal: null });
    });
  },
);
