/** The mock API server: running or not, its URL and port (CONTRACT §8 "Server"). */
import { create } from 'zustand';

import { client, type Problem, type ServerStatus } from '../../api';
import { problemOf } from '../problem/problem-of';

interface ServerState {
  status: ServerStatus | null;
  busy: boolean;
  error: Problem | null;
  // Each call answers whether the control API did it; why not is in `error` (a busy port
  // leaves the server where it was, and the port field goes back to that port).
  loadServer(): Promise<boolean>;
  setServer(status: ServerStatus): void;
  startServer(): Promise<boolean>;
  stopServer(): Promise<boolean>;
  changePort(port: number): Promise<boolean>;
  dismissError(): void;
}

async function run(
  set: (partial: Partial<ServerState>) => void,
  call: () => Promise<ServerStatus>,
): Promise<boolean> {
  set({ busy: true, error: null });
  try {
    set({ status: await call(), busy: false });
    return true;
  } catch (error) {
    set({ busy: false, error: problemOf(error) });
    return false;
  }
}

export const useServerStore = create<ServerState>()((set) => ({
  status: null,
  busy: false,
  error: null,
  loadServer: () => run(set, () => client().call('getServer')),
  setServer: (status) => set({ status }),
  startServer: () => run(set, () => client().call('startServer')),
  stopServer: () => run(set, () => client().call('stopServer')),
  changePort: (port) => run(set, () => client().call('changePort', { body: { port } })),
  dismissError: () => set({ error: null }),
}));

export const serverSelectors = {
  running: (s: ServerState) => s.status?.state === 'running',
  /** The mock API's base URL while it runs (`http://127.0.0.1:3000`). */
  url: (s: ServerState) => (s.status?.state === 'running' ? s.status.url : null),
  port: (s: ServerState) => s.status?.port ?? null,
};
