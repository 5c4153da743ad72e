/**
 * `decorest/studio`: the studio's engine (CONTRACT §8) for the desktop shell and the CLI.
 * Re-exports only.
 */
export type * from './contract/control-api.js';
export {
  CONTROL_PREFIX,
  AUTH_SCHEME,
  TRAFFIC_BODY_LIMIT,
  TRAFFIC_HISTORY,
} from './contract/control-api.js';
export { startStudio, type Studio, type StudioOptions } from './studio/start-studio.js';
export { studioConfigDir } from './studio/recent-projects.js';
// Issue 27: the desktop shell collects the start's garbage as `decorest studio` does.
export { collectStartGarbageSoon } from './studio/collect-start-garbage.js';
