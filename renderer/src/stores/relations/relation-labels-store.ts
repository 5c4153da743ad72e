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
  /** Reads the title of `model`'s record `id` soon, unless it is known or on its way. */
  request(model: string, id: RecordKey): void;
  /** Forgets what was read of `model` (its records changed), or of every model. */
  forget(model?: string): void;
}

export const labelKey = (model: string, id: RecordKey): string => `${model}\u0000${String(id)}`;

const waiting = new Map<string, Set<RecordKey>>();
const inFlight = new Set<string>();
let flushScheduled = false;
/** Bumped by `forget`: an answer read before it may be stale, so its ids are read again. */
let everyEpoch = 0;
const epochs = new Map<string, number>();
const epochOf = (model: string): number => everyEpoch + (epochs.get(model) ?? 0);

export const useRelationLabels = create<RelationLabelsState>()((set, get) => {
  async function read(model: string, ids: RecordKey[]): Promise<void> {
    const asked = epochOf(model);
    const info = useModelsStore.getState().models.find((m) => m.name === model);
    let labels: Record<string, RelationLabel> | undefined;
    try {
      const page = await client().listRecords(model, { id: ids, limit: ids.length });
      const field = info ? labelFieldOf(info) : undefined;
      labels = {};
      for (const id of ids) labels[labelKey(model, id)] = null;
      for (const record of page.items) labels[labelKey(model, record.id)] = labelOf(record, field);
    } catch {
      // Left unknown: the cell shows the bare id, and asks again when it is drawn again.
    }
    for (const id of ids) inFlight.delete(labelKey(model, id));
    if (asked !== epochOf(model)) {
      for (const id of ids) get().request(model, id);
    } else if (labels) {
      const fresh = labels;
      set((s) => ({ labels: { ...s.labels, ...fresh } }));
    }
  }

  function flush(): void {
    flushScheduled = false;
    for (const [model, ids] of waiting) {
      const all = [...ids];
      for (let i = 0; i < all.length; i += BATCH) void read(model, all.slice(i, i + BATCH));
    }
    waiting.clear();
  }

  return {
    labels: {},
    request(model, id) {
      const key = labelKey(model, id);
      if (key in get().labels || inFlight.has(key)) return;
      inFlight.add(key);
      let ids = waiting.get(model);
      if (!ids) waiting.set(model, (ids = new Set()));
      ids.add(id);
      if (!flushScheduled) {
        flushScheduled = true;
        queueMicrotask(flush);
      }
    },
    forget(model) {
      if (model === undefined) {
        everyEpoch++;
        return set({ labels: {} });
      }
      epochs.set(model, (epochs.get(model) ?? 0) + 1);
      const prefix = labelKey(model, '');
      set((s) => ({
        labels: Object.fromEntries(Object.entries(s.labels).filter(([k]) => !k.startsWith(prefix))),
      }));
    },
  };
});
