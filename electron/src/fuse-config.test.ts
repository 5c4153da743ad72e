import { FuseV1Options, FuseVersion } from '@electron/fuses';
import { describe, expect, it } from 'vitest';

import { fuseConfig, isTestBuild } from './fuse-config.js';

describe('fuseConfig', () => {
  const release = fuseConfig({ testBuild: false, resetAdHocDarwinSignature: false });

  it('turns off every way to run other code through the binary', () => {
    expect(release.version).toBe(FuseVersion.V1);
    expect(release[FuseV1Options.RunAsNode]).toBe(false);
    expect(release[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(false);
    expect(release[FuseV1Options.EnableNodeCliInspectArguments]).toBe(false);
    expect(release[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(false);
  });

  it('loads the app only from a checked asar and encrypts cookies', () => {
    expect(release[FuseV1Options.OnlyLoadAppFromAsar]).toBe(true);
    expect(release[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(true);
    expect(release[FuseV1Options.EnableCookieEncryption]).toBe(true);
  });

  it('keeps the inspect fuse on in a test build only, and nothing else changes', () => {
    const test = fuseConfig({ testBuild: true, resetAdHocDarwinSignature: false });
    expect(test[FuseV1Options.EnableNodeCliInspectArguments]).toBe(true);
    expect({ ...test, [FuseV1Options.EnableNodeCliInspectArguments]: false }).toEqual(release);
  });
});

describe('isTestBuild', () => {
  it('is set by DECOREST_TEST_BUILD=1 only', () => {
    expect(isTestBuild({ DECOREST_TEST_BUILD: '1' })).toBe(true);
    expect(isTestBuild({ DECOREST_TEST_BUILD: 'true' })).toBe(false);
    expect(isTestBuild({})).toBe(false);
  });
});
