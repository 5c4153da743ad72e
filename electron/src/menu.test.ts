import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';

import { buildMenuTemplate, type MenuActions } from './menu.js';

const actions = (): MenuActions => ({
  openProject: vi.fn(),
  openRecent: vi.fn(),
  reloadProject: vi.fn(),
  revealDataFolder: vi.fn(),
});

const submenu = (item: MenuItemConstructorOptions | undefined) =>
  (item?.submenu ?? []) as MenuItemConstructorOptions[];
const find = (items: MenuItemConstructorOptions[], label: string) =>
  items.find((i) => i.label === label);
const labels = (items: MenuItemConstructorOptions[]) => items.map((i) => i.label).filter(Boolean);
/** Electron's own event arguments are not used by these items. */
const click = (item: MenuItemConstructorOptions | undefined) =>
  (item?.click as unknown as (() => void) | undefined)?.();

describe('buildMenuTemplate', () => {
  it('has the studio commands in File and Toggle Developer Tools in View', () => {
    const template = buildMenuTemplate(actions(), [], 'linux');
    const file = submenu(find(template, '&File'));
    expect(labels(file)).toEqual([
      'Open Project…',
      'Open Recent',
      'Reload Project',
      'Reveal Data Folder',
      'Quit',
    ]);
    expect(find(file, 'Quit')?.role).toBe('quit');
    expect(find(submenu(find(template, '&View')), 'Toggle Developer Tools')?.role).toBe(
      'toggleDevTools',
    );
  });

  it('lists recent projects newest first and opens the one clicked', () => {
    const a = actions();
    const template = buildMenuTemplate(a, ['/home/u/shop', '/home/u/R&D/api'], 'linux');
    const recent = submenu(find(submenu(find(template, '&File')), 'Open Recent'));
    expect(labels(recent)).toEqual(['shop  (/home/u)', 'api  (/home/u/R&&D)']);
    click(recent[1]);
    expect(a.openRecent).toHaveBeenCalledWith('/home/u/R&D/api');
  });

  it('shows a disabled entry when there is no recent project', () => {
    const recent = submenu(
      find(submenu(find(buildMenuTemplate(actions(), [], 'win32'), '&File')), 'Open Recent'),
    );
    expect(recent).toEqual([{ label: 'No Recent Projects', enabled: false }]);
  });

  it('wires each command to its action', () => {
    const a = actions();
    const file = submenu(find(buildMenuTemplate(a, [], 'linux'), '&File'));
    click(find(file, 'Open Project…'));
    click(find(file, 'Reload Project'));
    click(find(file, 'Reveal Data Folder'));
    expect(a.openProject).toHaveBeenCalledOnce();
    expect(a.reloadProject).toHaveBeenCalledOnce();
    expect(a.revealDataFolder).toHaveBeenCalledOnce();
  });

  it('puts Quit in the app menu on macOS and has no page-reload shortcut anywhere', () => {
    const template = buildMenuTemplate(actions(), [], 'darwin');
    expect(template[0]).toEqual({ role: 'appMenu' });
    expect(labels(submenu(find(template, '&File')))).not.toContain('Quit');
    const roles = JSON.stringify(template);
    expect(roles).not.toMatch(/"role":"(reload|forceReload)"/);
  });
});
