/** The open project: its status (loaded or failed, with the load error), recent folders, and
 * the event stream's connection state. */
import { create } from 'zustand';

import { client, type Problem, type ProjectStatus, type StreamState } from '../../api';
import { problemOf } from '../problem/problem-of';

interface ProjectState {
  status: ProjectStatus | null;
  stream: StreamState;
  busy: boolean;
  error: Problem | null;
  loadProject(): Promise<void>;
  setProject(status: ProjectStatus): void;
  reloadProject(): Promise<void>;
  openProject(dir: string): Promise<boolean>;
  setStream(state: StreamState): void;
}

export const useProjectStore = create<ProjectState>()((set) => ({
  status: null,
  stream: 'connecting',
  busy: false,
  error: null,
  async loadProject() {
    try {
      set({ status: await client().call('getProject'), error: null });
    } catch (error) {
      set({ error: problemOf(error) });
    }
  },
  setProject: (status) => set({ status }),
  async reloadProject() {
    set({ busy: true });
    try {
      set({ status: await client().call('reloadProject'), busy: false, error: null });
    } catch (error) {
      set({ busy: false, error: problemOf(error) });
    }
  },
  async openProject(dir) {
    set({ busy: true, error: null });
    try {
      set({ status: await client().call('openProject', { body: { dir } }), busy: false });
      return true;
    } catch (error) {
      set({ busy: false, error: problemOf(error) });
      return false;
    }
  },
  setStream: (stream) => set({ stream }),
}));

export const projectSelectors = {
  name: (s: ProjectState) => s.status?.name ?? '',
  loadError: (s: ProjectState) => (s.status?.state === 'failed' ? (s.status.error ?? null) : null),
  /** The last good API still answers while the files are broken. */
  servingStale: (s: ProjectState) => s.status?.state === 'failed' && s.status.serving,
  /** A load failed and no earlier version serves: the mock API answers 404 to everything. */
  servingNothing: (s: ProjectState) => s.status?.state === 'failed' && !s.status.serving,
};
