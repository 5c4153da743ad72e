/**
 * The Saved tab's Import… (issue 30): a Postman collection v2.1, a `.http` file or a Bruno
 * collection folder, read in the page (File.text(): a browser studio has no path to it) and
 * sent to the core, which writes the requests and environments into the project; then the
 * collection is read again. Nothing is written when the core refuses the source.
 */
import { create } from 'zustand';

import {
  client,
  type ImportRequestsBody,
  type ImportRequestsResult,
  type Problem,
} from '../../api';
import { problemOf } from '../problem/problem-of';
import { useCollectionStore } from './collection-store';
import { brunoFilesOf, brunoFolderProblem, importFileProblem } from './import-source';

interface RequestImportState {
  phase: 'idle' | 'reading' | 'importing';
  /** The chosen file's or folder's name. */
  source: string;
  result: ImportRequestsResult | null;
  error: Problem | null;
  /** The source sent, kept while the core asks what to do with the folder it had already. */
  pending: ImportRequestsBody | null;
  /** Sends `pending` again: its folder's requests replaced, or a copy beside it. */
  resolve(onExisting: 'replace' | 'copy'): Promise<void>;
  importFile(file: File): Promise<void>;
  /** The files of a folder chosen with `webkitdirectory`. */
  importFolder(files: Iterable<File>): Promise<void>;
  reset(): void;
}

const INITIAL = { phase: 'idle', source: '', result: null, error: null, pending: null } as const;

/** The core's answer when the collection's folder is there already (an import done before). */
export const FOLDER_EXISTS = 'import-folder-exists';

function refusal(detail: string): Problem {
  const title = 'This cannot be imported';
  return { type: 'about:blank', title, status: 0, detail, message: detail, instance: '' };
}

export const useRequestImportStore = create<RequestImportState>()((set, get) => {
  async function send(source: string, read: () => Promise<ImportRequestsBody>) {
    set({ phase: 'reading', source, result: null, error: null, pending: null });
    let body: ImportRequestsBody | null = null;
    try {
      body = await read();
      set({ phase: 'importing' });
      const result = await client().call('importRequests', { body });
      set({ phase: 'idle', result });
      await useCollectionStore.getState().load();
    } catch (error) {
      const problem = problemOf(error);
      set({ phase: 'idle', error: problem, pending: problem.type === FOLDER_EXISTS ? body : null });
    }
  }
  return {
    ...INITIAL,
    async importFile(file) {
      if (get().phase !== 'idle') return;
      const problem = importFileProblem(file);
      if (problem) return set({ ...INITIAL, source: file.name, error: refusal(problem) });
      await send(file.name, async () => ({ fileName: file.name, text: await file.text() }));
    },
    async importFolder(files) {
      if (get().phase !== 'idle') return;
      const all = [...files];
      const folder = all[0]?.webkitRelativePath.split('/')[0] ?? 'the folder';
      const picked = brunoFilesOf(all);
      const problem = brunoFolderProblem(picked);
      if (problem) return set({ ...INITIAL, source: folder, error: refusal(problem) });
      await send(folder, async () => ({
        files: await Promise.all(
          picked.map(async ({ file, path }) => ({ path, text: await file.text() })),
        ),
      }));
    },
    async resolve(onExisting) {
      const { pending, source } = get();
      if (!pending || get().phase !== 'idle') return;
      await send(source, () => Promise.resolve({ ...pending, onExisting }));
    },
    reset() {
      set(INITIAL);
    },
  };
});
