/**
 * Issue 47: where `decorest run` looks for the secrets the studio stored (requests/secret-store.ts
 * keeps them per project in the user's config folder): the browser studio's
 * (`DECOREST_STUDIO_CONFIG_DIR`, else `~/.config/decorest-studio`), then the desktop app's
 * (Electron's `userData`: `<appData>/Decorest Studio`, electron/src/main.ts). A folder named by
 * `DECOREST_STUDIO_CONFIG_DIR` is the only one: a test or a CI job chose it.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

import { studioConfigDir } from '../studio/recent-projects.js';

/** Electron's `appData` on each platform (its documented defaults). */
function appDataDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string {
  if (platform === 'win32') return env['APPDATA'] || join(homedir(), 'AppData', 'Roaming');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support');
  return env['XDG_CONFIG_HOME'] || join(homedir(), '.config');
}

export function secretConfigDirs(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string[] {
  const studio = studioConfigDir(env);
  if (env['DECOREST_STUDIO_CONFIG_DIR']) return [studio];
  return [studio, join(appDataDir(env, platform), 'Decorest Studio')];
}
