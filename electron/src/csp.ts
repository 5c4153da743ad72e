/**
 * The desktop shell's own policies. Its pages' policy is the browser studio's, `studioCsp` from
 * `decorest/studio-shell` (issue 43 §5), given the control API's origin since `app://studio`
 * is not it; these are the two the shell alone needs.
 */
import { cspSource, LOOPBACK_ANY_PORT } from 'decorest/studio-shell';

/**
 * Development against Vite's dev server: its HMR client needs a WebSocket to the same server
 * and React Refresh injects an inline script. Kept apart from `studioCsp` so the looser
 * rules can never reach a packaged app (only `--dev` selects it).
 */
export function buildDevCsp(options: { connectOrigin: string; devServerOrigin: string }): string {
  const dev = cspSource(options.devServerOrigin);
  const ws = dev.replace(/^http/, 'ws');
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline' ${dev}`,
    `style-src 'self' 'unsafe-inline' ${dev}`,
    `connect-src ${cspSource(options.connectOrigin)} ${LOOPBACK_ANY_PORT.join(' ')} ${dev} ${ws}`,
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
