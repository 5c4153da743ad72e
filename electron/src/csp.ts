/**
 * The Content-Security-Policy the desktop app sends with every page of `app://studio`, as a
 * header (DESIGN "The desktop shell"), built at serve time. The page may connect to the control
 * API's origin and to the mock API: the Console fetches the mock API itself (any path, any
 * method), and the mock API can move to another port from the server bar while the page stays
 * open, so loopback is allowed on any port (`http://127.0.0.1:*`, `http://localhost:*`), plus
 * the mock API's own origin when it listens elsewhere (`--host`). Nothing beyond this machine.
 *
 * `style-src 'unsafe-inline'`: CodeMirror (style-mod) and React Flow insert `<style>` elements at
 * run time, and the renderer's build does not nonce them; the browser studio's policy
 * (core/src/control/static-files.ts) makes the same choice. Scripts stay `'self'` only, so an
 * injected style can restyle the page but never run code. Pass `styleNonce` once the renderer
 * reads one (Vite's `html.cspNonce`), and `'unsafe-inline'` goes.
 */
export function buildCsp(options: {
  connectOrigin: string;
  apiOrigin?: string | null;
  styleNonce?: string;
}): string {
  const style = options.styleNonce ? `'nonce-${options.styleNonce}'` : "'unsafe-inline'";
  const connect = [sourceOf(options.connectOrigin), ...LOOPBACK_ANY_PORT];
  if (options.apiOrigin) {
    const api = sourceOf(options.apiOrigin);
    const host = new URL(api).hostname;
    if (!connect.includes(api) && !(api.startsWith('http:') && LOOPBACK_NAMES.includes(host))) {
      connect.push(api);
    }
  }
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' ${style}`,
    `connect-src ${connect.join(' ')}`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "base-uri 'none'",
    "object-src 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost'];
const LOOPBACK_ANY_PORT = LOOPBACK_NAMES.map((name) => `http://${name}:*`);

/**
 * Development against Vite's dev server: its HMR client needs a WebSocket to the same server
 * and React Refresh injects an inline script. Kept apart from {@link buildCsp} so the looser
 * rules can never reach a packaged app (only `--dev` selects it).
 */
export function buildDevCsp(options: { connectOrigin: string; devServerOrigin: string }): string {
  const dev = sourceOf(options.devServerOrigin);
  const ws = dev.replace(/^http/, 'ws');
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline' ${dev}`,
    `style-src 'self' 'unsafe-inline' ${dev}`,
    `connect-src ${sourceOf(options.connectOrigin)} ${LOOPBACK_ANY_PORT.join(' ')} ${dev} ${ws}`,
    `img-src 'self' data: blob: ${dev}`,
    `font-src 'self' data: ${dev}`,
    "base-uri 'none'",
    "object-src 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The policy of the built-in error page: its one inline style, by nonce, and nothing else. */
export function buildErrorPageCsp(styleNonce: string): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${styleNonce}'`,
    "base-uri 'none'",
    "object-src 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * An origin as a CSP source: scheme, host and port only. Anything else (a path, a quote, a
 * semicolon smuggled in) is refused rather than pasted into the policy.
 */
function sourceOf(origin: string): string {
  const url = new URL(origin);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`CSP source must be an http(s) origin, got "${origin}"`);
  }
  return url.origin;
}
