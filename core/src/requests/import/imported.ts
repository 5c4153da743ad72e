/**
 * Issue 30: what every request importer (Postman, Bruno, `.http`) answers: a collection of
 * requests in folders, its environments, and what it left out. An importer never writes; a
 * source that does not read throws an {@link ImportError} naming the line or JSON pointer,
 * and nothing is imported.
 */
import type { Environment, SavedRequest } from '../../contract/requests-api.js';

export interface ImportedRequest {
  /** Folder names inside the collection, outermost first (the user's names, not yet safe). */
  folders: string[];
  request: SavedRequest;
}

export interface ImportedCollection {
  format: 'postman' | 'postman-environment' | 'bruno' | 'http';
  /** The collection's name: the folder its requests are written into. */
  name: string;
  requests: ImportedRequest[];
  environments: Environment[];
  skipped: { item: string; reason: string }[];
}

/** A request with the defaults every importer starts from. */
export function blankRequest(name: string, method: string, url: string): SavedRequest {
  return { name, method, url, headers: [], body: { kind: 'none' }, auth: { kind: 'none' } };
}
