/**
 * Each model's record count, unfiltered: the Data view's model list shows it, and a filtered
 * count says "12 of 197 records" with it. Counts are read once the view asks for them (a list
 * of `limit=0` queries), then kept fresh by record-change events, one read at a time per model
 * however many writes a burst brings.
 */
import { create } from 'zustand';

import { client } from '../../api';

interface RecordCountsState {
  counts: Record<string, number>;
  /** The read running for a model: one at a time per model. */
  reading: Readonly<Record<string, Promise<void>>>;
  /** Models whose records changed during their read: it runs once more. */
  readAgain: Readonly<Record<string, true>>;
  /** Reads the count of every model named (the models list changed, or the view opened). */
  loadCounts(models: readonly string[]): Promise<void>;
  /** Reads one model's count again after its records changed; nothing until it was counted. */
  recount(model: string): Promise<void>;
  /** A count read along the way (an unfiltered page says its total). */
  setCount(model: string, count: number): void;
}

function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const copy = { ...record };
  delete copy[key];
  return copy;
}

export const useRecordCounts = create<RecordCountsState>()((set, get) => {
  function read(model: string): Promise<void> {
    const running = get().reading[model];
    if (running) {
      set((s) => ({ readAgain: { ...s.readAgain, [model]: true } }));
      return running;
    }
    const run = (async () => {
      do {
        set((s) => ({ readAgain: without(s.readAgain, model) }));
        try {
          const { total } = await client().call('listRecords', {
            params: { model },
            query: { limit: 0 },
          });
          get().setCount(model, total);
        } catch {
          // A model gone in a reload, or the studio away: the count is left out, not wrong.
          set((s) => ({ counts: without(s.counts, model) }));
        }
      } while (get().readAgain[model]);
    })().finally(() => set((s) => ({ reading: without(s.reading, model) })));
    set((s) => ({ reading: { ...s.reading, [model]: run } }));
    return run;
  }

  return {
    counts: {},
    reading: {},
    readAgain: {},
    async loadCounts(models) {
      await Promise.all(models.map(read));
    },
    async recount(model) {
      if (model in get().counts) await read(model);
    },
    setCount: (model, count) =>
      set((s) => (s.counts[model] === count ? s : { counts: { ...s.counts, [model]: count } })),
  };
});

export const recordCountsSelectors = {
  /** `model`'s unfiltered count, or undefined until it is read. */
  countOf: (model: string) => (s: RecordCountsState) => s.counts[model],
  counts: (s: RecordCountsState) => s.counts,
};
