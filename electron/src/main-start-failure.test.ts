/**
 * main.ts when the core cannot start (a folder that does not exist): the window shows why, a
 * built-in error page, never a blank one. Its own file: a second main module in main.test.ts
 * would share that file's fakes and quit handlers.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { enterMain, fake } from './test-support/fake-electron.js';

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

let leave: () => Promise<void>;
beforeAll(async () => {
  fake.startStudio.mockRejectedValueOnce(new Error('the folder /nowhere does not exist'));
  ({ leave } = await enterMain(fake));
});
afterAll(() => leave());

describe('main process when the core cannot start', () => {
  it('shows why in the window, never a blank page', async () => {
    fake.ready();
    await vi.waitFor(() => expect(fake.windows[0]?.win.loadURL).toHaveBeenCalled());
    expect(fake.windows[0]!.win.loadURL).toHaveBeenCalledWith('app://studio/');
    const page = await fake.protocolHandlers.get('app')!(new Request('app://studio/'));
    const html = await page.text();
    expect(html).toContain('The studio could not start');
    expect(html).toContain('the folder /nowhere does not exist');
  });
});
