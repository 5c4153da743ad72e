import { afterEach, describe, expect, it, vi } from 'vitest';

import type { ProjectStatus, ServerStatus } from '../../api';
import { useDataStore } from '../data/data-store';
import { useModelsStore } from '../models/models-store';
import { useProjectStore } from '../project/project-store';
import { useServerStore } from '../server/server-store';
import { useTrafficStore } from '../traffic/traffic-store';
import { applyBatch } from './events';

afterEach(() => vi.restoreAllMocks());

const project: ProjectStatus = {
  root: '/p/todo',
  name: 'todo',
  state: 'loaded',
  serving: true,
  warnings: [],
  hasSeed: true,
  recent: [],
};
const server: ServerStatus = {
  state: 'running',
  host: '127.0.0.1',
  port: 3000,
  url: 'http://127.0.0.1:3000',
};

describe('applyBatch', () => {
  it('routes each event to its store: project, server, records, traffic', () => {
    const loadModels = vi.spyOn(useModelsStore.getState(), 'loadModels').mockResolvedValue();
    const changed = vi.spyOn(useDataStore.getState(), 'recordsChanged').mockReturnValue();
    const ingest = vi.spyOn(useTrafficStore.getState(), 'ingest').mockReturnValue();
    applyBatch({
      lastId: 4,
      events: [
        { id: 1, type: 'project', project },
        { id: 2, type: 'server', server },
        { id: 3, type: 'records', model: 'Todo', op: 'update', ids: [1] },
        { id: 4, type: 'records', model: 'Todo', op: 'update', ids: [2] },
      ],
    });
    expect(useProjectStore.getState().status).toEqual(project);
    expect(useServerStore.getState().status).toEqual(server);
    expect(loadModels).toHaveBeenCalledTimes(1);
    expect(changed.mock.calls).toEqual([['Todo']]);
    expect(ingest).toHaveBeenCalledWith([], undefined, undefined);
  });

  it('forgets the last project’s traffic when another folder opens, not on a reload', () => {
    vi.spyOn(useModelsStore.getState(), 'loadModels').mockResolvedValue();
    const clear = vi.spyOn(useTrafficStore.getState(), 'clearTraffic');
    const ingest = vi.spyOn(useTrafficStore.getState(), 'ingest').mockReturnValue();
    useProjectStore.setState({ status: project });
    applyBatch({ lastId: 5, events: [{ id: 5, type: 'project', project }] });
    expect(clear).not.toHaveBeenCalled();
    const other = { ...project, root: '/p/library', name: 'library' };
    applyBatch({ lastId: 6, events: [{ id: 6, type: 'project', project: other }] });
    expect(clear).toHaveBeenCalledTimes(1);
    expect(ingest).toHaveBeenLastCalledWith([], undefined, undefined);
  });

  it('hands the count of exchanges left out of the stream to the traffic log, without a reload', () => {
    const loadModels = vi.spyOn(useModelsStore.getState(), 'loadModels').mockResolvedValue();
    const ingest = vi.spyOn(useTrafficStore.getState(), 'ingest').mockReturnValue();
    applyBatch({ lastId: 9, events: [], dropped: 42 });
    expect(ingest).toHaveBeenCalledWith([], 42, undefined);
    expect(loadModels).not.toHaveBeenCalled();
  });

  it('hands a resync to the traffic log with what was skipped (issue 24 §3)', () => {
    const ingest = vi.spyOn(useTrafficStore.getState(), 'ingest').mockReturnValue();
    applyBatch({ lastId: 900, events: [], dropped: 800, resync: true });
    expect(ingest).toHaveBeenCalledWith([], 800, true);
  });
});
