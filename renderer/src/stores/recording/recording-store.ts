/**
 * Recording in the studio (issue 46): Traffic's Record switch, and the recording's review,
 * the import preview of what it would write, the folder it goes to and Create. Where the
 * recording stands is the server status's (`ServerStatus.recording`, pushed on every change):
 * this store holds only the review, and mirrors an answer into the server store at once.
 */
import { create } from 'zustand';

import { client, type ImportPreview, type Problem, type RecordingStatus } from '../../api';
import { isAbsolutePath } from '../import/import-store';
import { problemOf } from '../problem/problem-of';
import { useProjectStore } from '../project/project-store';
import { useServerStore } from '../server/server-store';

type Phase = 'idle' | 'previewing' | 'ready' | 'writing';

interface RecordingState {
  busy: boolean;
  error: Problem | null;
  /** The review dialog is open. */
  reviewing: boolean;
  preview: ImportPreview | null;
  phase: Phase;
  dir: string;
  replace: boolean;
  start(): Promise<void>;
  /** Stops recording and opens the review. */
  stop(suggestDir: string): Promise<void>;
  /** Opens the review of a recording that waits. */
  review(suggestDir: string): Promise<void>;
  setDir(dir: string): void;
  setReplace(replace: boolean): void;
  refreshPreview(): Promise<void>;
  /** Writes the project and opens it; true when it is open. */
  create(): Promise<boolean>;
  discard(): Promise<boolean>;
  /** Closes the review; the recording waits. */
  close(): void;
  dismissError(): void;
}

/** The server store shows the answer now; the `server` event that follows agrees. */
function mirror(status: RecordingStatus): void {
  useServerStore.setState((s) => {
    if (!s.status) return s;
    const { recording: _, ...rest } = s.status;
    return { status: status.state === 'off' ? rest : { ...rest, recording: status } };
  });
}

const REVIEW = { preview: null, phase: 'idle' as Phase, replace: false };

export const useRecordingStore = create<RecordingState>()((set, get) => {
  async function act(call: () => Promise<RecordingStatus>): Promise<boolean> {
    set({ busy: true, error: null });
    try {
      mirror(await call());
      set({ busy: false });
      return true;
    } catch (error) {
      set({ busy: false, error: problemOf(error) });
      return false;
    }
  }
  return {
    busy: false,
    error: null,
    reviewing: false,
    ...REVIEW,
    dir: '',
    start: async () => {
      await act(() => client().call('startRecording'));
    },
    async stop(suggestDir) {
      if (await act(() => client().call('stopRecording'))) await get().review(suggestDir);
    },
    async review(suggestDir) {
      set({ reviewing: true, ...REVIEW, dir: get().dir || suggestDir, error: null });
      await get().refreshPreview();
    },
    setDir: (dir) => set({ dir, replace: false }),
    setReplace: (replace) => set({ replace }),
    async refreshPreview() {
      const dir = get().dir.trim();
      set({ phase: 'previewing', error: null });
      try {
        const preview = await client().call('previewRecording', {
          body: isAbsolutePath(dir) ? { dir } : {},
        });
        set({ preview, phase: 'ready' });
      } catch (error) {
        set({ preview: null, phase: 'idle', error: problemOf(error) });
      }
    },
    async create() {
      const { dir, replace } = get();
      if (!dir.trim()) return false;
      set({ phase: 'writing', error: null });
      try {
        const project = await client().call('importRecording', {
          body: { dir: dir.trim(), ...(replace ? { force: true } : {}) },
        });
        useProjectStore.getState().setProject(project);
        mirror({ state: 'off', exchanges: 0 });
        set({ reviewing: false, ...REVIEW, dir: '' });
        return true;
      } catch (error) {
        set({ phase: 'ready', error: problemOf(error) });
        return false;
      }
    },
    async discard() {
      const done = await act(() => client().call('discardRecording'));
      if (done) set({ reviewing: false, ...REVIEW, dir: '' });
      return done;
    },
    close: () => set({ reviewing: false, ...REVIEW, error: null }),
    dismissError: () => set({ error: null }),
  };
});
