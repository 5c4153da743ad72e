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
