/**
 * Rename, move and folder rename of saved requests (issue 30). Each is the core's save with the
 * request's current `path` (SaveRequestBody: a rename or move when the new file differs), one
 * request at a time, so a folder rename that stops part way says how far it got. A moved
 * request that is open in the Console stays open under its new path.
 */
import { client, type Problem, type RequestEntry } from '../../api';
import { problemOf } from '../problem/problem-of';
import { movingPaths, type OpenRequest, useCollectionStore } from './collection-store';
import { folderRenameProblem, moveEmptyFolders } from './folder-actions';
import { folderMoves } from './folder-moves';

async function moveOne(entry: RequestEntry, folder: string, name: string): Promise<RequestEntry> {
  movingPaths.add(entry.path);
  let moved: RequestEntry;
  try {
    moved = await client().call('saveRequest', {
      body: { folder, request: { ...entry.request, name }, path: entry.path },
    });
  } finally {
    movingPaths.delete(entry.path);
  }
  // A tab that has it open follows it to its new path (load() would otherwise let go of it,
  // its old file being gone).
  const { open, openByTab } = useCollectionStore.getState();
  const follow = (o: OpenRequest): OpenRequest =>
    o.entry.path === entry.path ? { ...o, entry: moved } : o;
  useCollectionStore.setState({
    openByTab: Object.fromEntries(Object.entries(openByTab).map(([tab, o]) => [tab, follow(o)])),
    open: open && follow(open),
  });
  return moved;
}

/** Renames or moves one saved request; the problem the core answered, or null. */
export async function moveRequest(
  entry: RequestEntry,
  to: { name?: string; folder?: string },
): Promise<Problem | null> {
  try {
    await moveOne(entry, to.folder ?? entry.folder, to.name ?? entry.request.name);
    return null;
  } catch (error) {
    return problemOf(error);
  } finally {
    await useCollectionStore.getState().load();
  }
}

/** Moves every request of `from` and its subfolders under `to`: how many moved, and a problem. */
export async function renameFolder(
  from: string,
  to: string,
): Promise<{ moved: number; problem: Problem | null }> {
  const { requests = [], folders = [] } = useCollectionStore.getState().collection ?? {};
  let moved = 0;
  const refused = folderRenameProblem(from, to);
  if (refused) return { moved, problem: problemOf(new Error(refused)) };
  try {
    for (const { entry, folder } of folderMoves(requests, from, to)) {
      await moveOne(entry, folder, entry.request.name);
      moved++;
    }
    // A folder made with New folder… and still empty moves too.
    await moveEmptyFolders(
      folders,
      requests.map((r) => r.folder),
      from,
      to,
    );
    return { moved, problem: null };
  } catch (error) {
    return { moved, problem: problemOf(error) };
  } finally {
    await useCollectionStore.getState().load();
  }
}
