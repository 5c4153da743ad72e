/**
 * `decorest/studio-shell`: what the desktop shell serves exactly as the browser studio does
 * (issue 43 §5): the UI's Content-Security-Policy, which file a path names and its content
 * type, and the recent-projects list. Node built-ins only, so the shell imports it up front;
 * the studio itself (`decorest/studio`) it still loads when it starts the core.
 * Re-exports only.
 */
export {
  cspSource,
  LOOPBACK_ANY_PORT,
  studioCsp,
  type StudioCspOptions,
} from './control/studio-csp.js';
export { containedUiFile, uiContentType, type UiPath, uiPathSegments } from './control/ui-files.js';
export {
  addRecent,
  parseRecent,
  RECENT_LIMIT,
  RecentProjects,
  studioConfigDir,
} from './studio/recent-projects.js';
