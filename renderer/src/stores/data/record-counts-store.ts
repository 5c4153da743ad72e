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
  /** Reads the count of every model named (the models list changed, or the view opened). */
  loadCounts(models: readonly string[]): Promise<void>;
  /** Reads one model's count again after its records changed; nothing until it was counted. */
  recount(model: string): Promise<void>;
  /** A count read along the way (an unfiltered page says its total). */
  setCount(model: string, count: number): void;
}

const reading = new Map<string, Promise<void>>();
const readAgain = new Set<string>();

export const useRecordCounts = create<RecordCountsState>()((set, get) => {
  function read(model: string): Promise<void> {
    const running = reading.get(model);
    if (running) {
      readAgain.add(model);
      return running;
    }
    const run = (async () => {
      do {
        readAgain.delete(model);
        try {
          const { total } = await client().listRecords(model, { limit: 0 });
          get().setCount(model, total);
        } catch {
          // A model gone in a reload, or the studio away: the count is left out, not wrong.
          set((s) => {
            const counts = { ...s.counts };
            delete counts[model];
            return { counts };
          });
        }
      } while (readAgain.has(model));
    })().finally(() => reading.delete(model));
    reading.set(model, run);
    return run;
  }

  return {
    counts: {},
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
