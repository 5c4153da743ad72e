/** The project's models and routes as the control API describes them. */
import { create } from 'zustand';

import { client, type ModelInfo, type Problem, type RouteInfo } from '../../api';
import { problemOf } from '../problem/problem-of';

interface ModelsState {
  models: ModelInfo[];
  routes: RouteInfo[];
  loaded: boolean;
  loading: boolean;
  error: Problem | null;
  loadModels(): Promise<void>;
}

export const useModelsStore = create<ModelsState>()((set) => ({
  models: [],
  routes: [],
  loaded: false,
  loading: false,
  error: null,
  async loadModels() {
    set({ loading: true });
    try {
      const [models, routes] = await Promise.all([client().listModels(), client().listRoutes()]);
      set({ models, routes, loaded: true, loading: false, error: null });
    } catch (error) {
      set({ loading: false, error: problemOf(error) });
    }
  },
}));

export const modelsSelectors = {
  byName: (name: string | null) => (s: ModelsState) =>
    s.models.find((m) => m.name === name) ?? null,
  /** `GET /todos` style routes of a model, for the console's prefill. */
  routesOf: (name: string) => (s: ModelsState) => s.routes.filter((r) => r.model === name),
};
