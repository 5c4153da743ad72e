import { homedir, tmpdir } from 'node:os';

import { expect, it } from 'vitest';

import { studioConfigDir } from '../studio/recent-projects.js';

it("keeps the studios tests start out of the user's config folder (issue 48)", () => {
  const dir = studioConfigDir();
  expect(dir.startsWith(tmpdir())).toBe(true);
  expect(dir.startsWith(homedir())).toBe(false);
});
