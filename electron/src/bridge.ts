/**
 * What the desktop shell adds to the studio UI: the few things a browser cannot do. The preload
 * builds this object with `satisfies StudioBridge`; the renderer declares `window.studio` with
 * the same type and falls back to its browser implementation when it is absent, so there is one
 * definition and no drift between the two (STYLE "Module boundaries"). Types only.
 */
import type { OutgoingRequest, OutgoingResponse, Problem } from 'decorest/studio';

/** Where the control API listens and the per-launch token that opens it. */
export interface ControlEndpoint {
  /** `http://127.0.0.1:<port>` */
  url: string;
  token: string;
}

export interface StudioBridge {
  /** The control API of this window's studio (never passed in a URL). */
  controlEndpoint(): Promise<ControlEndpoint>;
  /** The native folder picker; `null` when the user cancels. */
  chooseProjectFolder(): Promise<string | null>;
  /** Shows a file or folder (a datafile, the data folder) in the system's file manager. */
  revealInFileManager(path: string): Promise<void>;
  /**
   * Issue 30: sends a Console request from the main process (the core's `sendOutgoing`, as
   * `POST /api/outgoing` does, the exchange shown in Traffic). A refusal or a failure (400, 413,
   * 502, 504, …) is answered as its problem, since an error thrown across IPC keeps only its
   * message. `id` (the page's choice, 1 to 64 letters, digits, `-`) names it for
   * `cancelOutgoing`.
   */
  sendOutgoing(request: OutgoingRequest, id: string): Promise<OutgoingAnswer>;
  /** Aborts the outgoing request `id` if it is still on its way (the Console's Cancel). */
  cancelOutgoing(id: string): Promise<void>;
}

/** What `sendOutgoing` answers: the remote host's response, or the problem that stopped it. */
export type OutgoingAnswer =
  { ok: true; response: OutgoingResponse } | { ok: false; problem: Problem };

/** IPC channels the preload may use: one per bridge method, nothing generic. */
export const BRIDGE_CHANNELS = {
  controlEndpoint: 'studio:control-endpoint',
  chooseProjectFolder: 'studio:choose-project-folder',
  revealInFileManager: 'studio:reveal-in-file-manager',
  sendOutgoing: 'outgoing:send',
  cancelOutgoing: 'outgoing:cancel',
} as const satisfies Record<keyof StudioBridge, string>;
