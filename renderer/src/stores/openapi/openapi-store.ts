/**
 * The OpenAPI document of the serving project (issue 29's endpoint inspector), read through
 * the control API on first use and again after every project reload. Its examples are the
 * inspector's (issue 43): the core puts one on every body and answer.
 */
import { create } from 'zustand';

import { client, type OpenApiDocument, type Problem } from '../../api';
import { problemOf } from '../problem/problem-of';

interface OpenApiState {
  doc: OpenApiDocument | null;
  loading: boolean;
  error: Problem | null;
  /** Reads the document unless it is read or on its way. */
  ensureLoaded(): Promise<void>;
  /** Reads the document again (the project reloaded); a document never read stays unread. */
  projectChanged(): Promise<void>;
  load(): Promise<void>;
}

let generation = 0;

export const useOpenApiStore = create<OpenApiState>()((set, get) => ({
  doc: null,
  loading: false,
  error: null,
  async ensureLoaded() {
    const s = get();
    if (s.doc || s.loading) return;
    await s.load();
  },
  async projectChanged() {
    const s = get();
    if (!s.doc && !s.error && !s.loading) return;
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
}));
