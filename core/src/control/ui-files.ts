/**
 * Which file of the built studio UI (`renderer/dist`) a path names, and its content type: one
 * set of rules for both of the UI's homes (issue 43 §5), the browser studio's control port
 * (`static-files.ts`) and the desktop shell's `app://studio` (electron/src/protocol.ts).
 */
import { realpath, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/**
 * The `content-type` of a UI file, by extension; anything unknown is opaque bytes.
 *
 * @example
 * ```ts
 * uiContentType('assets/index-abc.js'); // 'text/javascript; charset=utf-8'
 * ```
 */
export function uiContentType(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export type UiPath =
  { kind: 'file'; segments: string[] } | { kind: 'refused'; status: 400 | 403; reason: string };

/**
 * The segments a URL path (`/assets/index-abc.js`, as sent: not yet decoded) names inside the
 * UI folder, or why it may not. Each segment is decoded on its own, so `..`, `%2e%2e`, `%2f`,
 * backslashes, drive letters, empty segments (`//etc`) and dot-files are refused, not quietly
 * resolved: none has any business in a UI asset's URL. A path whose last segment has no
 * extension is a route of the single-page app and gets `index.html`.
 *
 * @example
 * ```ts
 * uiPathSegments('/data/todos'); // { kind: 'file', segments: ['index.html'] }
 * uiPathSegments('/%2e%2e/x.js'); // { kind: 'refused', status: 403, … }
 * ```
 */
export function uiPathSegments(rawPath: string): UiPath {
  const parts = rawPath === '' || rawPath === '/' ? [] : rawPath.replace(/^\//, '').split('/');
  // A trailing slash names the folder: same as no slash for the single-page app.
  if (parts.at(-1) === '') parts.pop();
  const segments: string[] = [];
  for (const part of parts) {
    let segment: string;
    try {
      segment = decodeURIComponent(part);
    } catch {
      return { kind: 'refused', status: 400, reason: 'malformed percent-encoding' };
    }
    if (segment === '' || segment.startsWith('.') || /[/\\:\0]/.test(segment)) {
      return { kind: 'refused', status: 403, reason: 'path outside the studio UI' };
    }
    segments.push(segment);
  }
  const last = segments.at(-1);
  if (last === undefined || extname(last) === '') return { kind: 'file', segments: ['index.html'] };
  return { kind: 'file', segments };
}

/**
 * The real file the segments name and its size, when it is a file inside `root` once symlinks
 * are resolved (a symlink inside the folder must not lead out of it); else `undefined`.
 */
export async function containedUiFile(
  root: string,
  segments: readonly string[],
): Promise<{ file: string; size: number } | undefined> {
  try {
    const base = await realpath(root);
    const file = await realpath(join(base, ...segments));
    if (!file.startsWith(base + sep)) return undefined;
    const info = await stat(file);
    return info.isFile() ? { file, size: info.size } : undefined;
  } catch {
    return undefined;
  }
}
