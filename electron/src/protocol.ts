import { readFile } from 'node:fs/promises';

import { containedUiFile, uiContentType, type UiPath, uiPathSegments } from 'decorest/studio-shell';

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

export type AppPath = UiPath | { kind: 'refused'; status: 404; reason: string };

/**
 * Where an `app://studio/…` URL points inside the renderer's folder, or why it may not: the
 * raw path, read before any normalisation, under the browser studio's rules (`uiPathSegments`
 * in `decorest/studio-shell`: no `..` in any spelling, no dot-files, no empty segments).
 */
export function resolveAppPath(url: string): AppPath {
  const match = /^app:\/\/([^/?#]*)([^?#]*)/i.exec(url);
  if (!match || match[1]?.toLowerCase() !== APP_HOST) {
    return { kind: 'refused', status: 404, reason: 'not an app://studio URL' };
  }
  return uiPathSegments(match[2] ?? '');
}

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
    const found = await containedUiFile(options.rendererDir, resolved.segments);
    if (!found) {
      if (!isPage) return new Response(null, { status: 404 });
      return errorPageResponse(NOT_BUILT(options.rendererDir), 200, head);
    }
    const headers = {
      'content-type': uiContentType(found.file),
      'content-security-policy': options.csp(),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-cache',
    };
    return new Response(head ? null : await readFile(found.file), { status: 200, headers });
  };
}

const NOT_BUILT = (dir: string): PageFailure => ({
  title: 'The studio UI is not built',
  detail: `No index.html in ${dir}.`,
  hint: 'Run `npm start` (it builds what is stale) or `npx vite build --config renderer/vite.config.ts`.',
});
