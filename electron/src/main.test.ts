import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { enterMain, fake } from './test-support/fake-electron.js';

/**
 * main.ts's wiring, with Electron and the core replaced by recording fakes (no Electron binary
 * exists here): what is registered before `ready`, what the window and the bridge get, and the
 * quit order. The rules themselves are tested in their own modules.
 */
vi.mock('electron', async () => {
  const { fake } = await import('./test-support/fake-electron.js');
  return { ...fake.electron, default: fake.electron };
});
vi.mock('decorest/studio', async () => {
  const { fake } = await import('./test-support/fake-electron.js');
  return {
    startStudio: fake.startStudio,
    collectStartGarbageSoon: fake.collectStartGarbageSoon,
  };
});

const { electron } = fake;
let project: string;
let leave: () => Promise<void>;

beforeAll(async () => {
  ({ project, leave } = await enterMain(fake));
  // What the module did on import, before any test makes the app ready.
  handledBeforeReady = electron.protocol.handle.mock.calls.length;
});

let handledBeforeReady = -1;
let ready: Promise<void> | undefined;
/** The app made ready once, its window loaded: each case that needs it asks, in any order. */
function started(): Promise<void> {
  return (ready ??= (async () => {
    fake.ready();
    await vi.waitFor(() => expect(fake.windows[0]?.win.loadURL).toHaveBeenCalled());
  })());
}

let quitting: Promise<void> | undefined;
/** Quit twice (the second is ignored) once the app is up; resolves after the exit. */
function quit(): Promise<void> {
  return (quitting ??= (async () => {
    await started();
    const once = () => electron.app.emit('before-quit', { preventDefault: vi.fn() });
    once();
    once();
    electron.app.emit('window-all-closed');
    await vi.waitFor(() => expect(fake.events).toContain('exit 0'));
  })());
}

afterAll(() => leave());

describe('main process wiring', () => {
  it('registers app:// as privileged, in one call, before ready', () => {
    expect(electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledExactlyOnceWith([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
    expect(handledBeforeReady).toBe(0);
    expect(electron.app.requestSingleInstanceLock).toHaveBeenCalledWith({ projectDir: project });
  });

  it('on ready starts the core for app://studio and opens one locked-down window on it', async () => {
    await started();
    expect(fake.studioOptions).toEqual([
      {
        dir: project,
        apiPort: 0,
        controlPort: 0,
        host: '127.0.0.1',
        staticDir: expect.stringMatching(/renderer[\\/]dist/),
        extraOrigins: ['app://studio'],
        configDir: fake.paths.userData,
      },
    ]);
    // As `decorest studio` (issue 27): the start's garbage collected once it is up.
    expect(fake.collectStartGarbageSoon).toHaveBeenCalledOnce();
    expect(fake.windows).toHaveLength(1);
    const { options, win } = fake.windows[0]!;
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      preload: expect.stringMatching(/preload\.cjs$/),
    });
    expect(win.loadURL).toHaveBeenCalledExactlyOnceWith('app://studio/');
    expect(win.webContents.openDevTools).not.toHaveBeenCalled();
    expect(electron.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
    expect(electron.session.defaultSession.setPermissionRequestHandler).toHaveBeenCalled();
  });

  it('sends the CSP naming the running control API from the app:// handler', async () => {
    await started();
    const handler = fake.protocolHandlers.get('app')!;
    const refused = await handler(new Request('app://studio/assets/..%2f..%2fpackage.json'));
    expect([403, 404]).toContain(refused.status);
    const page = await handler(new Request('app://studio/'));
    const policy = page.headers.get('content-security-policy') ?? '';
    // `npm ci` builds renderer/dist (the prepare script): the UI's own page and policy.
    expect(page.headers.get('cache-control'), 'renderer/dist is built (npm run build)').toBe(
      'no-cache',
    );
    expect(policy.startsWith("default-src 'none'")).toBe(true);
    expect(policy).toContain('connect-src http://127.0.0.1:4567 ');
  });

  it('answers the bridge for the main frame only', async () => {
    await started();
    const win = fake.windows[0]!.win;
    const endpoint = fake.ipcHandlers.get('studio:control-endpoint')!;
    await expect(endpoint({ senderFrame: win.webContents.mainFrame })).resolves.toEqual({
      url: 'http://127.0.0.1:4567',
      token: 'tok',
    });
    const iframe = {
      url: 'app://studio/',
      parent: win.webContents.mainFrame,
      processId: 1,
      routingId: 2,
    };
    expect(() => endpoint({ senderFrame: iframe })).toThrow(/sender refused/);
    const reveal = fake.ipcHandlers.get('studio:reveal-in-file-manager')!;
    await reveal(
      { senderFrame: win.webContents.mainFrame },
      path.join(project, 'data', 'todos.db'),
    );
    expect(electron.shell.showItemInFolder).toHaveBeenCalledWith(
      path.join(project, 'data', 'todos.db'),
    );
    await expect(reveal({ senderFrame: win.webContents.mainFrame }, '/etc/passwd')).rejects.toThrow(
      /only files of the open project/,
    );
  });

  it('blocks navigation and sends only http(s) links to the system browser', async () => {
    await started();
    const contents = fake.windows[0]!.win.webContents;
    for (const url of ['https://example.com/docs', 'file:///etc/passwd']) {
      const preventDefault = vi.fn();
      contents.emit('will-navigate', { preventDefault }, url);
      expect(preventDefault, url).toHaveBeenCalled();
    }
    expect(contents.openHandler?.({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(electron.shell.openExternal.mock.calls).toEqual([['https://example.com/docs']]);
  });

  it('on quit saves the window, stops the core, then exits once', async () => {
    await quit();
    expect(fake.events.slice(0, 3)).toEqual(['close start', 'close end', 'exit 0']);
    const saved = JSON.parse(
      await readFile(path.join(fake.paths.userData, 'window-state.json'), 'utf8'),
    );
    expect(saved).toEqual({ bounds: { x: 10, y: 20, width: 1100, height: 700 }, maximized: false });
  });
});
