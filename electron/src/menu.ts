import path from 'node:path';

import type { MenuItemConstructorOptions } from 'electron';

/** What the menu's items do; main.ts wires them to the studio and the window. */
export interface MenuActions {
  openProject(): void;
  openRecent(dir: string): void;
  reloadProject(): void;
  revealDataFolder(): void;
}

/**
 * The application menu as a template (Menu.buildFromTemplate in main.ts). A plain function of
 * the recent list and the platform, so it is rebuilt whenever the list changes and tested
 * without Electron. Page reload has no item or shortcut: Reload Project reloads the API, and a
 * stray Ctrl+R must not wipe the console's unsent request.
 */
export function buildMenuTemplate(
  actions: MenuActions,
  recent: readonly string[],
  platform: NodeJS.Platform,
): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const recentItems: MenuItemConstructorOptions[] =
    recent.length === 0
      ? [{ label: 'No Recent Projects', enabled: false }]
      : recent.map((dir) => ({
          // `&` is a mnemonic marker on Windows and Linux: double it to show it.
          label: `${path.basename(dir)}  (${path.dirname(dir)})`.replaceAll('&', '&&'),
          click: () => actions.openRecent(dir),
        }));
  const file: MenuItemConstructorOptions = {
    label: '&File',
    submenu: [
      { label: 'Open Project…', accelerator: 'CmdOrCtrl+O', click: () => actions.openProject() },
      { label: 'Open Recent', submenu: recentItems },
      { type: 'separator' },
      { label: 'Reload Project', accelerator: 'CmdOrCtrl+R', click: () => actions.reloadProject() },
      { label: 'Reveal Data Folder', click: () => actions.revealDataFolder() },
      ...(mac ? [] : [{ type: 'separator' } as const, { label: 'Quit', role: 'quit' } as const]),
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: '&View',
    submenu: [
      { label: 'Toggle Developer Tools', role: 'toggleDevTools' },
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
  return [
    ...(mac ? [{ role: 'appMenu' } as const] : []),
    file,
    // Edit: on macOS copy and paste in text fields only work through menu roles.
    { role: 'editMenu' },
    view,
    { role: 'windowMenu' },
  ];
}
