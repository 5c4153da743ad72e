/**
 * Issue 48: the Open dialog listed folders deleted since (a test run's temp projects). Choosing
 * one answers 404 as before, and takes it off the recent list, which the studio then shows.
 */
import { rm } from 'node:fs/promises';

import { afterEach, expect, it } from 'vitest';

import type { ProjectStatus } from '../contract/control-api.js';
import { EXAMPLES } from '../test-support/project-server.js';
import {
  copyProject,
  startStudioFixture,
  type StudioFixture,
} from '../test-support/studio-fixture.js';

let f: StudioFixture | undefined;
afterEach(async () => {
  await f?.dispose();
  f = undefined;
});

it('takes a recent folder that is gone off the list when it is chosen', async () => {
  f = await startStudioFixture(EXAMPLES.todo);
  const other = await copyProject(EXAMPLES.todo);
  expect((await f.api('POST', '/project/open', { dir: other })).status).toBe(200);
  expect((await f.api('POST', '/project/open', { dir: f.dir })).status).toBe(200);
  const recent = async () => ((await f!.api('GET', '/project')).json as ProjectStatus).recent;
  expect(await recent()).toEqual([f.dir, other]);

  await rm(other, { recursive: true, force: true });
  const gone = await f.api('POST', '/project/open', { dir: other });
  expect(gone.status, gone.text).toBe(404);
  expect(gone.text).toContain('no project folder at');
  expect(await recent()).toEqual([f.dir]);
  // The project that was serving still serves.
  expect(((await f.api('GET', '/project')).json as ProjectStatus).root).toBe(f.dir);
});
