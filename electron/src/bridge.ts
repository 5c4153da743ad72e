/**
 * What the desktop shell adds to the studio UI: the few things a browser cannot do. The preload
 * builds this object with `satisfies StudioBridge`; the renderer declares `window.studio` with
 * the same type and falls back to its browser implementation when it is absent, so there is one
 * definition and no drift between the two (STYLE "Module boundaries"). Types only.
 */

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
}

/** IPC channels the preload may use: one per bridge method, nothing generic. */
export const BRIDGE_CHANNELS = {
  controlEndpoint: 'studio:control-endpoint',
  chooseProjectFolder: 'studio:choose-project-folder',
  revealInFileManager: 'studio:reveal-in-file-manager',
} as const satisfies Record<keyof StudioBridge, string>;
