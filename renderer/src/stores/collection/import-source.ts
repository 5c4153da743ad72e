/**
 * What the Import… dialog sends for a chosen file or folder (issue 30): a Postman collection or
 * a `.http` file as its name and text, a Bruno collection folder as the files the core reads
 * (`bruno.json`, every `.bru`), each with its path relative to the chosen folder. Pure: the
 * dialog's store reads the files' texts.
 */
/** The file picker's `accept`: Postman exports are `.json`, REST Client files `.http`/`.rest`. */
export const IMPORT_FILE_ACCEPT = '.json,.http,.rest,application/json';

/**
 * The largest import the core reads (the whole text, or every file of a folder together):
 * `REQUEST_FILE_LIMIT` of core/src/contract/requests-api.ts, whose values api.ts does not pass on.
 */
export const MAX_REQUESTS_IMPORT_BYTES = 1024 * 1024;

/** A file of a chosen folder as the browser gives it: `webkitRelativePath` starts with the folder. */
export interface FolderFile {
  /** `my-collection/users/Get user.bru`. */
  webkitRelativePath: string;
  size: number;
}

/**
 * The path a folder's file is sent under, relative to the chosen folder (`users/Get user.bru`),
 * or null when the core does not read it: not `.bru` nor `bruno.json`, or inside
 * `node_modules` or a hidden folder (`.git`), as Bruno itself ignores them.
 *
 * @example brunoPathOf('todos/users/Get user.bru') // 'users/Get user.bru'
 */
export function brunoPathOf(webkitRelativePath: string): string | null {
  const parts = webkitRelativePath.replace(/\\/g, '/').split('/').filter(Boolean);
  // The first part is the chosen folder itself.
  const rel = parts.length > 1 ? parts.slice(1) : parts;
  const name = rel[rel.length - 1];
  if (!name) return null;
  if (rel.slice(0, -1).some((p) => p === 'node_modules' || p.startsWith('.'))) return null;
  if (name === 'bruno.json' || /\.bru$/i.test(name)) return rel.join('/');
  return null;
}

/** The files of a chosen folder to send, with their paths; in path order. */
export function brunoFilesOf<F extends FolderFile>(
  files: Iterable<F>,
): { file: F; path: string }[] {
  const out: { file: F; path: string }[] = [];
  for (const file of files) {
    const path = brunoPathOf(file.webkitRelativePath);
    if (path !== null) out.push({ file, path });
  }
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/** Why a chosen folder cannot be sent, before anything is read; null when it can. */
export function brunoFolderProblem(
  picked: readonly { path: string; file: FolderFile }[],
): string | null {
  if (!picked.some((p) => p.path === 'bruno.json'))
    return 'This folder has no bruno.json at its top: choose the folder of a Bruno collection.';
  if (!picked.some((p) => p.path.endsWith('.bru')))
    return 'This Bruno collection has no .bru request files.';
  const size = picked.reduce((n, p) => n + p.file.size, 0);
  if (size > MAX_REQUESTS_IMPORT_BYTES)
    return `Its request files take ${kib(size)}; an import takes at most ${kib(MAX_REQUESTS_IMPORT_BYTES)}.`;
  return null;
}

/** Why a chosen file cannot be sent, before it is read; null when it can. */
export function importFileProblem(file: { name: string; size: number }): string | null {
  if (!/\.(json|http|rest)$/i.test(file.name))
    return `${file.name} is neither a Postman collection or environment (.json) nor a .http file.`;
  if (file.size > MAX_REQUESTS_IMPORT_BYTES)
    return `${file.name} takes ${kib(file.size)}; an import takes at most ${kib(MAX_REQUESTS_IMPORT_BYTES)}.`;
  return null;
}

const kib = (bytes: number) => `${Math.ceil(bytes / 1024)} KiB`;
