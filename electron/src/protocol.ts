import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

import { errorPageResponse, type PageFailure } from './error-page.js';

/** `app://studio/…`: the built renderer, never `file://` (DESIGN "The desktop shell"). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'studio';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/**
 * Registered in one `protocol.registerSchemesAsPrivileged` call before `ready`: standard (real
 * origins and relative URLs), secure (a secure context, like https), fetch-capable (the
 * renderer's `import()` of lazy chunks). No `bypassCSP`, no `corsEnabled`, no service workers.
 */
export const APP_PRIVILEGES = { standard: true, secure: true, supportFetchAPI: true } as const;

export type AppPath =
  | { kind: 'file'; segments: string[] }
  | { kind: 'refused'; status: 400 | 403 | 404; reason: string };

/**
 * Where an `app://studio/…` URL points inside the renderer's folder, or why it may not. The raw
 * path is read before any normalisation and each segment decoded on its own, so `..`,
 * `%2e%2e`, `%2f`, backslashes, drive letters, empty segments (`//etc`) and dot-files are
 * refused, not quietly resolved. A path whose last segment has no extension is a route of the
 * single-page app and gets `index.html`.
 */
export function resolveAppPath(url: string): AppPath {
  const match = /^app:\/\/([^/?#]*)([^?#]*)/i.exec(url);
  if (!match || match[1]?.toLowerCase() !== APP_HOST) {
    return { kind: 'refused', status: 404, reason: 'not an app://studio URL' };
  }
  const raw = match[2] ?? '';
  const parts = raw === '' || raw === '/' ? [] : raw.slice(1).split('/');
  // A trailing slash names the folder: same as no slash for the SPA.
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
  if (last === undefined || path.extname(last) === '')
    return { kind: 'file', segments: ['index.html'] };
  return { kind: 'file', segments };
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
};

export interface AppHandlerOptions {
  /** The built renderer (`renderer/dist`). */
  rendererDir: string;
  /** The policy for the UI's pages now (it names the control API's current origin). */
  csp(): string;
  /** Set when the core could not start or stopped: pages then show it instead of the UI. */
  failure(): PageFailure | undefined;
}

/**
 * The `protocol.handle('app', …)` handler: files of the built renderer with the CSP as a
 * header, or the built-in error page, never a blank window.
 */
export function createAppHandler(
  options: AppHandlerOptions,
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response(null, { status: 405, headers: { allow: 'GET, HEAD' } });
    }
    const head = request.method === 'HEAD';
    const resolved = resolveAppPath(request.url);
    if (resolved.kind === 'refused') return new Response(null, { status: resolved.status });
    const isPage = resolved.segments.length === 1 && resolved.segments[0] === 'index.html';
    const failure = options.failure();
    if (failure && isPage) return errorPageResponse(failure, 200, head);
    const file = await containedFile(options.rendererDir, resolved.segments);
    if (!file) {
      if (!isPage) return new Response(null, { status: 404 });
      return errorPageResponse(NOT_BUILT(options.rendererDir), 200, head);
    }
    const headers = {
      'content-type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      'content-security-policy': options.csp(),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-cache',
    };
    return new Response(head ? null : await readFile(file), { status: 200, headers });
  };
}

const NOT_BUILT = (dir: string): PageFailure => ({
  title: 'The studio UI is not built',
  detail: `No index.html in ${dir}.`,
  hint: 'Run `npm start` (it builds what is stale) or `npx vite build --config renderer/vite.config.ts`.',
});

/** The real file for the segments, when it is a file inside `root` after resolving symlinks. */
async function containedFile(
  root: string,
  segments: readonly string[],
): Promise<string | undefined> {
  try {
    const base = await realpath(root);
    const file = await realpath(path.join(base, ...segments));
    if (!file.startsWith(base + path.sep)) return undefined;
    return (await stat(file)).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}
