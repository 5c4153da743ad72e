/**
 * "New project from…" (issue 28): the chosen source file, the folder it goes to, the preview the
 * control API answers for them, and the write. The file is read in the page (a browser studio
 * has no path to it) and sent as text; nothing is written before `create`.
 */
import { create } from 'zustand';

import { client, type ImportPreview, type Problem } from '../../api';
import { problemOf } from '../problem/problem-of';
import { useProjectStore } from '../project/project-store';

/** The control API's body limit, less room for the JSON around the text. */
export const MAX_IMPORT_BYTES = 30 * 1024 * 1024;

export interface ImportSource {
  name: string;
  size: number;
  text: string;
}

type Phase = 'idle' | 'reading' | 'previewing' | 'ready' | 'writing';

interface ImportState {
  source: ImportSource | null;
  dir: string;
  /** Replace files of the plan that exist in `dir`. */
  replace: boolean;
  preview: ImportPreview | null;
  phase: Phase;
  error: Problem | null;
  chooseFile(file: File, suggestDir: (base: string) => string): Promise<void>;
  setDir(dir: string): void;
  setReplace(replace: boolean): void;
  refreshPreview(): Promise<void>;
  /** Writes the project and opens it; true when it is open. */
  create(): Promise<boolean>;
  reset(): void;
}

function localProblem(title: string, detail: string): Problem {
  return { type: 'about:blank', title, status: 0, detail, message: detail, instance: '' };
}

/** A folder path the control API takes: `/home/me/x`, `C:\\x`, `\\\\server\\x`. */
export function isAbsolutePath(path: string): boolean {
  return /^(\/|[a-zA-Z]:[\\/]|\\\\)/.test(path);
}

/** `db.json` → `db`, `openapi.v2.yaml` → `openapi.v2`: the start of a folder name. */
export function baseNameOf(fileName: string): string {
  const base = fileName.replace(/\.(json5?|ya?ml|har)$/i, '');
  return (
    base
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^[-.]+|-+$/g, '') || 'imported'
  );
}

/** Beside the open project: `/home/me/todo` + `db` → `/home/me/db-api`. */
export function besideProject(root: string | undefined, base: string): string {
  const name = /api$/i.test(base) ? base : `${base}-api`;
  if (!root) return '';
  const sep = root.includes('\\') && !root.includes('/') ? '\\' : '/';
  const parent = root.slice(0, Math.max(root.lastIndexOf(sep), 0)) || sep;
  return parent.endsWith(sep) ? `${parent}${name}` : `${parent}${sep}${name}`;
}

const INITIAL = {
  source: null,
  dir: '',
  replace: false,
  preview: null,
  phase: 'idle' as Phase,
  error: null,
};

export const useImportStore = create<ImportState>()((set, get) => ({
  ...INITIAL,
  async chooseFile(file, suggestDir) {
    if (file.size > MAX_IMPORT_BYTES) {
      set({
        ...INITIAL,
        dir: get().dir,
        error: localProblem(
          'The file is too large for the studio',
          `${file.name} is ${(file.size / 1024 / 1024).toFixed(0)} MB, over the studio's ${MAX_IMPORT_BYTES / 1024 / 1024} MB limit: run \`npx decorest init <folder> --from ${file.name}\` (up to 50 MB, a .har of any size)`,
        ),
      });
      return;
    }
    set({ phase: 'reading', error: null, preview: null });
    let text: string;
    try {
      text = await file.text();
    } catch (error) {
      set({ phase: 'idle', error: problemOf(error) });
      return;
    }
    const dir = get().dir || suggestDir(baseNameOf(file.name));
    set({ source: { name: file.name, size: file.size, text }, dir, replace: false });
    await get().refreshPreview();
  },
  setDir: (dir) => set({ dir, replace: false }),
  setReplace: (replace) => set({ replace }),
  async refreshPreview() {
    const { source, dir } = get();
    if (!source) return;
    set({ phase: 'previewing', error: null });
    try {
      const preview = await client().call('previewImport', {
        body: {
          fileName: source.name,
          text: source.text,
          ...(isAbsolutePath(dir.trim()) ? { dir: dir.trim() } : {}),
        },
      });
      // A newer file or folder was chosen while this one was read: its answer wins.
      if (get().source !== source) return;
      set({ preview, phase: 'ready' });
    } catch (error) {
      if (get().source !== source) return;
      set({ preview: null, phase: 'idle', error: problemOf(error) });
    }
  },
  async create() {
    const { source, dir, replace } = get();
    if (!source || !dir.trim()) return false;
    set({ phase: 'writing', error: null });
    try {
      const status = await client().call('importProject', {
        body: {
          fileName: source.name,
          text: source.text,
          dir: dir.trim(),
          ...(replace ? { force: true } : {}),
        },
      });
      useProjectStore.getState().setProject(status);
      set({ ...INITIAL });
      return true;
    } catch (error) {
      set({ phase: 'ready', error: problemOf(error) });
      return false;
    }
  },
  reset: () => set({ ...INITIAL }),
}));
