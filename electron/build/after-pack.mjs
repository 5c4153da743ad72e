// electron-builder's afterPack hook (electron/electron-builder.yml): flips the Electron fuses of
// the packaged binary before it is signed. The settings and their reasons are in
// electron/src/fuse-config.ts (built to electron/dist by `npm run dist` before packaging).
import { Arch } from 'electron-builder';

import { fuseConfig, isTestBuild } from '../dist/fuse-config.js';

/** @param {import('electron-builder').AfterPackContext} context */
export default async function afterPack(context) {
  const darwin =
    context.electronPlatformName === 'darwin' || context.electronPlatformName === 'mas';
  const config = fuseConfig({
    testBuild: isTestBuild(process.env),
    // Flipping fuses invalidates the ad-hoc signature Apple silicon requires to run at all.
    resetAdHocDarwinSignature: darwin && context.arch === Arch.arm64,
  });
  // electron-builder's own helper finds the executable for each platform (name.app, name.exe,
  // the Linux executableName) and runs @electron/fuses' flipFuses on it.
  await context.packager.addElectronFuses(context, config);
}
