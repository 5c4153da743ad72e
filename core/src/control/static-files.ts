/**
 * Serves the built studio UI (`renderer/dist`) on the control port, without the token: the
 * files hold no secret (CONTRACT §8). Refuses anything outside the folder and sends a strict
 * Content-Security-Policy with every file.
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';

const LOOPBACK_ANY_PORT = ['http://127.0.0.1:*', 'http://localhost:*'];

/**
 * The UI's Content-Security-Policy. `connect-src`: the control API (`'self'`) and the mock API,
 * which the Console fetches itself and which can move to another port while the page is open,
 * so loopback on any port, plus the mock API's origin when `--host` puts it elsewhere. Nothing
 * else beyond this machine. (The desktop shell's policy, electron/src/csp.ts, matches.)
 *
 * `style-src 'unsafe-inline'`: CodeMirror (style-mod) and React Flow insert `<style>` elements
 * at run time, which a static build cannot nonce without rewriting `index.html` per request.
 * Scripts stay `'self'` only, so an injected style can restyle the page but never run code.
 */
export function studioCsp(apiOrigin: string | null = null): string {
  const connect = ["'self'", ...LOOPBACK_ANY_PORT];
  if (apiOrigin !== null) {
    const host = new URL(apiOrigin).hostname;
    if (host !== '127.0.0.1' && host !== 'localhost') connect.push(apiOrigin);
  }
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `connect-src ${connect.join(' ')}`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "base-uri 'none'",
    "object-src 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers on every UI answer besides the CSP: the usual hardening. */
export const UI_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
});

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

export type StaticAnswer =
  | { kind: 'file'; file: string; size: number; type: string; immutable: boolean }
  | { kind: 'refused'; status: 400 | 403 | 404; reason: string };

/**
 * Where a URL path points inside `root`, or why not. A path without an extension is a client
 * route of the single-page app and gets `index.html`.
 */
export async function resolveStatic(root: string, urlPath: string): Promise<StaticAnswer> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return { kind: 'refused', status: 400, reason: 'malformed percent-encoding' };
  }
  if (decoded.includes('\0') || decoded.includes('\\')) {
    return { kind: 'refused', status: 400, reason: 'forbidden character in path' };
  }
  // Refuse rather than normalise: `..` has no business in a UI asset's URL.
  const segments = decoded.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '..' || s === '.' || s.startsWith('.'))) {
    return { kind: 'refused', status: 403, reason: 'path outside the studio UI' };
  }
  const wanted = segments.length === 0 || extname(decoded) === '' ? ['index.html'] : segments;
  let base: string;
  let file: string;
  try {
    base = await realpath(root);
    // realpath again: a symlink inside the folder must not lead out of it.
    file = await realpath(join(base, ...wanted));
  } catch {
    return { kind: 'refused', status: 404, reason: 'no such file' };
  }
  if (!file.startsWith(base + sep)) {
    return { kind: 'refused', status: 403, reason: 'path outside the studio UI' };
  }
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return { kind: 'refused', status: 404, reason: 'no such file' };
  return {
    kind: 'file',
    file,
    size: info.size,
    type: TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    // Vite names built assets by content hash under assets/.
    immutable: wanted[0] === 'assets',
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
