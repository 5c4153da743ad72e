import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ControlClient, type JsonRecord, setClient } from '../../api';
import { sendJson, startTestServer } from '../../test-support/test-server';
import { applyBatch } from '../events/events';
import { cellKey, dataSelectors, LOADING_ROW, PAGE_SIZE, useDataStore } from './data-store';

const initial = useDataStore.getInitialState();
let server: Awaited<ReturnType<typeof startTestServer>>;
let records: JsonRecord[];
/** The id the next record-change event gets, as the core's event stream numbers them. */
let nextEventId: number;
/** While set, list reads are read at once and answered only when the test calls them. */
let heldReads: (() => void)[] | null;

beforeEach(async () => {
  nextEventId = 41;
  heldReads = null;
  records = Array.from({ length: 250 }, (_, i) => ({
    id: i + 1,
    content: `todo ${i + 1}`,
    completed: false,
  }));
  server = await startTestServer((call, res) => {
    const url = new URL(call.url, 'http://x');
    const one = /^\/api\/models\/Todo\/records\/(\d+)$/.exec(url.pathname);
    if (call.method === 'GET' && url.pathname === '/api/models/Todo/records') {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const sorted = url.searchParams.get('sort') === '-id' ? [...records].reverse() : records;
      // Read now, answered now or when the test lets it go (a read on its way).
      const page = {
        items: structuredClone(sorted.slice(offset, offset + limit)),
        total: sorted.length,
        offset,
        limit,
      };
      if (heldReads) return void heldReads.push(() => sendJson(res, 200, page));
      return sendJson(res, 200, page);
    }
    if (call.method === 'PATCH' && one) {
      const patch = JSON.parse(call.body) as Record<string, unknown>;
      if (typeof patch.completed !== 'boolean' && 'completed' in patch) {
        return sendJson(res, 422, {
          type: 'validation-error',
          title: 'Invalid todo',
          status: 422,
          detail: '1 field is invalid',
          message: '1 field is invalid',
          instance: call.url,
          errors: [{ field: 'completed', message: 'must be a boolean, got "yes"' }],
        });
      }
      const record = { ...records[Number(one[1]) - 1]!, ...patch } as JsonRecord;
      records[Number(one[1]) - 1] = record;
      // Issue 43: as the core does, the answer names the event its change causes.
      return sendJson(res, 200, record, { 'Event-Id': String(nextEventId++) });
    }
    sendJson(res, 404, { title: 'Not found', status: 404 });
  });
  setClient(new ControlClient({ baseUrl: server.url, token: 'tok' }));
  useDataStore.setState(initial, true);
});

afterEach(async () => {
  setClient(null);
  await server.close();
});

