import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ControlClient, type JsonRecord, setClient } from '../../api';
import { todoModel } from '../../test-support/test-models';
import { sendJson, startTestServer } from '../../test-support/test-server';
import { useModelsStore } from '../models/models-store';
import { labelKey, useRelationLabels } from './relation-labels-store';

let server: Awaited<ReturnType<typeof startTestServer>>;
let users: JsonRecord[];
/** Set to hold answers back until released. */
let hold: Promise<void> | null = null;
/** Called when a request arrives and its answer is held. */
let onHeld: (() => void) | null = null;

const userModel = {
  ...todoModel,
  name: 'User',
  path: 'users',
  fields: [{ ...todoModel.fields[0]!, name: 'name' }],
  relations: [],
};

beforeEach(async () => {
  users = [
    { id: 1, name: 'Ann' },
    { id: 2, name: 'Bob' },
    { id: 3, name: 'Cy' },
  ];
  hold = null;
  onHeld = null;
  server = await startTestServer((call, res) => {
    const url = new URL(call.url, 'http://x');
    const ids = url.searchParams.getAll('id').map(Number);
    // Read now, sent maybe later: a held answer is as stale as a slow one.
    const items = users.filter((u) => ids.includes(u.id as number));
    const answer = () => sendJson(res, 200, { items, total: 0, offset: 0, limit: ids.length });
    if (hold) {
      void hold.then(answer);
      onHeld?.();
    } else answer();
  });
  setClient(new ControlClient({ baseUrl: server.url, token: 'tok' }));
  useModelsStore.setState({ models: [todoModel, userModel] });
  useRelationLabels.setState(useRelationLabels.getInitialState(), true);
});

afterEach(async () => {
  setClient(null);
  await server.close();
});

const labels = () => useRelationLabels.getState().labels;
/** Every title asked for has answered (or been read again after a change). */
const settled = () => useRelationLabels.getState().whenRead();

describe('relation labels', () => {
  it('reads the parents asked for in one render with one query, a missing one as null', async () => {
    const { request } = useRelationLabels.getState();
    request('User', 1);
    request('User', 3);
    request('User', 1);
    request('User', 9);
    await settled();
    expect(server.calls.map((c) => c.url)).toEqual([
      '/api/models/User/records?id=1&id=3&id=9&limit=3',
    ]);
    expect(labels()).toEqual({
      [labelKey('User', 1)]: 'Ann',
      [labelKey('User', 3)]: 'Cy',
      [labelKey('User', 9)]: null,
    });
    // Known titles are not read again.
    request('User', 3);
    expect(useRelationLabels.getState().flushScheduled).toBe(false);
    await settled();
    expect(server.calls).toHaveLength(1);
  });

  it("forgets a model's titles when its records change, and reads them again", async () => {
    useRelationLabels.getState().request('User', 2);
    await settled();
    users[1] = { id: 2, name: 'Bobby' };
    useRelationLabels.getState().forget('User');
    expect(labels()).toEqual({});
    useRelationLabels.getState().request('User', 2);
    await settled();
    expect(labels()[labelKey('User', 2)]).toBe('Bobby');
  });

  it('reads again a title whose answer was on its way when the records changed', async () => {
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    const arrived = new Promise<void>((resolve) => (onHeld = resolve));
    useRelationLabels.getState().request('User', 1);
    // The query has reached the server and been answered there: its answer is on its way.
    await arrived;
    users[0] = { id: 1, name: 'Annie' };
    useRelationLabels.getState().forget('User');
    hold = null;
    release();
    await settled();
    expect(labels()[labelKey('User', 1)]).toBe('Annie');
    expect(server.calls).toHaveLength(2);
  });
});
