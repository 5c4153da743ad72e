/**
 * Issue 30: an imported collection written as saved requests, into a folder named after the
 * collection (`requests/<collection>/<its folders>/<name>.json`), and its environments. The
 * source was read whole before this runs, so a source that does not read writes nothing; a
 * request that does not check is listed as skipped, and a name taken gets ` 2`, ` 3`, ….
 */
import type { ImportRequestsResult } from '../../contract/requests-api.js';
import { ImportError, problems, WrongSourceError } from '../../errors.js';
import { doorText, lookalikeOf, looksLikeJsonServerDb } from '../../import/source-lookalikes.js';
import { checkRequest } from '../check-request.js';
import { environmentFile, type RequestCollection } from '../request-collection.js';
import { environmentFileText, parseJson } from '../request-files.js';
import { folderParts, safeName } from '../safe-names.js';
import { readBruno, type SourceFile } from './bruno.js';
import { readHttpFile } from './http-file.js';
import type { ImportedCollection } from './imported.js';
import { isPostmanCollection, readPostman } from './postman.js';
import { isPostmanEnvironment, readPostmanEnvironment } from './postman-environment.js';

/**
 * Reads one file (a Postman collection or environment, or a `.http` file, told apart by name and
 * content) or a Bruno folder. A well-known file of another kind (an OpenAPI document, a db.json,
 * a package.json) is refused saying what it looks like and where it goes (issue 41).
 */
export function readRequestsSource(
  source: { fileName: string; text: string } | { files: readonly SourceFile[] },
): ImportedCollection {
  if ('files' in source) return readBruno(source.files);
  const { fileName, text } = source;
  if (/\.(http|rest)$/i.test(fileName)) return readHttpFile(fileName, text);
  const parsed = parseJson(text);
  if (parsed.ok && isPostmanCollection(parsed.value)) return readPostman(fileName, text);
  if (parsed.ok && isPostmanEnvironment(parsed.value))
    return readPostmanEnvironment(fileName, parsed.value);
  if (parsed.ok) {
    const lookalike =
      lookalikeOf(parsed.value) ??
      (looksLikeJsonServerDb(parsed.value)
        ? { looksLike: 'a json-server db.json (an object of collections)', door: 'init' as const }
        : undefined);
    if (lookalike && lookalike.door !== 'console')
      throw new WrongSourceError(
        fileName,
        undefined,
        `looks like ${lookalike.looksLike}, not a collection of requests: ${doorText(lookalike.door)}. Import… takes a Postman collection or environment, a Bruno folder or a .http file`,
      );
  }
  if (/\.json$/i.test(fileName) || parsed.ok) return readPostman(fileName, text);
  throw new ImportError(
    fileName,
    undefined,
    'is neither a Postman collection (.json) nor a .http file',
  );
}

export async function writeImported(
  collection: RequestCollection,
  imported: ImportedCollection,
  onExisting?: 'replace' | 'copy',
): Promise<ImportRequestsResult> {
  let top = safeName(imported.name, 'imported');
  if (imported.requests.length > 0 && (await collection.store.folderExists(top))) {
    if (onExisting === undefined) {
      const held = (await collection.store.list()).requests.filter(
        (r) => r.folder === top || r.folder.startsWith(`${top}/`),
      ).length;
      throw problems.importFolderExists(top, held);
    }
    if (onExisting === 'copy') top = await collection.store.freeFolder(top);
    // Its saved requests go (the earlier import's, and any saved into it since: "Replace it"
    // says so); a file of the user's that is no saved request stays.
    else await collection.deleteFolder(top);
  }
  const result: ImportRequestsResult = {
    format: imported.format,
    // An environment export brings no request, so no folder.
    folder: imported.requests.length > 0 ? top : '',
    imported: [],
    environments: [],
    skipped: [...imported.skipped],
  };
  // Numbered through the whole collection in the source's order: the list then keeps each
  // folder's requests and the folders themselves as the source had them (request-order.ts).
  for (const [index, { folders, request }] of imported.requests.entries()) {
    request.seq = index + 1;
    const label = [...folders, request.name].join(' / ');
    const parts = folderParts(folders.join('/'));
    const checked = checkRequest(request);
    if (!parts.ok || !checked.ok) {
      const why = !parts.ok
        ? `its folder ${parts.message}`
        : `${checked.ok ? '' : checked.findings[0]!.pointer} ${checked.ok ? '' : checked.findings[0]!.message}`;
      result.skipped.push({ item: label, reason: why.trim() });
      continue;
    }
    const folder = [top, ...parts.parts].join('/');
    const name = await collection.store.freeName(folder, checked.value.name);
    result.imported.push(await collection.saveRequest(folder, { ...checked.value, name }));
  }
  for (const environment of imported.environments) {
    // The same environment there already (the collection imported before): written again as
    // it is. Another of that name (the user's own, or changed since): never written over; this
    // one goes beside it (`Local 2`), or onto an earlier import's copy that still matches.
    let name = environment.name;
    for (let n = 2; ; n++) {
      const there = await collection.store.environmentText(environmentFile(name));
      if (there === undefined || there === environmentFileText({ ...environment, name })) break;
      name = `${environment.name} ${n}`;
    }
    result.environments.push(await collection.saveEnvironment({ ...environment, name }));
  }
  return result;
}
