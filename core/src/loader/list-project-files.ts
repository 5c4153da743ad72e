/**
 * The files that make up a project (CONTRACT §7): `.ts` and `.js` files, without
 * `node_modules`, `data` (the default datasource's files), dot-folders and build output
 * (`dist`, `build`, `coverage`), and without declaration and test files.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Dependencies, the default datasource's files, what a build or a test run writes, and the
 * files the Console's multipart requests attach (issue 30: an uploaded `helper.js` is data to
 * send, never project code to run).
 */
export const IGNORED_FOLDERS: ReadonlySet<string> = new Set([
  'node_modules',
  'data',
  'dist',
  'build',
  'coverage',
  'files',
]);
const SKIPPED_FILES = /(\.d\.ts|\.(test|spec)\.[jt]s)$/;
const PROJECT_FILES = /\.[jt]s$/;

/** A folder the loader does not read (nor the watcher watch): skipped ones and dot-folders. */
export function isIgnoredFolder(name: string): boolean {
  return name.startsWith('.') || IGNORED_FOLDERS.has(name);
}

/** A file name the loader reads: `.ts`/`.js`, not a declaration, test or dot-file. */
export function isProjectFile(name: string): boolean {
  return !name.startsWith('.') && PROJECT_FILES.test(name) && !SKIPPED_FILES.test(name);
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false; // a dangling symlink is not part of the project
  }
}

async function walk(folder: string, found: string[]): Promise<void> {
  const entries = await readdir(folder, { withFileTypes: true });
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(folder, entry.name);
    // Symlinked folders are not followed: they may loop, or point at another project.
    if (entry.isDirectory()) {
      if (!isIgnoredFolder(entry.name)) await walk(full, found);
      continue;
    }
    if (!isProjectFile(entry.name)) continue;
    if (entry.isFile() || (entry.isSymbolicLink() && (await isFile(full)))) found.push(full);
  }
}

/**
 * Absolute paths of a project's files, sorted by their path relative to `root` so every load
 * evaluates them in the same order on every platform.
 *
 * @example
 * ```ts
 * await listProjectFiles('/home/ann/todo'); // ['/home/ann/todo/app.ts', '/home/ann/todo/models/todo.ts']
 * ```
 */
export async function listProjectFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  await walk(root, found);
  const key = (file: string) => path.relative(root, file).split(path.sep).join('/');
  return found.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
}
