/**
 * Serves the built studio UI (`renderer/dist`) on the control port, without the token: the
 * files hold no secret (CONTRACT §8). Refuses anything outside the folder and sends a strict
 * Content-Security-Policy (`studio-csp.ts`) with every file.
 */
import { createReadStream } from 'node:fs';
import type { ServerResponse } from 'node:http';

import { containedUiFile, uiContentType, uiPathSegments } from './ui-files.js';

/** Headers on every UI answer besides the CSP: the usual hardening. */
export const UI_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
});

export type StaticAnswer =
  | { kind: 'file'; file: string; size: number; type: string; immutable: boolean }
  | { kind: 'refused'; status: 400 | 403 | 404; reason: string };

/**
 * Where a URL path points inside `root`, or why not (the rules in `ui-files.ts`, which the
 * desktop shell's `app://studio` follows too). A client route of the single-page app gets
 * `index.html`.
 */
export async function resolveStatic(root: string, urlPath: string): Promise<StaticAnswer> {
  const wanted = uiPathSegments(urlPath);
  if (wanted.kind === 'refused') return wanted;
  const found = await containedUiFile(root, wanted.segments);
  if (!found) return { kind: 'refused', status: 404, reason: 'no such file' };
  return {
    kind: 'file',
    ...found,
    type: uiContentType(found.file),
    // Vite names built assets by content hash under assets/.
    immutable: wanted.segments[0] === 'assets',
  };
}

/** Streams a resolved file with the UI headers; HEAD gets the headers only. */
export function sendStatic(
  res: ServerResponse,
  answer: Extract<StaticAnswer, { kind: 'file' }>,
  head: boolean,
  csp: string,
): void {
  res.writeHead(200, {
    ...UI_HEADERS,
    'content-security-policy': csp,
    'content-type': answer.type,
    'content-length': answer.size,
    'cache-control': answer.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  if (head) {
    res.end();
    return;
  }
  const stream = createReadStream(answer.file);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}
