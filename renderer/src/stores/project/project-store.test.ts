import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ControlClient, type LoadFailure, type ProjectStatus, setClient } from '../../api';
import { sendJson, startTestServer } from '../../test-support/test-server';
import { projectSelectors, useProjectStore } from './project-store';

const failure: LoadFailure = {
  code: 'SYNTAX_ERROR',
  message: '/p/todo/todo.ts:3:5: Expression expected.',
  reason: 'Expression expected.',
  file: '/p/todo/todo.ts',
  line: 3,
  column: 5,
  frame: '> 3 | x = ;',
};
const loaded: ProjectStatus = {
  root: '/p/todo',
  name: 'todo',
  state: 'loaded',
  serving: true,
  warnings: [],
  hasSeed: true,
  recent: [],
};
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeEach(async () => {
  server = await startTestServer((call, res) => {
    if (call.url === '/api/project/open') {
      const { dir } = JSON.parse(call.body) as { dir: string };
      if (dir === '/nowhere')
        return sendJson(res, 404, {
          title: 'No such folder',
          status: 404,
          detail: '/nowhere does not exist',
        });
      return sendJson(res, 200, { ...loaded, root: dir, name: 'shop' });
    }
    if (call.url === '/api/project/reload')
      return sendJson(res, 200, { ...loaded, state: 'failed', error: failure });
    if (call.url === '/api/models') return sendJson(res, 200, []);
    if (call.url === '/api/routes')
      return sendJson(res, 200, [
        { method: 'GET', path: '/todos', kind: 'generated', model: 'Todo' },
      ]);
    sendJson(res, 200, loaded);
  });
  setClient(new ControlClient({ baseUrl: server.url, token: 'tok' }));
});
afterEach(async () => {
  setClient(null);
  await server.close();
});

describe('project store', () => {
  it('reads the project and exposes a failed reload as a load error while the last good API serves', async () => {
    await useProjectStore.getState().loadProject();
    expect(projectSelectors.name(useProjectStore.getState())).toBe('todo');
    expect(projectSelectors.loadError(useProjectStore.getState())).toBeNull();
    await useProjectStore.getState().reloadProject();
    expect(projectSelectors.loadError(useProjectStore.getState())).toEqual(failure);
    expect(projectSelectors.servingStale(useProjectStore.getState())).toBe(true);
  });

  it('opens another folder, and says why one cannot be opened', async () => {
    expect(await useProjectStore.getState().openProject('/nowhere')).toBe(false);
    expect(useProjectStore.getState().error?.detail).toBe('/nowhere does not exist');
    expect(await useProjectStore.getState().openProject('/p/shop')).toBe(true);
    expect(useProjectStore.getState()).toMatchObject({
      error: null,
      status: { name: 'shop', root: '/p/shop' },
    });
  });
});
