/** Which saved requests a folder rename moves, and where (issue 30). Pure: request-moves.ts writes. */
import type { RequestEntry } from '../../api';

/** A folder typed by the user as the core names it: `/`-separated, no empty parts. */
export function normalFolder(folder: string): string {
  return folder
    .split(/[/\\]/)
    .map((p) => p.trim())
    .filter(Boolean)
    .join('/');
}

/**
 * The requests a folder rename moves (those of `from` and of its subfolders) and the folder each
 * goes to. The top (`""`) is not a folder to rename.
 *
 * @example folderMoves(requests, 'todos', 'tasks') // todos/a → tasks, todos/old/b → tasks/old
 */
export function folderMoves(
  requests: readonly RequestEntry[],
  from: string,
  to: string,
): { entry: RequestEntry; folder: string }[] {
  if (from === '') return [];
  return requests.flatMap((entry) => {
    if (entry.folder === from) return [{ entry, folder: to }];
    if (!entry.folder.startsWith(`${from}/`)) return [];
    const rest = entry.folder.slice(from.length + 1);
    return [{ entry, folder: to ? `${to}/${rest}` : rest }];
  });
}
