/**
 * The preload: the only bridge between the page and the main process. Sandboxed preloads are
 * CommonJS and may require nothing but `electron`'s renderer modules, hence `.cts` and the
 * channel names written here; `satisfies typeof BRIDGE_CHANNELS` (a type-only import, erased)
 * fails the build if they ever drift from bridge.ts. `ipcRenderer` itself is never exposed:
 * each method invokes its one channel (Electron security checklist §20).
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS import form that verbatimModuleSyntax requires in a .cts
import electron = require('electron');

import type { OutgoingRequest } from 'decorest/studio';

import type { BRIDGE_CHANNELS, StudioBridge } from './bridge.js';

const CHANNELS = {
  controlEndpoint: 'studio:control-endpoint',
  chooseProjectFolder: 'studio:choose-project-folder',
  revealInFileManager: 'studio:reveal-in-file-manager',
  sendOutgoing: 'outgoing:send',
  cancelOutgoing: 'outgoing:cancel',
} as const satisfies typeof BRIDGE_CHANNELS;

const { contextBridge, ipcRenderer } = electron;

const bridge = {
  controlEndpoint: () => ipcRenderer.invoke(CHANNELS.controlEndpoint),
  chooseProjectFolder: () => ipcRenderer.invoke(CHANNELS.chooseProjectFolder),
  revealInFileManager: (path: string) =>
    ipcRenderer.invoke(CHANNELS.revealInFileManager, String(path)),
  // The request is structured-cloned as it is; the main process checks every field of it.
  sendOutgoing: (request: OutgoingRequest, id: string) =>
    ipcRenderer.invoke(CHANNELS.sendOutgoing, request, String(id)),
  cancelOutgoing: (id: string) => ipcRenderer.invoke(CHANNELS.cancelOutgoing, String(id)),
} satisfies StudioBridge;

contextBridge.exposeInMainWorld('studio', bridge);
