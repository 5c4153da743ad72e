/**
 * The studio UI's Content-Security-Policy, one for both of its homes (issue 43 §5): the browser
 * studio sends it with every file from the control port (`static-files.ts`), the desktop shell
 * with every page of `app://studio` (electron/src/protocol.ts), built at serve time.
 */

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost'];

/** The mock API on this machine, any port: it can move from the server bar while a page is open. */
export const LOOPBACK_ANY_PORT: readonly string[] = LOOPBACK_NAMES.map((n) => `http://${n}:*`);

export interface StudioCspOptions {
  /**
   * The control API's origin when the page comes from elsewhere (the desktop shell's
   * `app://studio`); absent, the page is served by the control API itself (`'self'`).
   */
  controlOrigin?: string;
  /** The mock API's origin, when it runs: added when it listens beyond loopback (`--host`). */
  apiOrigin?: string | null | undefined;
  /** Styles by nonce instead of `'unsafe-inline'`, once the renderer reads one. */
  styleNonce?: string;
}

/**
 * `connect-src`: the control API and the mock API, which the Console fetches itself (any path,
 * any method) and which can move to another port while the page is open, so loopback on any
 * port, plus the mock API's own origin when it listens elsewhere. Nothing beyond this machine.
 *
 * `style-src 'unsafe-inline'`: CodeMirror (style-mod) and React Flow insert `<style>` elements
 * at run time, which a static build cannot nonce without rewriting `index.html` per request.
 * Scripts stay `'self'` only, so an injected style can restyle the page but never run code.
 *
 * @example
 * ```ts
 * studioCsp({ apiOrigin: 'http://192.168.1.5:3000' }); // "default-src 'none'; script-src 'self'; …"
 * ```
 */
export function studioCsp(options: StudioCspOptions = {}): string {
  const style = options.styleNonce ? `'nonce-${options.styleNonce}'` : "'unsafe-inline'";
  const self = options.controlOrigin === undefined ? "'self'" : cspSource(options.controlOrigin);
  const connect = [self, ...LOOPBACK_ANY_PORT];
  if (options.apiOrigin) {
    const api = cspSource(options.apiOrigin);
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

/**
 * An origin as a CSP source: scheme, host and port only. Anything else (a path, a quote, a
 * semicolon smuggled in) is refused rather than pasted into the policy.
 */
export function cspSource(origin: string): string {
  const url = new URL(origin);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`CSP source must be an http(s) origin, got "${origin}"`);
  }
  return url.origin;
}
