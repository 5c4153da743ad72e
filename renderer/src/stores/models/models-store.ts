/**
 * The project's models and routes as the control API describes them, and the model edits
 * that change them (previewed, then applied with the hashes of the files previewed).
 */
import { create } from 'zustand';

import {
  client,
  type ModelEdit,
  type ModelEditPreview,
  type ModelInfo,
  type ModelSource,
  type Problem,
  type RouteInfo,
} from '../../api';
import { attempt, type Outcome } from '../problem/outcome';
import { problemOf } from '../problem/problem-of';
import { projectSelectors, useProjectStore } from '../project/project-store';

interface ModelsState {
  models: ModelInfo[];
  routes: RouteInfo[];
  loaded: boolean;
  loading: boolean;
  error: Problem | null;
  loadModels(): Promise<void>;
  /** The model's file as it is on disk, with its decorators. */
  readSource(model: string): Promise<Outcome<ModelSource>>;
  /** What `edit` would write, file by file, and do to the records; nothing is written. */
  previewEdit(edit: ModelEdit): Promise<Outcome<ModelEditPreview>>;
  /**
   * Writes `edit` as previewed: a file changed since (its hash differs) is refused with a 409.
   * The models are read again once it is written.
   */
  applyEdit(edit: ModelEdit, preview: ModelEditPreview): Promise<Outcome<null>>;
}

export const useModelsStore = create<ModelsState>()((set, get) => ({
  models: [],
  routes: [],
  loaded: false,
  loading: false,
  error: null,
  async loadModels() {
    // No version of the project serves (it failed to load on open): there are no models to
    // ask for, and asking is a 409 the console would log.
    if (projectSelectors.servingNothing(useProjectStore.getState())) {
      set({ models: [], routes: [], loaded: true, loading: false, error: null });
      return;
    }
    set({ loading: true });
    try {
      const [models, routes] = await Promise.all([
        client().call('listModels'),
        client().call('listRoutes'),
      ]);
      set({ models, routes, loaded: true, loading: false, error: null });
    } catch (error) {
      set({ loading: false, error: problemOf(error) });
    }
  },
  readSource: (model) => attempt(() => client().call('readModelSource', { params: { model } })),
  previewEdit: (edit) => attempt(() => client().call('previewModelEdit', { body: { edit } })),
  applyEdit: (edit, preview) =>
    attempt(async () => {
      const hashes = Object.fromEntries(preview.files.map((f) => [f.file, f.hash]));
      if (edit.kind === 'createModel')
        await client().call('createModel', { body: { model: edit.model, hashes } });
      else await client().call('applyModelEdit', { body: { edit, hashes } });
      await get().loadModels();
      return null;
    }),
}));

export const modelsSelectors = {
  byName: (name: string | null) => (s: ModelsState) =>
    s.models.find((m) => m.name === name) ?? null,
  /** `GET /todos` style routes of a model, for the console's prefill. */
  routesOf: (name: string) => (s: ModelsState) => s.routes.filter((r) => r.model === name),
};