describe('data store', () => {
  it('reads the first page when a model is chosen, and the rest as rows scroll into view', async () => {
    await useDataStore.getState().selectModel('Todo');
    expect(server.calls.map((c) => c.url)).toEqual([
      `/api/models/Todo/records?offset=0&limit=${PAGE_SIZE}`,
    ]);
    const rows = dataSelectors.rows(useDataStore.getState());
    expect(rows).toHaveLength(250);
    expect(rows[0]!.id).toBe(1);
    expect(rows[PAGE_SIZE]).toBe(LOADING_ROW);

    await useDataStore.getState().ensureRows(180, 220);
    expect(server.calls.at(-1)!.url).toBe(
      `/api/models/Todo/records?offset=${2 * PAGE_SIZE}&limit=${PAGE_SIZE}`,
    );
    expect(dataSelectors.rows(useDataStore.getState())[230]!.id).toBe(231);
  });

  it('opens one record of another model: that model, filtered to its id, from the top', async () => {
    await useDataStore.getState().selectModel('Todo');
    await useDataStore.getState().setSort({ field: 'id', direction: 'DESC' });
    await useDataStore.getState().openRecord('Todo', 7);
    expect(server.calls.at(-1)!.url).toBe(
      `/api/models/Todo/records?id=7&offset=0&limit=${PAGE_SIZE}`,
    );
    expect(useDataStore.getState()).toMatchObject({ model: 'Todo', filter: 'id=7', sort: null });
    // Back: the model, filter and sort it was opened from.
    await useDataStore.getState().goBack();
    expect(server.calls.at(-1)!.url).toBe(
      `/api/models/Todo/records?offset=0&limit=${PAGE_SIZE}&sort=-id`,
    );
    expect(useDataStore.getState()).toMatchObject({
      filter: '',
      sort: { field: 'id', direction: 'DESC' },
      cameFrom: null,
    });
  });

  it('sorts on the server and starts again from the first page', async () => {
    await useDataStore.getState().selectModel('Todo');
    await useDataStore.getState().setSort({ field: 'id', direction: 'DESC' });
    expect(server.calls.at(-1)!.url).toBe(
      `/api/models/Todo/records?offset=0&limit=${PAGE_SIZE}&sort=-id`,
    );
    expect(dataSelectors.rows(useDataStore.getState())[0]!.id).toBe(250);
  });

  it('keeps the typed text and the API message on a cell the API refuses', async () => {
    await useDataStore.getState().selectModel('Todo');
    const saved = await useDataStore.getState().saveCell(3, 'completed', 'yes', 'yes');
    expect(saved).toBe(false);
    expect(useDataStore.getState().cellErrors[cellKey(3, 'completed')]).toEqual({
      text: 'yes',
      message: 'completed: must be a boolean, got "yes"',
    });

    useDataStore.getState().discardCellError(cellKey(3, 'completed'));
    expect(useDataStore.getState().cellErrors).toEqual({});
    expect(await useDataStore.getState().saveCell(3, 'completed', 'yes', 'yes')).toBe(false);
    expect(await useDataStore.getState().saveCell(3, 'completed', true, 'true')).toBe(true);
    expect(useDataStore.getState().cellErrors).toEqual({});
    expect(dataSelectors.rows(useDataStore.getState())[2]).toMatchObject({
      id: 3,
      completed: true,
    });
  });

  it('reads the rows on screen again when another client changed the model', async () => {
    await useDataStore.getState().selectModel('Todo');
    records[0] = { ...records[0]!, content: 'changed elsewhere' };
    const before = server.calls.length;
    useDataStore.getState().recordsChanged('User');
    expect(server.calls.length).toBe(before);
    useDataStore.getState().recordsChanged('Todo');
    await useDataStore.getState().refreshRows();
    expect(dataSelectors.rows(useDataStore.getState())[0]!.content).toBe('changed elsewhere');
  });

  it('keeps a saved cell when a read that began before the save answers after it', async () => {
    await useDataStore.getState().selectModel('Todo');
    heldReads = [];
    const reading = useDataStore.getState().refreshRows();
    await expect.poll(() => heldReads!.length).toBeGreaterThan(0);
    expect(await useDataStore.getState().saveCell(1, 'content', 'saved', 'saved')).toBe(true);
    // The read answers the record as it was before the save.
    for (const answer of heldReads!.splice(0)) answer();
    heldReads = null;
    await reading;
    expect(dataSelectors.rows(useDataStore.getState())[0]!.content).toBe('saved');
    // A read begun after the save answers the server's record, whatever it now holds.
    records[0] = { ...records[0]!, content: 'changed elsewhere' };
    await useDataStore.getState().refreshRows();
    expect(dataSelectors.rows(useDataStore.getState())[0]!.content).toBe('changed elsewhere');
  });

  it('keeps the objects of rows that did not change when it reads them again', async () => {
    await useDataStore.getState().selectModel('Todo');
    const before = dataSelectors.rows(useDataStore.getState());
    records[1] = { ...records[1]!, content: 'changed elsewhere' };
    await useDataStore.getState().refreshRows();
    const after = dataSelectors.rows(useDataStore.getState());
    // The grid closes an open editor when its row object changes: only record 2 may.
    expect(after[0]).toBe(before[0]);
    expect(after[2]).toBe(before[2]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]!.content).toBe('changed elsewhere');
  });
  it('does not read the rows again for the echo of its own cell edit, but does for others', async () => {
    await useDataStore.getState().selectModel('Todo');
    expect(await useDataStore.getState().saveCell(3, 'completed', true, 'true')).toBe(true);
    const reads = () =>
      server.calls.filter((c) => c.method === 'GET' && c.url.endsWith(`limit=${PAGE_SIZE}`)).length;
    const before = reads();
    applyBatch({
      lastId: 41,
      events: [{ id: 41, type: 'records', model: 'Todo', op: 'update', ids: [3] }],
    });
    expect(useDataStore.getState().refreshing).toBeNull();
    expect(reads()).toBe(before);
    expect(useDataStore.getState().ownEvents.size).toBe(0);
    // The same change again is another client's: the rows on screen are read again.
    applyBatch({
      lastId: 42,
      events: [{ id: 42, type: 'records', model: 'Todo', op: 'update', ids: [3] }],
    });
    await useDataStore.getState().refreshing;
    expect(reads()).toBeGreaterThan(before);
  });

  it("reads another client's change of the same record even when it comes before its own echo", async () => {
    await useDataStore.getState().selectModel('Todo');
    nextEventId = 43;
    expect(await useDataStore.getState().saveCell(3, 'completed', true, 'true')).toBe(true);
    const reads = () =>
      server.calls.filter((c) => c.method === 'GET' && c.url.endsWith(`limit=${PAGE_SIZE}`)).length;
    const before = reads();
    // Event 42 is another window's edit of record 3, made just before this one: not an echo.
    applyBatch({
      lastId: 42,
      events: [{ id: 42, type: 'records', model: 'Todo', op: 'update', ids: [3] }],
    });
    await useDataStore.getState().refreshing;
    const afterOther = reads();
    expect(afterOther).toBeGreaterThan(before);
    applyBatch({
      lastId: 43,
      events: [{ id: 43, type: 'records', model: 'Todo', op: 'update', ids: [3] }],
    });
    expect(useDataStore.getState().refreshing).toBeNull();
    expect(reads()).toBe(afterOther);
  });

  it('forgets its paging bookkeeping when reset to the initial state', async () => {
    await useDataStore.getState().selectModel('Todo');
    void useDataStore.getState().saveCell(3, 'completed', true, 'true');
    expect(useDataStore.getState().generation).toBeGreaterThan(0);
    useDataStore.setState(useDataStore.getInitialState(), true);
    expect(useDataStore.getState()).toMatchObject({
      generation: 0,
      pagesInFlight: {},
      refreshing: null,
      refreshAgain: false,
      ownEvents: new Set(),
    });
  });
});
