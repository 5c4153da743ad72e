import type { EventEmitter } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * main.ts's wiring, with Electron and the core replaced by recording fakes (no Electron binary
 * exists here): what is registered before `ready`, what the window and the bridge get, and the
 * quit order. The rules themselves are tested in their own modules.
 */
const fake = vi.hoisted(() => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- vi.hoisted runs before imports
  const { EventEmitter: Emitter } = require('node:events') as typeof import('node:events');
  const events: string[] = [];
  let ready!: () => void;
  const whenReady = new Promise<void>((resolve) => (ready = resolve));
  const paths = { userData: '' };
  const app = Object.assign(new Emitter(), {
    setName: vi.fn(),
    setPath: vi.fn(),
    getPath: (name: string) => (name === 'userData' ? paths.userData : os.tmpdir()),
    commandLine: { hasSwitch: (name: string) => name === 'user-data-dir' },
    requestSingleInstanceLock: vi.fn(() => true),
    whenReady: () => whenReady,
    quit: vi.fn(),
    exit: vi.fn((code: number) => events.push(`exit ${code}`)),
  });
  const windows: { options: Record<string, unknown>; win: FakeWindow }[] = [];
  class FakeContents extends Emitter {
    mainFrame = { url: 'app://studio/', parent: null, processId: 1, routingId: 1 };
    openHandler: ((details: { url: string }) => { action: string }) | undefined;
    setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
      this.openHandler = handler;
    }
    openDevTools = vi.fn();
  }
  class FakeWindow extends Emitter {
    webContents = new FakeContents();
    loadURL = vi.fn(async () => {});
    constructor(options: Record<string, unknown>) {
      super();
      windows.push({ options, win: this });
    }
    isDestroyed = () => false;
    isMinimized = () => false;
    isMaximized = () => false;
    getNormalBounds = () => ({ x: 10, y: 20, width: 1100, height: 700 });
    maximize = vi.fn();
    show = vi.fn();
    focus = vi.fn();
    restore = vi.fn();
    setTitle = vi.fn();
  }
  const ipcHandlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  const protocolHandlers = new Map<string, (request: Request) => Promise<Response>>();
  const electron = {
    app,
    BrowserWindow: FakeWindow,
    ipcMain: {
      handle: (channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) =>
        ipcHandlers.set(channel, handler),
      removeHandler: (channel: string) => ipcHandlers.delete(channel),
    },
    Menu: { setApplicationMenu: vi.fn(), buildFromTemplate: (t: unknown) => t },
    protocol: {
      registerSchemesAsPrivileged: vi.fn(),
      handle: vi.fn((scheme: string, handler: (request: Request) => Promise<Response>) =>
        protocolHandlers.set(scheme, handler),
      ),
    },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
    session: {
      defaultSession: Object.assign(new Emitter(), {
        setPermissionRequestHandler: vi.fn(),
        setPermissionCheckHandler: vi.fn(),
        webRequest: { onHeadersReceived: vi.fn() },
      }),
    },
    shell: {
      openExternal: vi.fn(async () => {}),
      showItemInFolder: vi.fn(),
      openPath: vi.fn(async () => ''),
    },
    dialog: { showOpenDialog: vi.fn(), showMessageBox: vi.fn() },
  };
  const studioOptions: unknown[] = [];
  const startStudio = vi.fn(async (options: { dir: string }) => {
    studioOptions.push(options);
    return {
      token: 'tok',
      controlUrl: 'http://127.0.0.1:4567',
      studioUrl: 'http://127.0.0.1:4567/#token=tok',
      apiUrl: 'http://127.0.0.1:3000',
      project: async () => ({ root: options.dir }),
      close: async () => {
        events.push('close start');
        await new Promise((resolve) => setTimeout(resolve, 10));
        events.push('close end');
      },
    };
  });
  return {
    electron,
    events,
    ready: () => ready(),
    paths,
    windows,
    ipcHandlers,
    protocolHandlers,
    startStudio,
    studioOptions,
  };
});

