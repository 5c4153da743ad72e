import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ControlClient, type ServerStatus, setClient } from '../../api';
import { sendJson, startTestServer } from '../../test-support/test-server';
import { serverSelectors, useServerStore } from './server-store';

const initial = useServerStore.getState();
let server: Awaited<ReturnType<typeof startTestServer>>;
let status: ServerStatus;

beforeEach(async () => {
  status = { state: 'running', host: '127.0.0.1', port: 3000, url: 'http://127.0.0.1:3000' };
  server = await startTestServer((call, res) => {
    if (call.url === '/api/server/stop') status = { ...status, state: 'stopped', url: null };
    if (call.url === '/api/server/start')
      status = { ...status, state: 'running', url: `http://127.0.0.1:${status.port}` };
    if (call.url === '/api/server/port') {
      const { port } = JSON.parse(call.body) as { port: number };
      if (port === 1)
        return sendJson(res, 409, { title: 'Port busy', status: 409, detail: 'port 1 is taken' });
      status = { ...status, port, url: `http://127.0.0.1:${port}` };
    }
    sendJson(res, 200, status);
  });
  setClient(new ControlClient({ baseUrl: server.url, token: 'tok' }));
  useServerStore.setState(initial, true);
});
afterEach(async () => {
  setClient(null);
  await server.close();
});

describe('server store', () => {
  it('stops, starts and moves the mock API through the control API', async () => {
    const s = useServerStore.getState();
    await s.loadServer();
    expect(serverSelectors.url(useServerStore.getState())).toBe('http://127.0.0.1:3000');
    await s.stopServer();
    expect(serverSelectors.running(useServerStore.getState())).toBe(false);
    expect(serverSelectors.url(useServerStore.getState())).toBeNull();
    await s.startServer();
    expect(await s.changePort(4000)).toBe(true);
    expect(serverSelectors.url(useServerStore.getState())).toBe('http://127.0.0.1:4000');
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/server',
      'POST /api/server/stop',
      'POST /api/server/start',
      'PUT /api/server/port',
    ]);
    expect(new Set(server.calls.map((c) => c.auth))).toEqual(new Set(['Bearer tok']));
  });

  it('keeps the problem of a refused change and the last known state', async () => {
    await useServerStore.getState().loadServer();
    // Refused: the port field goes back to the port that serves.
    expect(await useServerStore.getState().changePort(1)).toBe(false);
    expect(useServerStore.getState()).toMatchObject({
      busy: false,
      error: { status: 409, detail: 'port 1 is taken' },
    });
    expect(serverSelectors.port(useServerStore.getState())).toBe(3000);
  });
});
