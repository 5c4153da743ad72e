import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  DEFAULT_SIZE,
  loadWindowState,
  MIN_SIZE,
  parseWindowState,
  placeWindow,
  saveWindowState,
} from './window-state.js';

const screen = { x: 0, y: 0, width: 1920, height: 1080 };

describe('parseWindowState', () => {
  it('reads saved bounds and the maximized flag', () => {
    const data = { bounds: { x: 10, y: 20, width: 1000, height: 700 }, maximized: true };
    expect(parseWindowState(data)).toEqual(data);
  });

  it('drops bounds that are not finite positive numbers', () => {
    for (const bounds of [
      { x: 0, y: 0, width: -1, height: 5 },
      { x: 'a' },
      { x: 0, y: 0, width: Infinity, height: 1 },
    ]) {
      expect(parseWindowState({ bounds })).toEqual({ maximized: false });
    }
    expect(parseWindowState('garbage')).toEqual({ maximized: false });
  });
});

describe('placeWindow', () => {
  it('opens at the default size, centred, the first time', () => {
    expect(placeWindow({ maximized: false }, [screen])).toEqual(DEFAULT_SIZE);
  });

  it('keeps saved bounds that are on a screen', () => {
    const bounds = { x: 100, y: 100, width: 1200, height: 800 };
    expect(placeWindow({ bounds, maximized: false }, [screen])).toEqual(bounds);
  });

  it('centres a window saved on a monitor that is gone', () => {
    const bounds = { x: 2500, y: 100, width: 1200, height: 800 };
    expect(placeWindow({ bounds, maximized: false }, [screen])).toEqual({
      width: 1200,
      height: 800,
    });
  });

  it('finds the window on a second monitor left of the first', () => {
    const left = { x: -1280, y: 0, width: 1280, height: 1024 };
    const bounds = { x: -1200, y: 50, width: 1000, height: 700 };
    expect(placeWindow({ bounds, maximized: false }, [screen, left])).toEqual(bounds);
  });

  it('grows a window saved below the minimum size', () => {
    const placed = placeWindow(
      { bounds: { x: 0, y: 0, width: 10, height: 10 }, maximized: false },
      [screen],
    );
    expect(placed).toEqual({ x: 0, y: 0, ...MIN_SIZE });
  });
});

describe('window-state.json', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'decorest-window-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('round-trips, and a corrupt file gives the default', async () => {
    const file = path.join(dir, 'window-state.json');
    const state = { bounds: { x: 1, y: 2, width: 1000, height: 700 }, maximized: false };
    await saveWindowState(file, state);
    expect(await loadWindowState(file)).toEqual(state);
    await writeFile(file, '\0\0\0');
    expect(await loadWindowState(file)).toEqual({ maximized: false });
  });
});
