/**
 * Issue 30, issue 41: the order the collection is listed, run and shown in. A folder's requests
 * by their place (`seq`, Bruno's), then by file name, the unnumbered last. Folders as a tree:
 * a folder before its subfolders, and sibling folders by the first place found anywhere under
 * them, then by name. An import numbers its requests through the whole collection in the
 * source's order, so Postman's "Auth" folder stays before "Articles"; folders nobody numbered
 * keep the name order they always had.
 */
import type { RequestEntry } from '../contract/requests-api.js';

const UNNUMBERED = Number.MAX_SAFE_INTEGER;

const partsOf = (folder: string): string[] => (folder === '' ? [] : folder.split('/'));

/** Every folder (and each of its parents) → the smallest `seq` of a request under it. */
function firstPlaces(entries: readonly RequestEntry[]): Map<string, number> {
  const first = new Map<string, number>();
  for (const e of entries) {
    const seq = e.request.seq ?? UNNUMBERED;
    const parts = partsOf(e.folder);
    for (let i = 1; i <= parts.length; i++) {
      const key = parts.slice(0, i).join('/');
      if (seq < (first.get(key) ?? UNNUMBERED)) first.set(key, seq);
    }
  }
  return first;
}

/** A comparison of folder paths in tree order, siblings by their first place then name. */
export function folderOrder(entries: readonly RequestEntry[]): (a: string, b: string) => number {
  const first = firstPlaces(entries);
  return (a, b) => {
    if (a === b) return 0;
    const [pa, pb] = [partsOf(a), partsOf(b)];
    for (let i = 0; ; i++) {
      if (i >= pa.length || i >= pb.length) return pa.length - pb.length;
      if (pa[i] === pb[i]) continue;
      const place = (parts: string[]) => first.get(parts.slice(0, i + 1).join('/')) ?? UNNUMBERED;
      return place(pa) - place(pb) || (pa[i]! < pb[i]! ? -1 : 1);
    }
  };
}

/**
 * File names without their extension (issue 48): "List books copy.json" sorted before "List
 * books.json", since a space comes before the dot; the names sort as the user reads them.
 */
function byName(a: string, b: string): number {
  const stem = (path: string) => path.replace(/\.[^./]+$/, '');
  const [sa, sb] = [stem(a), stem(b)];
  if (sa !== sb) return sa < sb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `entries` and `folders` in the collection's order (new arrays). */
export function inCollectionOrder(
  entries: readonly RequestEntry[],
  folders: readonly string[],
): { requests: RequestEntry[]; folders: string[] } {
  const byFolder = folderOrder(entries);
  const place = (e: RequestEntry) => e.request.seq ?? UNNUMBERED;
  const requests = [...entries].sort(
    (a, b) => byFolder(a.folder, b.folder) || place(a) - place(b) || byName(a.path, b.path),
  );
  return { requests, folders: [...folders].sort(byFolder) };
}
