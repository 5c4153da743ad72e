import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ControlClient, setClient } from '../../api';
import { sendJson, startTestServer } from '../../test-support/test-server';
import { useRecordCounts } from './record-counts-store';

const initial = useRecordCounts.getState();
let server: Awaited<ReturnType<typeof startTestServer>>;
const totals: Record<string, number> = {};

beforeEach(async () => {
  Object.assign(totals, { Todo: 197, User: 3 });
  server = await startTestServer((call, res) => {
    const model = /^\/api\/models\/(\w+)\/records\?limit=0$/.exec(call.url)?.[1];
    if (model && model in totals)
      return sendJson(res, 200, { items: [], total: totals[model], offset: 0, limit: 0 });
    sendJson(res, 404, { title: 'Not found', status: 404, detail: 'no such model' });
  });
  setClient(new ControlClient({ baseUrl: server.url, token: 'tok' }));
  useRecordCounts.setState(initial, true);
});
afterEach(async () => {
  setClient(null);
  await server.close();
});

describe('record counts', () => {
  it("reads every model's count without reading a single record", async () => {
    await useRecordCounts.getState().loadCounts(['Todo', 'User', 'Gone']);
    expect(useRecordCounts.getState().counts).toEqual({ Todo: 197, User: 3 });
    expect(server.calls.map((c) => c.url).sort()).toEqual([
      '/api/models/Gone/records?limit=0',
      '/api/models/Todo/records?limit=0',
      '/api/models/User/records?limit=0',
    ]);
  });

  it('reads a changed model again, once for a burst of changes, and never one not counted', async () => {
    await useRecordCounts.getState().loadCounts(['Todo']);
    server.calls.length = 0;
    totals.Todo = 200;
    const { recount } = useRecordCounts.getState();
    await Promise.all([recount('Todo'), recount('Todo'), recount('Todo'), recount('User')]);
    expect(useRecordCounts.getState().counts.Todo).toBe(200);
    // The first read, then one more for the changes that came while it ran.
    expect(server.calls.map((c) => c.url)).toEqual([
      '/api/models/Todo/records?limit=0',
      '/api/models/Todo/records?limit=0',
    ]);
  });
});
