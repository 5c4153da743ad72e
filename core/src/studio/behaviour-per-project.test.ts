/**
 * Delay, failures and the proxy belong to the project they were set for (review of issue 48:
 * opening another project kept the last one's proxy and per-route delays, so its requests went
 * to the other backend). Another project starts from what the studio was started with; opening
 * the same folder again keeps them.
 */
import { rm } from 'node:fs/promises';

import { afterEach, describe, expect, it } from 'vitest';

import type { BehaviourSettings } from '../http/behaviour.js';
import { EXAMPLES } from '../test-support/project-server.js';
import {
  copyProject,
  startStudioFixture,
  type StudioFixture,
} from '../test-support/studio-fixture.js';

let f: StudioFixture | undefined;
const folders: string[] = [];
afterEach(async () => {
  await f?.dispose();
  f = undefined;
  await Promise.all(folders.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

const SET: BehaviourSettings = {
  routes: [{ method: 'GET', path: '/todos', delay: { minMs: 5, maxMs: 5 } }],
  proxy: 'http://127.0.0.1:9/backend',
};

describe('mock behaviour per project', () => {
  it('starts another project from the studio’s own settings, and keeps them on a reopen', async () => {
    const started: BehaviourSettings = {
      routes: [{ method: 'GET', path: '/users', delay: { minMs: 1, maxMs: 1 } }],
    };
    f = await startStudioFixture(EXAMPLES.todo, { behaviour: started });
    expect((await f.api('PUT', '/behaviour', SET)).status).toBe(200);

    expect((await f.mock('GET', '/nowhere')).status).toBe(502);
    // The same folder again: what was set stays.
    expect((await f.api('POST', '/project/open', { dir: f.dir })).status).toBe(200);
    expect((await f.api('GET', '/behaviour')).json).toMatchObject(SET);

    // Another folder: the studio's start settings, neither the proxy nor the route's delay.
    const other = await copyProject(EXAMPLES.todo);
    folders.push(other);
    expect((await f.api('POST', '/project/open', { dir: other })).status).toBe(200);
    expect((await f.api('GET', '/behaviour')).json).toEqual(started);
    // A path the project does not serve is its own 404, not forwarded to the last one's backend.
    expect((await f.mock('GET', '/nowhere')).status).toBe(404);
  });
});
