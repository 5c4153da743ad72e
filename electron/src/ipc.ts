import path from 'node:path';

import { BRIDGE_CHANNELS, type StudioBridge } from './bridge.js';

/** The parts of Electron's `WebFrameMain` the sender check reads. */
export interface FrameLike {
  readonly url: string;
  readonly parent: FrameLike | null;
  readonly processId: number;
  readonly routingId: number;
}

/** The parts of `IpcMainInvokeEvent` a handler sees. */
export interface InvokeEventLike {
  readonly senderFrame: FrameLike | null;
}

/** The parts of `ipcMain` used: `handle` only (no `on`, no generic channels). */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

/** `scheme://host` of a URL. WHATWG gives `"null"` as the origin of non-special schemes like app:. */
export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.host ? `${parsed.protocol}//${parsed.host}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Only the main window's top frame, showing our own origin, may use the bridge: not an iframe
 * (it would have a parent), not another window, not the page after it somehow navigated away
 * (Electron Fiddle `src/main/ipc.ts`, Electron security checklist §17 "validate the sender").
 */
export function isTrustedSender(
  frame: FrameLike | null,
  mainFrame: FrameLike | undefined,
  origin: string,
): boolean {
  if (!frame || !mainFrame || frame.parent !== null) return false;
  const same =
    frame === mainFrame ||
    (frame.processId === mainFrame.processId && frame.routingId === mainFrame.routingId);
  return same && originOf(frame.url) === origin;
}

/** Checks what the renderer sent for each method; a compromised page can send anything. */
const ARGUMENTS: { [K in keyof StudioBridge]: (args: unknown[]) => Parameters<StudioBridge[K]> } = {
  controlEndpoint: (args) => none(args),
  chooseProjectFolder: (args) => none(args),
  revealInFileManager: (args) => {
    const [target] = args;
    if (
      args.length !== 1 ||
      typeof target !== 'string' ||
      !path.isAbsolute(target) ||
      target.includes('\0')
    ) {
      throw new Error('revealInFileManager takes one absolute path');
    }
    return [target];
  },
  // Only the outline here: the core checks every field (a 400 or 422 problem names what is wrong).
  sendOutgoing: (args) => {
    const [request, id] = args;
    if (
      args.length !== 2 ||
      !isOutgoingId(id) ||
      request === null ||
      typeof request !== 'object' ||
      Array.isArray(request) ||
      typeof (request as { method?: unknown }).method !== 'string' ||
      typeof (request as { url?: unknown }).url !== 'string'
    ) {
      throw new Error('sendOutgoing takes one request object with a method and a url, and its id');
    }
    return [request as Parameters<StudioBridge['sendOutgoing']>[0], id];
  },
  cancelOutgoing: (args) => {
    const [id] = args;
    if (args.length !== 1 || !isOutgoingId(id)) throw new Error('cancelOutgoing takes one id');
    return [id];
  },
};

/** An outgoing request's id: the page names it, so it is only ever a short plain token. */
function isOutgoingId(id: unknown): id is string {
  return typeof id === 'string' && /^[A-Za-z0-9-]{1,64}$/.test(id);
}

function none(args: unknown[]): [] {
  if (args.length !== 0) throw new Error('this method takes no arguments');
  return [];
}

/**
 * Registers one `ipcMain.handle` per bridge method, on the allow-listed channels of
 * `BRIDGE_CHANNELS` only. Each call is refused unless `isAllowed(event)`; then its arguments are
 * checked before the handler runs. Returns a function that removes the handlers.
 */
export function registerBridge(
  ipc: IpcMainLike,
  handlers: StudioBridge,
  isAllowed: (event: InvokeEventLike) => boolean,
): () => void {
  const methods = Object.keys(BRIDGE_CHANNELS) as (keyof StudioBridge)[];
  for (const method of methods) {
    ipc.handle(BRIDGE_CHANNELS[method], (event, ...args) => {
      if (!isAllowed(event)) throw new Error(`${BRIDGE_CHANNELS[method]}: sender refused`);
      const checked = ARGUMENTS[method](args);
      return (handlers[method] as (...a: unknown[]) => unknown)(...checked);
    });
  }
  return () => methods.forEach((method) => ipc.removeHandler(BRIDGE_CHANNELS[method]));
}

/**
 * Whether `target` is inside one of `roots` (the open project folder): reveal-in-file-manager is
 * for the project's datafiles, not a way for the page to probe the whole disk.
 */
export function isInsideAny(target: string, roots: readonly string[]): boolean {
  const resolved = path.resolve(target);
  return roots.some((root) => {
    const relative = path.relative(path.resolve(root), resolved);
    return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
  });
}
