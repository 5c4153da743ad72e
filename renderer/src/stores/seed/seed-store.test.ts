import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ControlClient, type ProjectStatus, setClient } from '../../api';
import { sendJson, startTestServer } from '../../test-support/test-server';
import { useProjectStore } from '../project/project-store';
import { noSeedReason, useSeedStore } from './seed-store';

const initial = useSeedStore.getState();
let server: Awaited<ReturnType<typeof startTestServer>>;
let hasSeed: boolean;
const project: ProjectStatus = {
  root: '/p/todo',
  name: 'todo',
  state: 'loaded',
  serving: true,
  warnings: [],
  loadedAt: 1,
  hasSeed: true,
  recent: [],
};
const seeded = { models: [{ model: 'Todo', file: 'seed/todos.json', count: 6 }] };

beforeEach(async () => {
  hasSeed = false;
  server = await startTestServer((call, res) => {
    if (call.url === '/api/data/reset' && !hasSeed)
      return sendJson(res, 404, {
        type: 'no-seed',
        title: 'No seed folder',
        status: 404,
        detail: 'there is no seed folder at /p/todo/seed',
      });
    if (call.url === '/api/data/seed') hasSeed = true;
    if (call.url.endsWith('/fake')) return sendJson(res, 201, { imported: 3, ids: [7, 8, 9] });
    sendJson(res, 200, seeded);
  });
  setClient(new ControlClient({ baseUrl: server.url, token: 'tok' }));
  useSeedStore.setState(initial, true);
  useProjectStore.setState({ status: project });
});
afterEach(async () => {
  setClient(null);
  await server.close();
});

const reason = () =>
  noSeedReason(useSeedStore.getState().noSeed, useProjectStore.getState().status);

describe('seed store', () => {
  it('remembers a no-seed answer for this load of the project, until a seed is saved', async () => {
    const refused = await useSeedStore.getState().resetData();
    expect(refused).toMatchObject({ ok: false, problem: { status: 404 } });
    expect(reason()).toMatch(/no seed\/ folder/);
    // A reload may have brought a seed/ folder: ask again.
    useProjectStore.setState({ status: { ...project, loadedAt: 2 } });
    expect(reason()).toBeNull();
    useProjectStore.setState({ status: project });
    expect(reason()).not.toBeNull();

    expect(await useSeedStore.getState().saveSeed()).toEqual({ ok: true, value: seeded });
    expect(reason()).toBeNull();
    expect(await useSeedStore.getState().resetData()).toEqual({ ok: true, value: seeded });
    expect(useSeedStore.getState().busy).toBeNull();
  });

  it('says at once when the project has no seed folder, and stops once one is saved', async () => {
    useProjectStore.setState({ status: { ...project, hasSeed: false } });
    expect(reason()).toMatch(/no seed\/ folder/);
    expect((await useSeedStore.getState().saveSeed()).ok).toBe(true);
    expect(useProjectStore.getState().status?.hasSeed).toBe(true);
    expect(reason()).toBeNull();
  });

  it('generates records with or without a seed number', async () => {
    const outcome = await useSeedStore.getState().fakeRecords('Todo', 3, 7);
    expect(outcome).toEqual({ ok: true, value: { imported: 3, ids: [7, 8, 9] } });
    await useSeedStore.getState().fakeRecords('Todo', 3);
    expect(server.calls.map((c) => c.body)).toEqual(['{"count":3,"seed":7}', '{"count":3}']);
  });
});