vi.mock('electron', () => ({ ...fake.electron, default: fake.electron }));
vi.mock('decorest/studio', () => ({ startStudio: fake.startStudio }));

const { electron } = fake;
let work: string;
let project: string;
const savedArgv = process.argv;
const savedListeners = new Map<string, Set<Function>>();
const PROCESS_EVENTS = ['SIGINT', 'SIGTERM', 'uncaughtException', 'unhandledRejection'] as const;
/** main.ts adds process listeners; the test removes them again (EventEmitter's untyped view). */
const emitter = process as unknown as EventEmitter;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'decorest-main-'));
  project = path.join(work, 'project');
  fake.paths.userData = path.join(work, 'user-data');
  for (const name of PROCESS_EVENTS) savedListeners.set(name, new Set(emitter.listeners(name)));
  process.argv = ['/opt/decorest-studio', '--no-sandbox', project, '--port', '0'];
  await import('./main.js');
});

afterAll(async () => {
  process.argv = savedArgv;
  for (const name of PROCESS_EVENTS) {
    for (const listener of emitter.listeners(name)) {
      if (!savedListeners.get(name)?.has(listener)) {
        emitter.removeListener(name, listener as (...args: unknown[]) => void);
      }
    }
  }
  await rm(work, { recursive: true, force: true });
});

describe('main process wiring', () => {
  it('registers app:// as privileged, in one call, before ready', () => {
    expect(electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledExactlyOnceWith([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
    expect(electron.protocol.handle).not.toHaveBeenCalled();
    expect(electron.app.requestSingleInstanceLock).toHaveBeenCalledWith({ projectDir: project });
  });

  it('on ready starts the core for app://studio and opens one locked-down window on it', async () => {
    fake.ready();
    await vi.waitFor(() => expect(fake.windows[0]?.win.loadURL).toHaveBeenCalled());
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
    const handler = fake.protocolHandlers.get('app')!;
    const refused = await handler(new Request('app://studio/assets/..%2f..%2fpackage.json'));
    expect([403, 404]).toContain(refused.status);
    const page = await handler(new Request('app://studio/'));
    const policy = page.headers.get('content-security-policy') ?? '';
    // renderer/dist may or may not be built here: the UI's policy or the error page's.
    expect(policy.startsWith("default-src 'none'")).toBe(true);
    if (page.headers.get('cache-control') === 'no-cache')
      expect(policy).toContain('connect-src http://127.0.0.1:4567 ');
  });

  it('answers the bridge for the main frame only', async () => {
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

  it('blocks navigation and sends only http(s) links to the system browser', () => {
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
    const quit = () => electron.app.emit('before-quit', { preventDefault: vi.fn() });
    quit();
    quit();
    electron.app.emit('window-all-closed');
    await vi.waitFor(() => expect(fake.events).toContain('exit 0'));
    expect(fake.events).toEqual(['close start', 'close end', 'exit 0']);
    const saved = JSON.parse(
      await readFile(path.join(fake.paths.userData, 'window-state.json'), 'utf8'),
    );
    expect(saved).toEqual({ bounds: { x: 10, y: 20, width: 1100, height: 700 }, maximized: false });
  });

  // Last: it loads a second main module, whose quit handlers would join the test above.
  it('shows why in the window when the core cannot start, never a blank page', async () => {
    vi.resetModules();
    fake.startStudio.mockRejectedValueOnce(new Error('the folder /nowhere does not exist'));
    await import('./main.js');
    await vi.waitFor(() => expect(fake.windows[1]?.win.loadURL).toHaveBeenCalled());
    expect(fake.windows[1]!.win.loadURL).toHaveBeenCalledWith('app://studio/');
    const page = await fake.protocolHandlers.get('app')!(new Request('app://studio/'));
    const html = await page.text();
    expect(html).toContain('The studio could not start');
    expect(html).toContain('the folder /nowhere does not exist');
  });
});
