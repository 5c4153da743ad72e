import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ControlClient, setClient } from '../../api';
import { sendJson, startTestServer } from '../../test-support/test-server';
import { modelsSelectors, useModelsStore } from './models-store';

let server: Awaited<ReturnType<typeof startTestServer>>;
const todo = { name: 'Todo', path: 'todos' };

beforeEach(async () => {
  useModelsStore.setState(useModelsStore.getInitialState(), true);
  server = await startTestServer((call, res) => {
    if (call.url === '/api/models') return sendJson(res, 200, [todo]);
    if (call.url === '/api/routes') {
      return sendJson(res, 200, [
        { method: 'GET', path: '/todos', kind: 'generated', model: 'Todo' },
      ]);
    }
    sendJson(res, 500, { title: 'Broken', status: 500, detail: 'boom' });
  });
  setClient(new ControlClient({ baseUrl: server.url, token: 'tok' }));
});
afterEach(async () => {
  setClient(null);
  await server.close();
});

describe('models store', () => {
  it('reads models and routes together', async () => {
    await useModelsStore.getState().loadModels();
    expect(useModelsStore.getState()).toMatchObject({
      loaded: true,
      error: null,
      routes: [{ path: '/todos' }],
    });
    expect(modelsSelectors.byName('Todo')(useModelsStore.getState())).toEqual(todo);
    expect(modelsSelectors.byName('Nope')(useModelsStore.getState())).toBeNull();
  });

  it('keeps what it had and the problem when a read fails', async () => {
    await useModelsStore.getState().loadModels();
    await server.close();
    await useModelsStore.getState().loadModels();
    expect(useModelsStore.getState()).toMatchObject({
      loaded: true,
      models: [todo],
      error: { title: 'Control API unreachable' },
    });
  });
});
