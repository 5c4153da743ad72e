/** Which view is on screen. Kept apart so any view can send the user to another one. */
import { create } from 'zustand';

export const VIEWS = ['Models', 'Endpoints', 'Data', 'Console', 'Traffic'] as const;
export type ViewName = (typeof VIEWS)[number];

interface UiState {
  view: ViewName;
  showView(view: ViewName): void;
}

export const useUiStore = create<UiState>()((set) => ({
  view: 'Models',
  showView: (view) => set({ view }),
}));

export const uiSelectors = {
  view: (s: UiState) => s.view,
  shows: (view: ViewName) => (s: UiState) => s.view === view,
};
