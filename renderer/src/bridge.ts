/**
 * The desktop bridge (electron/src/bridge.ts) when the preload provides one, and the browser's
 * stand-in otherwise: the token comes from the URL fragment the studio printed
 * (`#token=…`), moves into session storage and leaves the address bar (CONTRACT §8); the
 * control API is this page's own origin. There is no native folder dialog in a browser, so
 * `nativeFolderDialog` is false and the UI shows a path field instead.
 */
import type { ControlEndpoint, StudioBridge } from '../../electron/src/bridge';
import { ControlError, type OutgoingRequest, type OutgoingResponse } from './api';

declare global {
  interface Window {
    studio?: StudioBridge;
  }
}

const TOKEN_KEY = 'decorest.studio.token';

/** Takes `#token=…` out of the address bar into session storage; returns the token. */
export function adoptTokenFromLocation(
  loc: Location,
  storage: Storage,
  history: History,
): string | null {
  const match = /(?:^#|&)token=([^&]+)/.exec(loc.hash);
  if (match?.[1]) {
    storage.setItem(TOKEN_KEY, decodeURIComponent(match[1]));
    history.replaceState(history.state, '', `${loc.pathname}${loc.search}`);
  }
  return storage.getItem(TOKEN_KEY);
}

export async function controlEndpoint(): Promise<ControlEndpoint | null> {
  if (window.studio) return window.studio.controlEndpoint();
  const token = adoptTokenFromLocation(window.location, window.sessionStorage, window.history);
  return token ? { url: window.location.origin, token } : null;
}

export const nativeFolderDialog = (): boolean => window.studio !== undefined;

export async function chooseFolder(): Promise<string | null> {
  return window.studio ? window.studio.chooseProjectFolder() : null;
}

export async function revealInFileManager(path: string): Promise<boolean> {
  if (!window.studio) return false;
  await window.studio.revealInFileManager(path);
  return true;
}

type OutgoingSender = (request: OutgoingRequest, signal: AbortSignal) => Promise<OutgoingResponse>;

/**
 * Issue 30: the desktop app sends the Console's outgoing requests through its main process;
 * null in a browser (the control API's `sendOutgoing` does it there). Cancel stops waiting at
 * once and tells the main process to abort the request.
 */
export function desktopOutgoing(): OutgoingSender | null {
  const studio = window.studio;
  if (!studio?.sendOutgoing) return null;
  return (request, signal) =>
    new Promise<OutgoingResponse>((resolve, reject) => {
      const id = crypto.randomUUID();
      const onAbort = () => {
        void studio.cancelOutgoing(id).catch(() => {});
        reject(new DOMException('The request was cancelled.', 'AbortError'));
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      studio.sendOutgoing(request, id).then(
        (answer) => {
          signal.removeEventListener('abort', onAbort);
          if (answer.ok) resolve(answer.response);
          else reject(new ControlError(answer.problem));
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
}
