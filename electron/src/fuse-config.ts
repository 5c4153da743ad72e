import { type FuseConfig, FuseV1Options, FuseVersion } from '@electron/fuses';

/**
 * The Electron fuses of a packaged build (DESIGN "The desktop shell"), flipped in the binary by
 * electron/build/after-pack.mjs before signing. Fuses are compiled-in switches that no flag or
 * environment variable can turn back on.
 *
 * - RunAsNode off: `ELECTRON_RUN_AS_NODE=1 ./app evil.js` would run any script with the app's
 *   signature and permissions.
 * - NODE_OPTIONS off: `NODE_OPTIONS=--require evil.js` would inject code into the main process.
 * - Inspect arguments off (`--inspect`, `--inspect-brk`), except in a test build: Playwright's
 *   `_electron.launch` drives the app through them.
 * - Cookie encryption on: cookies at rest encrypted with the OS keychain's key.
 * - Only load the app from asar, with the asar's embedded hash checked at load (macOS and
 *   Windows; electron-builder writes the hash): a swapped `app.asar` or a loose `app/` folder
 *   beside it does not run.
 * - No extra privileges for file:// (the UI is served from app://).
 */
export function fuseConfig(options: {
  testBuild: boolean;
  resetAdHocDarwinSignature: boolean;
}): FuseConfig {
  return {
    version: FuseVersion.V1,
    resetAdHocDarwinSignature: options.resetAdHocDarwinSignature,
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: options.testBuild,
    [FuseV1Options.EnableCookieEncryption]: true,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  };
}

/** `DECOREST_TEST_BUILD=1 npm run dist` makes the build Playwright can launch. */
export const isTestBuild = (env: NodeJS.ProcessEnv): boolean => env.DECOREST_TEST_BUILD === '1';
