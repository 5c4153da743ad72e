/**
 * New folder… and Delete folder… of the Saved tree: the core makes an empty folder under
 * `requests/`, or deletes one with its saved requests (leaving what is not one, named in
 * `kept`). A tab that had a deleted request open keeps what it shows, as a request not saved.
 */
import { client, type DeletedRequestFolder, type Problem } from '../../api';
import { useConsoleStore } from '../console/console-store';
import { problemOf } from '../problem/problem-of';
import { useCollectionStore } from './collection-store';

const inFolder = (path: string, folder: string): boolean =>
  path === folder || path.startsWith(`${folder}/`);

/**
 * Why a folder cannot be renamed to `to`, or null: into itself (`api` → `api/v1`) the moves
 * would chase their own tail; `to` names it whatever the case on a case-blind disk.
 */
export function folderRenameProblem(from: string, to: string): string | null {
  const [a, b] = [from.toLowerCase(), to.toLowerCase()];
  if (to === from) return null;
  if (b.startsWith(`${a}/`)) return `${to} is inside ${from}: choose a folder outside it`;
  return null;
}

/** Makes `folder` (its parent's path and the new name joined); the problem, or null. */
export async function createFolder(folder: string): Promise<Problem | null> {
  try {
    await client().call('createRequestFolder', { body: { folder } });
    return null;
  } catch (error) {
    return problemOf(error);
  } finally {
    await useCollectionStore.getState().load();
  }
}

/** Deletes `folder` with its saved requests: what went and stayed, or the problem. */
export async function deleteFolder(
  folder: string,
): Promise<{ deleted: DeletedRequestFolder } | { problem: Problem }> {
  try {
    const deleted = await client().call('deleteRequestFolder', { body: { folder } });
    const { open, openByTab } = useCollectionStore.getState();
    const kept = Object.entries(openByTab).filter(([, o]) => !inFolder(o.entry.folder, folder));
    // A tab whose file went holds the last copy: closing it asks (a dot says so).
    for (const [tab, o] of Object.entries(openByTab))
      if (inFolder(o.entry.folder, folder))
        useConsoleStore.getState().patchTab(tab, { baseline: null });
    useCollectionStore.setState({
      openByTab: Object.fromEntries(kept),
      open: open && inFolder(open.entry.folder, folder) ? null : open,
    });
    return { deleted };
  } catch (error) {
    return { problem: problemOf(error) };
  } finally {
    await useCollectionStore.getState().load();
  }
}

/**
 * The folders a folder rename must make itself: those under `from` holding no request in
 * their own subtree (moving requests makes the others), at their new place under `to`.
 *
 * @example emptyFolderMoves(['a', 'a/x', 'a/y'], ['a/x'], 'a', 'b') // ['b/y']
 */
export function emptyFolderMoves(
  folders: readonly string[],
  requestFolders: readonly string[],
  from: string,
  to: string,
): string[] {
  const made = folders
    .filter((f) => inFolder(f, from) && !requestFolders.some((r) => inFolder(r, f)))
    .map((f) => [to, f.slice(from.length + 1)].filter(Boolean).join('/'))
    .filter((f) => f !== '');
  // Only the deepest: making `b/y` makes `b` too.
  return made.filter((f) => !made.some((g) => g !== f && inFolder(g, f)));
}

/** After a folder rename's moves: its empty folders made at the new place, the old one gone. */
export async function moveEmptyFolders(
  folders: readonly string[],
  requestFolders: readonly string[],
  from: string,
  to: string,
): Promise<void> {
  const status = async (step: Promise<unknown>) =>
    step.then(
      () => 200,
      (error: unknown) => problemOf(error).status,
    );
  const empty = emptyFolderMoves(folders, requestFolders, from, to);
  // No empty folder under it: the moves took the folder along (a delete would be a 404).
  if (empty.length === 0) return;
  for (const folder of empty) {
    // A folder there already (a rename into an existing one) is where it should be.
    const made = await status(client().call('createRequestFolder', { body: { folder } }));
    if (made !== 200 && made !== 409) throw new Error(`could not make requests/${folder}`);
  }
  // Still there: moving requests drops only the folders it empties. Only empty folders go
  // (a request saved into it meanwhile stays); none when the names differ only in case, which
  // on macOS and Windows is one folder.
  if (from.toLowerCase() !== to.toLowerCase()) {
    const gone = await status(
      client().call('deleteRequestFolder', { body: { folder: from, emptyOnly: true } }),
    );
    if (gone !== 200 && gone !== 404) throw new Error(`could not remove requests/${from}`);
  }
}
