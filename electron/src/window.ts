import { BrowserWindow, type Rectangle, type Session, shell } from 'electron';

import { externalUrl, permissionAllowed, windowTitle } from './web-policy.js';
import type { Rect, WindowState } from './window-state.js';
import { MIN_SIZE } from './window-state.js';

export interface MainWindowOptions {
  preload: string;
  /** `app://studio` (or Vite's dev server under `--dev`): the only origin the page may have. */
  origin: string;
  bounds: Rect | { width: number; height: number };
  maximized: boolean;
  /** Open devtools at once: development only. The menu can always toggle them. */
  openDevTools: boolean;
  /** Notes appended to the title (a port that moved). */
  notes(): readonly string[];
  /** The page crashed or failed to load: main shows the error page. */
  onPageFailure(reason: string): void;
  /** The window is closing: its state to keep for next time. */
  onClose(state: WindowState): void;
}

/**
 * The one window, locked down as Electron's security checklist and Fiddle's `windows.ts` do:
 * isolated, sandboxed, no Node, web security on; no navigation away, no new windows (http(s)
 * links go to the system browser), no webviews.
 */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    ...options.bounds,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false,
    title: windowTitle('', options.notes()),
    backgroundColor: '#1e1e1e',
    webPreferences: {
      preload: options.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      // Middle-click (auxclick) on a link would otherwise ask for a new window; it is denied
      // below anyway, this closes the path itself (electronegativity AUXCLICK_JS_CHECK).
      disableBlinkFeatures: 'Auxclick',
    },
  });
  if (options.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());

  const contents = win.webContents;
  contents.on('will-navigate', (event, url) => {
    event.preventDefault();
    openOutside(url);
  });
  contents.on('will-redirect', (event, url) => {
    if (!url.startsWith(`${options.origin}/`)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });
  contents.on('page-title-updated', (event, title) => {
    event.preventDefault();
    win.setTitle(windowTitle(title, options.notes()));
  });
  contents.on('render-process-gone', (_event, details) => {
    if (details.reason !== 'clean-exit')
      options.onPageFailure(`The page stopped (${details.reason}).`);
  });
  contents.on('did-fail-load', (_event, code, description, url, isMainFrame) => {
    // -3 is ERR_ABORTED: a load replaced by another, not a failure.
    if (isMainFrame && code !== -3)
      options.onPageFailure(`${url} did not load: ${description} (${code}).`);
  });
  if (options.openDevTools) contents.once('did-finish-load', () => contents.openDevTools());

  win.on('close', () => options.onClose(windowStateOf(win)));
  return win;
}

/** Where the window is now: its un-maximized bounds, and whether it is maximized. */
export function windowStateOf(win: BrowserWindow): WindowState {
  const bounds: Rectangle = win.getNormalBounds();
  return { bounds, maximized: win.isMaximized() };
}

function openOutside(url: string): void {
  const external = externalUrl(url);
  if (external) void shell.openExternal(external);
}

/** Denies permission requests and checks for every origin but the clipboard write of our own. */
export function lockDownSession(session: Session, appOrigin: string): void {
  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    callback(permissionAllowed(permission, originOfUrl(details.requestingUrl), appOrigin));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    permissionAllowed(permission, originOfUrl(requestingOrigin), appOrigin),
  );
  session.on('will-download', (event) => event.preventDefault());
}

function originOfUrl(url: string): string {
  const match = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)/i.exec(url);
  return match?.[1]?.toLowerCase() ?? '';
}
