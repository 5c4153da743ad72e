/**
 * The OpenAPI document of the serving project (issue 29's endpoint inspector), read through
 * the control API on first use and again after every project reload, and the fake-data
 * generator's sample record of each model, for example bodies.
 */
import { create } from 'zustand';

import { client, type JsonValue, type OpenApiDocument, type Problem } from '../../api';
import { problemOf } from '../problem/problem-of';

interface OpenApiState {
  doc: OpenApiDocument | null;
  loading: boolean;
  error: Problem | null;
  /** Model name → a record the project's fake-data generator made up. */
  samples: Record<string, Record<string, JsonValue>>;
  /** Reads the document unless it is read or on its way. */
  ensureLoaded(): Promise<void>;
  /** Reads the document again (the project reloaded); a document never read stays unread. */
  projectChanged(): Promise<void>;
  load(): Promise<void>;
  /** A made-up record of `model`, asked for once per document. */
  ensureSample(model: string): Promise<void>;
}

let generation = 0;

export const useOpenApiStore = create<OpenApiState>()((set, get) => ({
  doc: null,
  loading: false,
  error: null,
  samples: {},
  async ensureLoaded() {
    const s = get();
    if (s.doc || s.loading) return;
    await s.load();
  },
  async projectChanged() {
    const s = get();
    if (!s.doc && !s.error && !s.loading) return;
    set({ samples: {} });
    await s.load();
  },
  async load() {
    const mine = ++generation;
    set({ loading: true });
    try {
      const doc = await client().call('getOpenApi');
      if (mine === generation) set({ doc, loading: false, error: null });
    } catch (error) {
      if (mine === generation) set({ loading: false, error: problemOf(error) });
    }
  },
  async ensureSample(model) {
    if (get().samples[model]) return;
    try {
      const sample = await client().call('sampleRecord', { params: { model } });
      set((s) => ({ samples: { ...s.samples, [model]: sample } }));
    } catch {
      // The document's examples and the schema still give a body.
    }
  },
}));
