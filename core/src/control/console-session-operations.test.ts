/**
 * Issue 30: `GET`/`PUT /api/console-session` of a real studio on 127.0.0.1: the Console's tabs
 * of the open project are kept in the config folder and found by a studio started again on
 * the same folder (another port: a browser's storage would not be); another project has its
 * own; a body that is not a session is a 422; without the token, a 401.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ConsoleSessionStore } from '../requests/console-session.js';
import { startStudio } from '../studio/start-studio.js';
import { jsonRequest } from '../test-support/http-client.js';
import { EXAMPLES } from '../test-support/project-server.js';
import { startStudioFixture, type StudioFixture } from '../test-support/studio-fixture.js';

let f: StudioFixture;
beforeEach(async () => {
  f = await startStudioFixture(EXAMPLES.todo);
});
afterEach(async () => {
  await f.dispose();
});

const tabs = { activeTab: 't1', tabs: [{ id: 't1', state: { method: 'GET', url: '/todos' } }] };

describe('console session', () => {
  it('keeps the tabs for the project, outside it, and gives them to the next studio', async () => {
    expect((await f.api('GET', '/console-session')).json).toMatchObject({ state: null });
    const put = await f.api('PUT', '/console-session', { state: tabs });
    expect(put.status, put.text).toBe(200);
    expect((await f.api('GET', '/console-session')).json).toEqual({ root: f.dir, state: tabs });
    // Nothing in the project folder; one private file in the config folder.
    expect(await readdir(f.dir)).not.toContain('console');
    const [file] = await readdir(join(f.configDir, 'console'));
    expect(JSON.parse(await readFile(join(f.configDir, 'console', file!), 'utf8'))).toEqual({
      root: f.dir,
      state: tabs,
    });

    const again = await startStudio({
      dir: f.dir,
      apiPort: 0,
      controlPort: 0,
      staticDir: f.staticDir,
      configDir: f.configDir,
      logger: { error: () => {} },
    });
    try {
      expect(again.controlUrl).not.toBe(f.base);
      const answer = await jsonRequest(again.controlUrl, 'GET', '/api/console-session', undefined, {
        authorization: `Bearer ${again.token}`,
      });
      expect(answer.json).toEqual({ root: f.dir, state: tabs });
    } finally {
      await again.close();
    }
  });

  it('keeps each project apart (a PUT names the project its tabs belong to), and forgets on null', async () => {
    const other = new ConsoleSessionStore(f.configDir, `${f.dir}-other`);
    await f.api('PUT', '/console-session', { state: tabs });
    expect(await other.read()).toBeNull();
    // Tabs edited before the studio opened another folder still go to their own project.
    await f.api('PUT', '/console-session', { root: `${f.dir}-other`, state: { x: 1 } });
    expect(await other.read()).toEqual({ x: 1 });
    expect((await f.api('GET', '/console-session')).json).toMatchObject({ state: tabs });
    await f.api('PUT', '/console-session', { state: null });
    expect((await f.api('GET', '/console-session')).json).toMatchObject({ state: null });
  });

  it('refuses what is not a session, and callers without the token', async () => {
    for (const body of [[], 'x', { tabs }, { root: 'relative', state: 1 }]) {
      const answer = await f.api('PUT', '/console-session', body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
    }
    const anonymous = await jsonRequest(f.base, 'PUT', '/api/console-session', { state: tabs });
    expect(anonymous.status).toBe(401);
    expect((await f.api('GET', '/console-session')).json).toMatchObject({ state: null });
  });

  it('reads a corrupt file as nothing kept', async () => {
    const store = new ConsoleSessionStore(f.configDir, f.dir);
    await store.write(tabs);
    const [file] = await readdir(join(f.configDir, 'console'));
    await writeFile(join(f.configDir, 'console', file!), '{"root": "');
    expect((await f.api('GET', '/console-session')).json).toMatchObject({ state: null });
  });
});
