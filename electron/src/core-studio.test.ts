import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { studioCsp } from 'decorest/studio-shell';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { loadStartStudio, type Studio } from './core-studio.js';
import { APP_ORIGIN } from './protocol.js';
import { StudioControl } from './studio-control.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/todo', import.meta.url));

/**
 * The main process's view of the real core: started as main.ts starts it, the window's
 * app://studio origin must be able to call the control API (CORS for it alone), and the menu's
 * calls must work over HTTP with the token.
 */
describe('the core studio as the desktop shell starts it', () => {
  let work: string;
  let studio: Studio;

  beforeEach(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'decorest-shell-'));
    await cp(EXAMPLE, path.join(work, 'todo'), {
      recursive: true,
      filter: (src) => !src.includes(path.join('todo', 'data')),
    });
    const startStudio = await loadStartStudio();
    studio = await startStudio({
      dir: path.join(work, 'todo'),
      apiPort: 0,
      controlPort: 0,
      host: '127.0.0.1',
      extraOrigins: [APP_ORIGIN],
      configDir: path.join(work, 'user-data'),
      logger: { error: () => {} },
    });
  });
  afterEach(async () => {
    await studio?.close();
    await rm(work, { recursive: true, force: true });
  });

  const call = (origin: string, init: RequestInit = {}) =>
    fetch(`${studio.controlUrl}/api/models`, {
      ...init,
      headers: { origin, authorization: `Bearer ${studio.token}`, ...(init.headers ?? {}) },
    });

  it('lets app://studio through, with CORS for that origin only', async () => {
    const preflight = await fetch(`${studio.controlUrl}/api/models`, {
      method: 'OPTIONS',
      headers: {
        origin: APP_ORIGIN,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'authorization',
    );

    const res = await call(APP_ORIGIN);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    const models = (await res.json()) as { name: string }[];
    expect(models.map((m) => m.name).sort()).toEqual(expect.arrayContaining(['Todo', 'User']));
  });

  it('refuses another app: origin', async () => {
    const res = await call('app://evil');
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("answers the menu's reload and open over HTTP with the token", async () => {
    const control = new StudioControl(studio.controlUrl, studio.token);
    expect((await control.reload()).state).toBe('loaded');
    const opened = await control.open(path.join(work, 'todo'));
    expect(opened.root).toBe(path.join(work, 'todo'));
    await expect(control.open(path.join(work, 'missing'))).rejects.toThrow();
  });

  it("gives the page a policy naming the control API's origin", () => {
    const policy = studioCsp({ controlOrigin: studio.controlUrl, apiOrigin: studio.apiUrl });
    expect(policy).toContain(`connect-src ${new URL(studio.controlUrl).origin} `);
  });
});
