/**
 * Electron and the core's studio entry as recording fakes, for main.ts's tests (no Electron
 * binary exists here). One per test file: vitest gives each file its own module registry.
 */
import { EventEmitter as Emitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { vi } from 'vitest';

function makeFake() {
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
  const collectStartGarbageSoon = vi.fn();
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
    collectStartGarbageSoon,
  };
}

export const fake = makeFake();

const PROCESS_EVENTS = ['SIGINT', 'SIGTERM', 'uncaughtException', 'unhandledRejection'] as const;

/**
 * Loads main.ts as the desktop app would start it on a fresh project folder; `leave` puts
 * back the argv and takes away the process listeners main.ts added.
 */
export async function enterMain(
  the: typeof fake,
): Promise<{ project: string; leave: () => Promise<void> }> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'decorest-main-'));
  const project = path.join(work, 'project');
  the.paths.userData = path.join(work, 'user-data');
  // EventEmitter's untyped view of `process`: main.ts adds listeners, `leave` removes them.
  const emitter = process as unknown as Emitter;
  const saved = new Map(PROCESS_EVENTS.map((name) => [name, new Set(emitter.listeners(name))]));
  const argv = process.argv;
  process.argv = ['/opt/decorest-studio', '--no-sandbox', project, '--port', '0'];
  await import('../main.js');
  return {
    project,
    leave: async () => {
      process.argv = argv;
      for (const name of PROCESS_EVENTS)
        for (const listener of emitter.listeners(name))
          if (!saved.get(name)?.has(listener))
            emitter.removeListener(name, listener as (...args: unknown[]) => void);
      await rm(work, { recursive: true, force: true });
    },
  };
}
