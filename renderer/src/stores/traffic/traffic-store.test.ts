import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { TrafficExchange } from '../../api';
import { TRAFFIC_KEEP, trafficSelectors, useTrafficStore } from './traffic-store';

function exchange(
  seq: number,
  method = 'GET',
  status = 200,
  url = `/todos/${seq}`,
): TrafficExchange {
  return {
    seq,
    time: 0,
    method,
    url,
    status,
    durationMs: 1,
    requestHeaders: {},
    responseHeaders: {},
    requestBody: '',
    responseBody: '',
    requestTruncated: false,
    responseTruncated: false,
    requestBytes: 0,
    responseBytes: 0,
  };
}

// A cleared log has its own inbox: arrivals then cost no store update until their flush.
beforeEach(() => useTrafficStore.getState().clearTraffic());

afterEach(() => {
  useTrafficStore.getState().clearTraffic();
  useTrafficStore.setState({
    paused: false,
    filter: { method: '', status: '', text: '', tag: '' },
  });
  vi.useRealTimers();
});

describe('traffic store', () => {
  it('keeps its log across a resync, appends the newest exchanges and counts the skipped', () => {
    const store = useTrafficStore.getState();
    store.ingest([exchange(1), exchange(2)]);
    store.flush();
    // The window stopped reading; the studio resyncs it with its newest exchanges (issue 24 §3).
    store.ingest([exchange(900), exchange(901)], 897, true);
    useTrafficStore.getState().flush();
    const state = useTrafficStore.getState();
    expect(state.exchanges.map((e) => e.seq)).toEqual([1, 2, 900, 901]);
    expect(state).toMatchObject({ dropped: 897, resyncs: 1 });
    store.ingest([exchange(902)], 3);
    useTrafficStore.getState().flush();
    expect(useTrafficStore.getState()).toMatchObject({ dropped: 900, resyncs: 1 });
    useTrafficStore.getState().clearTraffic();
    expect(useTrafficStore.getState()).toMatchObject({ dropped: 0, resyncs: 0, exchanges: [] });
  });

  it('applies a burst of batches as one store update per flush', () => {
    vi.useFakeTimers();
    const updates = vi.fn();
    const unsubscribe = useTrafficStore.subscribe(updates);
    for (let batch = 0; batch < 50; batch++) {
      useTrafficStore.getState().ingest([exchange(batch * 2), exchange(batch * 2 + 1)]);
    }
    expect(updates).not.toHaveBeenCalled();
    vi.runOnlyPendingTimers();
    unsubscribe();
    expect(updates).toHaveBeenCalledTimes(1);
    expect(useTrafficStore.getState().exchanges.map((e) => e.seq)).toEqual([...Array(100).keys()]);
  });

  it('keeps only the newest exchanges', () => {
    const many = Array.from({ length: TRAFFIC_KEEP + 10 }, (_, i) => exchange(i));
    useTrafficStore.getState().ingest(many);
    useTrafficStore.getState().flush();
    const kept = useTrafficStore.getState().exchanges;
    expect(kept).toHaveLength(TRAFFIC_KEEP);
    expect(kept[0]!.seq).toBe(10);
  });

  it('holds what arrives while paused and shows it, in order, on Resume', () => {
    useTrafficStore.getState().ingest([exchange(1)]);
    useTrafficStore.getState().flush();
    useTrafficStore.getState().setPaused(true);
    useTrafficStore.getState().ingest([exchange(2), exchange(3)]);
    useTrafficStore.getState().ingest([exchange(4)]);
    useTrafficStore.getState().flush();
    expect(useTrafficStore.getState()).toMatchObject({ missed: 3 });
    expect(useTrafficStore.getState().exchanges.map((e) => e.seq)).toEqual([1]);
    useTrafficStore.getState().setPaused(false);
    expect(useTrafficStore.getState().missed).toBe(0);
    expect(useTrafficStore.getState().exchanges.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
  });

  it('keeps the newest exchanges of a long pause', () => {
    useTrafficStore.getState().setPaused(true);
    for (let i = 0; i < TRAFFIC_KEEP * 3; i += 100) {
      useTrafficStore.getState().ingest(Array.from({ length: 100 }, (_, j) => exchange(i + j)));
    }
    expect(useTrafficStore.getState().missed).toBe(TRAFFIC_KEEP * 3);
    useTrafficStore.getState().setPaused(false);
    const kept = useTrafficStore.getState().exchanges;
    expect(kept).toHaveLength(TRAFFIC_KEEP);
    expect(kept.at(-1)!.seq).toBe(TRAFFIC_KEEP * 3 - 1);
    expect(kept[0]!.seq).toBe(TRAFFIC_KEEP * 2);
  });

  it('forgets what was held when the log is cleared during a pause', () => {
    useTrafficStore.getState().setPaused(true);
    useTrafficStore.getState().ingest([exchange(1)]);
    useTrafficStore.getState().clearTraffic();
    useTrafficStore.getState().setPaused(false);
    expect(useTrafficStore.getState().exchanges).toEqual([]);
  });

  it('counts the exchanges the control API left out of the stream until the log is cleared', () => {
    useTrafficStore.getState().ingest([exchange(1)], 500);
    useTrafficStore.getState().ingest([], 250);
    useTrafficStore.getState().flush();
    expect(useTrafficStore.getState()).toMatchObject({ dropped: 750 });
    expect(useTrafficStore.getState().exchanges).toHaveLength(1);
    useTrafficStore.getState().clearTraffic();
    expect(useTrafficStore.getState().dropped).toBe(0);
  });

  it('filters by method, status class and path text', () => {
    useTrafficStore
      .getState()
      .ingest([
        exchange(1, 'GET', 200),
        exchange(2, 'POST', 422, '/todos'),
        exchange(3, 'POST', 201, '/users'),
      ]);
    useTrafficStore.getState().flush();
    const { setFilter } = useTrafficStore.getState();
    setFilter({ method: 'POST' });
    expect(trafficSelectors.visible(useTrafficStore.getState()).map((e) => e.seq)).toEqual([2, 3]);
    setFilter({ status: '4xx' });
    expect(trafficSelectors.visible(useTrafficStore.getState()).map((e) => e.seq)).toEqual([2]);
    setFilter({ method: '', status: '', text: 'USERS' });
    expect(trafficSelectors.visible(useTrafficStore.getState()).map((e) => e.seq)).toEqual([3]);
  });

  it('filters by who answered: a route as is, a simulated rule, the proxied backend', () => {
    useTrafficStore
      .getState()
      .ingest([
        exchange(1),
        { ...exchange(2), tag: 'simulated' },
        { ...exchange(3), tag: 'proxied' },
        { ...exchange(4), tag: 'outgoing' },
      ]);
    useTrafficStore.getState().flush();
    const seqs = () => trafficSelectors.visible(useTrafficStore.getState()).map((e) => e.seq);
    useTrafficStore.getState().setFilter({ tag: 'proxied' });
    expect(seqs()).toEqual([3]);
    useTrafficStore.getState().setFilter({ tag: 'simulated' });
    expect(seqs()).toEqual([2]);
    useTrafficStore.getState().setFilter({ tag: 'mocked' });
    expect(seqs()).toEqual([1]);
    useTrafficStore.getState().setFilter({ tag: 'outgoing' });
    expect(seqs()).toEqual([4]);
  });
});
