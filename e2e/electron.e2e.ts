/**
 * The desktop app itself, driven by Playwright's `_electron`: it opens on a copy of the
 * example, shows its models, sends a request from the Console and quits cleanly. It needs an
 * Electron binary (`install-electron`) and a display (an X server, or Xvfb which it starts);
 * without them that part is skipped and says why.
 *
 * The second part runs everywhere: the shell's own app:// handler (files, CSP header) served
 * to Debian's Chromium over loopback HTTP, a stand-in `window.studio` bridge, and a real core
 * that accepts the page's origin as the desktop app's. It checks what Electron alone would
 * otherwise leave untested: that the UI works under the shell's CSP, calling the control API
 * cross-origin and the mock API from the Console, with no CSP violation.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { studioCsp } from 'decorest/studio-shell';
import { _electron, type Browser, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadStartStudio, type Studio } from '../electron/src/core-studio.js';
import { findElectronBinary } from '../electron/src/launch-plan.js';
import { createAppHandler } from '../electron/src/protocol.js';
import { launchBrowser, REPO } from './fixtures.js';
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

describe("the shell's app:// page in Chromium (its handler over loopback HTTP)", () => {
  let browser: Browser;
  let studio: Studio;
  let server: Server;
  let page: Page;
  let project: string;
  const problems: string[] = [];

  beforeAll(async () => {
    project = await mkdtemp(join(tmpdir(), 'decorest-shell-e2e-'));
    await cp(join(REPO, 'examples', 'todo'), project, {
      recursive: true,
      filter: (src) => !src.includes(join('todo', 'data')),
    });
    const handler = createAppHandler({
      rendererDir: join(REPO, 'renderer', 'dist'),
      csp: () => studioCsp({ controlOrigin: studio.controlUrl, apiOrigin: studio.apiUrl }),
      failure: () => undefined,
    });
    // Each request goes through the handler exactly as protocol.handle would pass it.
    server = createServer((req, res) => {
      void handler(new Request(`app://studio${req.url ?? '/'}`, { method: req.method })).then(
        async (answer) => {
          res.writeHead(answer.status, Object.fromEntries(answer.headers));
          res.end(Buffer.from(await answer.arrayBuffer()));
        },
      );
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const shellOrigin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const startStudio = await loadStartStudio();
    studio = await startStudio({
      dir: project,
      apiPort: 0,
      controlPort: 0,
      host: '127.0.0.1',
      extraOrigins: [shellOrigin],
      configDir: join(project, '.user-data'),
    });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    // What preload.cts exposes, with the same three methods.
    await page.addInitScript(
      ({ url, token }) => {
        Object.defineProperty(window, 'studio', {
          value: Object.freeze({
            controlEndpoint: async () => ({ url, token }),
            chooseProjectFolder: async () => null,
            revealInFileManager: async () => undefined,
          }),
        });
        document.addEventListener('securitypolicyviolation', (e) =>
          console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
        );
      },
      { url: studio.controlUrl, token: studio.token },
    );
    const answer = await page.goto(`${shellOrigin}/`);
    expect(answer?.headers()['content-security-policy']).toContain(
      `connect-src ${studio.controlUrl}`,
    );
    await page.getByRole('tablist', { name: 'Views' }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await studio?.close();
    await new Promise((done) => server?.close(done));
    await rm(project, { recursive: true, force: true });
  });

  it("shows the example's models through the bridge's control endpoint", async () => {
    await new StudioPage(page).open('Models');
    const models = new ModelsPage(page);
    await expect.poll(() => models.list.innerText()).toMatch(/Todo[\s\S]*User|User[\s\S]*Todo/);
  });

  it('sends a request from the Console to the mock API', async () => {
    await new StudioPage(page).open('Console');
    const console = new ConsolePage(page);
    await console.method.selectOption('GET');
    await console.url.fill('/todos');
    await console.send.click();
    await expect.poll(() => console.status.innerText()).toMatch(/^200/);
  });

  it('ran without a CSP violation or a console error', () => {
    expect(problems).toEqual([]);
  });
});
