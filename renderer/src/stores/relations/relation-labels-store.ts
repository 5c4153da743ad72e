/**
 * Titles of the records that relation cells point at, read on demand: a cell on screen asks
 * for its parent, the asks of one render are sent together as one records query per model
 * (`id=1&id=7&…`), and a record-change event of a model forgets its titles so the cells on
 * screen ask again. Only visible cells ask, so 100,000 rows cost a page of parents at a time.
 */
import { create } from 'zustand';

import { client, type RecordKey } from '../../api';
import { useModelsStore } from '../models/models-store';
import { labelFieldOf, labelOf } from './record-labels';

/** At most this many ids in one query (the grid shows a few dozen rows at a time). */
const BATCH = 100;

/** A parent's title; `''` when its model has no title field; `null` when no such record. */
export type RelationLabel = string | null;

interface RelationLabelsState {
  /** By {@link labelKey}. Absent: not read yet (or forgotten). */
  labels: Record<string, RelationLabel>;
  /** Ids asked for since the last flush, by model: sent together as one query per model. */
  waiting: Readonly<Record<string, readonly RecordKey[]>>;
  /** Keys asked for and not answered yet, so a key is not read twice at once. */
  inFlight: Readonly<Record<string, true>>;
  /** A flush of {@link waiting} is queued (a microtask: the asks of one render). */
  flushScheduled: boolean;
  /** Bumped by `forget()`: an answer read before it may be stale, so its ids are read again. */
  everyEpoch: number;
  /** Bumped by `forget(model)`, by model. */
  epochs: Readonly<Record<string, number>>;
  /** The reads of the last flush, settled once all have answered. */
  reads: Promise<void>;
  /** Reads the title of `model`'s record `id` soon, unless it is known or on its way. */
  request(model: string, id: RecordKey): void;
  /** Forgets what was read of `model` (its records changed), or of every model. */
  forget(model?: string): void;
  /** Settles once nothing is asked for or on its way (stale answers read again included). */
  whenRead(): Promise<void>;
}

export const labelKey = (model: string, id: RecordKey): string => `${model}\u0000${String(id)}`;

export const useRelationLabels = create<RelationLabelsState>()((set, get) => {
  const epochOf = (model: string): number => get().everyEpoch + (get().epochs[model] ?? 0);

  async function read(model: string, ids: RecordKey[]): Promise<void> {
    const asked = epochOf(model);
    const info = useModelsStore.getState().models.find((m) => m.name === model);
    let labels: Record<string, RelationLabel> | undefined;
    try {
      const page = await client().call('listRecords', {
        params: { model },
        query: { id: ids, limit: ids.length },
      });
      const field = info ? labelFieldOf(info) : undefined;
      labels = {};
      for (const id of ids) labels[labelKey(model, id)] = null;
      for (const record of page.items) labels[labelKey(model, record.id)] = labelOf(record, field);
    } catch {
      // Left unknown: the cell shows the bare id, and asks again when it is drawn again.
    }
    set((s) => {
      const inFlight = { ...s.inFlight };
      for (const id of ids) delete inFlight[labelKey(model, id)];
      return { inFlight };
    });
    if (asked !== epochOf(model)) {
      for (const id of ids) get().request(model, id);
    } else if (labels) {
      const fresh = labels;
      set((s) => ({ labels: { ...s.labels, ...fresh } }));
    }
  }

  function flush(): void {
    const reads: Promise<void>[] = [];
    for (const [model, ids] of Object.entries(get().waiting)) {
      for (let i = 0; i < ids.length; i += BATCH) reads.push(read(model, ids.slice(i, i + BATCH)));
    }
    set({ waiting: {}, flushScheduled: false, reads: Promise.all(reads).then(() => undefined) });
  }

  return {
    labels: {},
    waiting: {},
    inFlight: {},
    flushScheduled: false,
    everyEpoch: 0,
    epochs: {},
    reads: Promise.resolve(),
    request(model, id) {
      const key = labelKey(model, id);
      const s = get();
      if (key in s.labels || s.inFlight[key]) return;
      set({
        inFlight: { ...s.inFlight, [key]: true },
        waiting: { ...s.waiting, [model]: [...(s.waiting[model] ?? []), id] },
      });
      if (!s.flushScheduled) {
        set({ flushScheduled: true });
        queueMicrotask(flush);
      }
    },
    forget(model) {
      if (model === undefined) {
        return set((s) => ({ labels: {}, everyEpoch: s.everyEpoch + 1 }));
      }
      const prefix = labelKey(model, '');
      set((s) => ({
        epochs: { ...s.epochs, [model]: (s.epochs[model] ?? 0) + 1 },
        labels: Object.fromEntries(Object.entries(s.labels).filter(([k]) => !k.startsWith(prefix))),
      }));
    },
    async whenRead() {
      // A stale answer asks again, so one more flush may follow the one awaited.
      while (get().flushScheduled || Object.keys(get().inFlight).length > 0) await get().reads;
    },
  };
});

export const relationLabelsSelectors = {
  /** The title of `model`'s record `id`: undefined until read (see {@link RelationLabel}). */
  labelOf: (model: string, id: RecordKey) => (s: RelationLabelsState) =>
    s.labels[labelKey(model, id)],
};
