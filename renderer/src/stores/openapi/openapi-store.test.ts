import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ControlClient, setClient } from '../../api';
import { sendJson, startTestServer } from '../../test-support/test-server';
import { applyBatch } from '../events/events';
import { useOpenApiStore } from './openapi-store';

let server: Awaited<ReturnType<typeof startTestServer>>;
let reads = 0;
let broken = false;

beforeEach(async () => {
  reads = 0;
  broken = false;
  useOpenApiStore.setState(useOpenApiStore.getInitialState(), true);
  server = await startTestServer((call, res) => {
    if (call.url === '/api/openapi') {
      reads++;
      if (broken)
        return sendJson(res, 409, { title: 'No project', status: 409, detail: 'none loaded' });
      return sendJson(res, 200, { openapi: '3.1.0', paths: { '/todos': {} }, read: reads });
    }
    sendJson(res, 200, []);
  });
  setClient(new ControlClient({ baseUrl: server.url, token: 'tok' }));
});
afterEach(async () => {
  setClient(null);
  await server.close();
});

describe('openapi store', () => {
  it('reads the document on first use, once', async () => {
    await Promise.all([
      useOpenApiStore.getState().ensureLoaded(),
      useOpenApiStore.getState().ensureLoaded(),
    ]);
    expect(useOpenApiStore.getState().doc).toMatchObject({ openapi: '3.1.0', read: 1 });
    await useOpenApiStore.getState().ensureLoaded();
    expect(reads).toBe(1);
  });

  it('reads it again after a project event, only when it was read before', async () => {
    applyBatch({ events: [{ type: 'project', project: { state: 'loaded' } }] } as never);
    await new Promise((r) => setTimeout(r, 20));
    expect(reads).toBe(0);
    await useOpenApiStore.getState().ensureLoaded();
    await useOpenApiStore.getState().projectChanged();
    expect(useOpenApiStore.getState().doc).toMatchObject({ read: 2 });
  });

  it('keeps the problem when the document cannot be read', async () => {
    broken = true;
    await useOpenApiStore.getState().ensureLoaded();
    expect(useOpenApiStore.getState()).toMatchObject({ doc: null, error: { status: 409 } });
  });
});
