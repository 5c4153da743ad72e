/**
 * The desktop app's main process: composition only. Every decision lives in a tested module
 * beside this one (args, ports, protocol, csp, ipc, shutdown, window-state, menu), or in the
 * core where the browser studio makes it too (`decorest/studio-shell`: the pages' policy, the
 * UI's files, the recent list); this file wires them to Electron.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { RecentProjects, studioCsp } from 'decorest/studio-shell';
import { app, BrowserWindow, ipcMain, Menu, protocol, screen, session, shell } from 'electron';

import {
  databaseOf,
  type LaunchArgs,
  parseLaunchArgs,
  secondInstanceProject,
  userArgs,
} from './args.js';
import { loadStartStudio, type Studio } from './core-studio.js';
import { buildDevCsp } from './csp.js';
import { chooseProjectFolder, showOpenFailed } from './dialogs.js';
import type { PageFailure } from './error-page.js';
import { isInsideAny, isTrustedSender, registerBridge } from './ipc.js';
import { buildMenuTemplate } from './menu.js';
import { cancelOutgoingFor, sendOutgoingFor } from './outgoing.js';
import { isPortFree, planPorts, portNotes } from './ports.js';
import { APP_ORIGIN, APP_PRIVILEGES, APP_SCHEME, createAppHandler } from './protocol.js';
import { createShutdown } from './shutdown.js';
import { StudioControl } from './studio-control.js';
import { createMainWindow, lockDownSession, windowStateOf } from './window.js';
import { loadWindowState, placeWindow, saveWindowState, type WindowState } from './window-state.js';

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const RENDERER_DIR = here('../../renderer/dist/');
const PRELOAD = here('./preload.cjs');

// Before `ready`, in one call (DESIGN "The desktop shell").
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_PRIVILEGES }]);
app.setName('Decorest Studio');
// Chromium's own --user-data-dir wins (the e2e test gives each run a fresh folder).
if (!app.commandLine.hasSwitch('user-data-dir')) {
  app.setPath('userData', path.join(app.getPath('appData'), 'Decorest Studio'));
}

let args: LaunchArgs;
try {
  args = parseLaunchArgs(userArgs(process.argv, process.defaultApp === true), process.cwd());
} catch (error) {
  console.error(`decorest studio: ${(error as Error).message}`);
  process.exit(2);
}

const origin = args.devServerUrl ?? APP_ORIGIN;
const userData = app.getPath('userData');
// The core keeps its recent list in the same folder: one list for the menu and the UI.
const recent = new RecentProjects(userData);
const windowStateFile = path.join(userData, 'window-state.json');

let win: BrowserWindow | undefined;
let studio: Studio | undefined;
let control: StudioControl | undefined;
let failure: PageFailure | undefined;
let notes: string[] = [];
let lastWindowState: WindowState | undefined;

const shutdown = createShutdown({
  steps: [
    {
      name: 'window state',
      run: async () => {
        // Quit from the menu runs before the window's own close event: read it here.
        const state = win && !win.isDestroyed() ? windowStateOf(win) : lastWindowState;
        if (state) await saveWindowState(windowStateFile, state);
      },
    },
    // close() stops both servers, then waits for the datafiles' pending writes.
    { name: 'studio', run: async () => studio?.close() },
  ],
  exit: (code) => app.exit(code),
  log: (message) => console.error(message),
});

if (!app.requestSingleInstanceLock({ projectDir: args.projectDir })) {
  app.quit();
} else {
  app.on('second-instance', (_event, argv, workingDirectory, additionalData) => {
    if (win) {
      if (win.isMinimized()) win.restore();
      win.focus();
    }
    const dir = secondInstanceProject(
      argv,
      workingDirectory,
      additionalData,
      process.defaultApp === true,
    );
    if (dir) void openProject(dir);
  });
  app.on('before-quit', (event) => {
    event.preventDefault();
    void shutdown();
  });
  app.on('window-all-closed', () => void shutdown());
  // The UI opens projects too (through the core, which writes the same recent list).
  app.on('browser-window-focus', () => void recent.load().then(refreshMenu));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown());
  process.on('uncaughtException', (error) => showFailure('The studio stopped', error));
  process.on('unhandledRejection', (error) => showFailure('The studio stopped', error));
  app.whenReady().then(start, (error: unknown) => showFailure('The app could not start', error));
}

async function start(): Promise<void> {
  lockDownSession(session.defaultSession, origin);
  protocol.handle(
    APP_SCHEME,
    createAppHandler({ rendererDir: RENDERER_DIR, csp: pagePolicy, failure: () => failure }),
  );
  if (args.devServerUrl) applyDevPolicy(args.devServerUrl);
  registerBridge(
    ipcMain,
    {
      controlEndpoint: async () => {
        if (!studio) throw new Error('the studio is not running');
        return { url: studio.controlUrl, token: studio.token };
      },
      chooseProjectFolder: () => chooseProjectFolder(win),
      revealInFileManager: async (target) => {
        const root = (await studio?.project())?.root;
        if (!root || !isInsideAny(target, [root]))
          throw new Error('only files of the open project can be shown');
        shell.showItemInFolder(target);
      },
      sendOutgoing: (request, id) => sendOutgoingFor(studio, request, id),
      cancelOutgoing: (id) => cancelOutgoingFor(id),
    },
    (event) => isTrustedSender(event.senderFrame, win?.webContents.mainFrame, origin),
  );
  await recent.load();
  refreshMenu();
  const dir = args.projectDir ?? recent.list[0] ?? (await chooseProjectFolder(undefined));
  if (!dir) return void shutdown();
  await startCore(dir);
  await openWindow();
}

async function startCore(dir: string): Promise<void> {
  try {
    // The core swaps a busy mock-API port for a free one itself and says so in the server bar;
    // the control port is planned here.
    const plan = await planPorts({ ...args, apiPort: 0 }, isPortFree);
    const startStudio = await loadStartStudio();
    // Issue 26: `--database` or DECOREST_DATABASE_URL, as `decorest studio` takes them.
    const database = databaseOf(args, process.env);
    studio = await startStudio({
      dir,
      apiPort: args.apiPort,
      controlPort: plan.controlPort,
      host: args.host,
      staticDir: RENDERER_DIR,
      extraOrigins: [origin],
      // The core keeps its recent list in the same file: one list for the menu and the UI.
      configDir: userData,
      ...(database === undefined ? {} : { database }),
    });
    control = new StudioControl(studio.controlUrl, studio.token);
    notes = portNotes(plan, studio);
    await recent.add(dir);
    refreshMenu();
  } catch (error) {
    failure = describe('The studio could not start', error, `Project folder: ${dir}`);
  }
}

async function openWindow(): Promise<void> {
  const state = await loadWindowState(windowStateFile);
  win = createMainWindow({
    preload: PRELOAD,
    origin,
    bounds: placeWindow(
      state,
      screen.getAllDisplays().map((d) => d.workArea),
    ),
    maximized: state.maximized,
    openDevTools: args.devServerUrl !== undefined,
    notes: () => notes,
    onPageFailure: (reason) =>
      showFailure('The window could not show the studio', new Error(reason)),
    onClose: (closing) => {
      lastWindowState = closing;
    },
  });
  win.on('closed', () => {
    win = undefined;
  });
  await win.loadURL(failure || !args.devServerUrl ? `${APP_ORIGIN}/` : args.devServerUrl);
}

async function openProject(dir: string): Promise<void> {
  if (!control) return;
  try {
    await control.open(dir);
    await recent.add(dir);
  } catch (error) {
    await showOpenFailed(win, dir, (error as Error).message);
  }
  refreshMenu();
}

function refreshMenu(): void {
  const template = buildMenuTemplate(
    {
      openProject: () =>
        void chooseProjectFolder(win).then((dir) => (dir ? openProject(dir) : undefined)),
      openRecent: (dir) => void openProject(dir),
      reloadProject: () => void control?.reload().catch((error: unknown) => console.error(error)),
      revealDataFolder: () =>
        void studio?.project().then(async ({ root }) => {
          // The data folder appears on the first write; until then show the project itself.
          if ((await shell.openPath(path.join(root, 'data'))) !== '') await shell.openPath(root);
        }),
    },
    recent.list,
    process.platform,
  );
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

function pagePolicy(): string {
  // Before the core runs (or when it failed) no control origin exists yet: a placeholder.
  return studioCsp({
    controlOrigin: studio?.controlUrl ?? 'http://127.0.0.1:0',
    apiOrigin: studio?.apiUrl,
  });
}

/** `--dev`: Vite's dev server sends no CSP of its own; add the development one to its pages. */
function applyDevPolicy(devServerUrl: string): void {
  session.defaultSession.webRequest.onHeadersReceived(
    { urls: [`${devServerUrl}/*`] },
    (details, callback) => {
      const policy = buildDevCsp({
        connectOrigin: studio?.controlUrl ?? devServerUrl,
        devServerOrigin: devServerUrl,
      });
      callback({
        responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] },
      });
    },
  );
}

/** Shows a failure in the window (the built-in error page), never a blank one. */
function showFailure(title: string, error: unknown): void {
  console.error(error);
  // The first failure is the cause; later ones (the error page itself failing) only repeat it.
  if (failure) return;
  failure = describe(title, error);
  if (win && !win.isDestroyed()) void win.loadURL(`${APP_ORIGIN}/`).catch(() => undefined);
}

function describe(title: string, error: unknown, context?: string): PageFailure {
  const message = error instanceof Error ? error.message : String(error);
  return {
    title,
    detail: context ? `${message}\n\n${context}` : message,
    hint: 'Fix the cause and start the app again; your data files are untouched.',
  };
}
