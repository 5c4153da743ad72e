/**
 * The project's `mock-behaviour.json`: what the studio sets is kept there and comes back on the
 * next start, as Mockoon keeps route latency in its environment file; nothing set is no file; a
 * file that does not read is said and left out; a link out of the project is never written.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import type { MockBehaviour } from '../contract/control-api.js';
import { BEHAVIOUR_FILE } from '../project/behaviour-file.js';
import { EXAMPLES } from '../test-support/project-server.js';
import { startStudioFixture, type StudioFixture } from '../test-support/studio-fixture.js';

const studios: StudioFixture[] = [];
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(studios.splice(0).map((s) => s.dispose()));
  await Promise.all(folders.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});
const start = async (source: string, log?: string[]) => {
  const f = await startStudioFixture(source, log ? { log: (line) => log.push(line) } : {});
  studios.push(f);
  return f;
};

const SET: MockBehaviour = {
  delay: { minMs: 1, maxMs: 2 },
  routes: [{ method: 'GET', path: '/todos', fail: { rate: 1, status: 503 } }],
  proxy: 'http://127.0.0.1:9/backend',
};

describe("the project's mock-behaviour.json", () => {
  it('keeps what is set, applies it on the next start, and goes when nothing is set', async () => {
    const first = await start(EXAMPLES.todo);
    expect((await first.api('PUT', '/behaviour', SET)).status).toBe(200);
    const file = join(first.dir, BEHAVIOUR_FILE);
    const text = await readFile(file, 'utf8');
    expect(JSON.parse(text)).toEqual(SET);
    expect(text.endsWith('}\n')).toBe(true);

    // Another studio on a copy of the project (as a clone of the repository would be).
    const log: string[] = [];
    const second = await start(first.dir, log);
    expect(log).toContain(
      'mock-behaviour.json applied: delay 1–2 ms, 1 route rule, proxy http://127.0.0.1:9/backend',
    );
    expect((await second.api('GET', '/behaviour')).json).toEqual(SET);
    expect((await second.mock('GET', '/todos')).status).toBe(503);

    expect((await second.api('PUT', '/behaviour', { routes: [] })).status).toBe(200);
    expect(existsSync(join(second.dir, BEHAVIOUR_FILE))).toBe(false);
    expect((await second.mock('GET', '/todos')).status).toBe(200);
  });

  it('says a file that does not read and applies none of it; a refused PUT writes nothing', async () => {
    const first = await start(EXAMPLES.todo);
    await writeFile(join(first.dir, BEHAVIOUR_FILE), '{ "routes": [ { "method": "GET" } ]');
    const log: string[] = [];
    const broken = await start(first.dir, log);
    expect((await broken.api('GET', '/behaviour')).json).toEqual({ routes: [] });
    expect(log.join('\n')).toMatch(
      /mock-behaviour\.json:1:\d+: is not JSON.*; no delay, failure or proxy of it applied/,
    );
    const before = await readFile(join(broken.dir, BEHAVIOUR_FILE), 'utf8');
    const refused = await broken.api('PUT', '/behaviour', {
      routes: [],
      delay: { minMs: 9, maxMs: 1 },
    });
    expect(refused.status).toBe(422);
    expect(await readFile(join(broken.dir, BEHAVIOUR_FILE), 'utf8')).toBe(before);
  });

  it('never writes over a change made on disk since it was read: says so, and applies it', async () => {
    const f = await start(EXAMPLES.todo);
    expect((await f.api('PUT', '/behaviour', SET)).status).toBe(200);
    // A `git pull` brings a teammate's file while the studio runs.
    const pulled = { routes: [{ method: 'GET', path: '/users', fail: { rate: 1, status: 418 } }] };
    await writeFile(join(f.dir, BEHAVIOUR_FILE), `${JSON.stringify(pulled)}\n`);
    const stale = await f.api('PUT', '/behaviour', { ...SET, delay: { minMs: 3, maxMs: 3 } });
    expect(stale.status).toBe(409);
    expect((stale.json as { detail: string }).detail).toMatch(/changed on disk/);
    expect(JSON.parse(await readFile(join(f.dir, BEHAVIOUR_FILE), 'utf8'))).toEqual(pulled);
    expect((await f.api('GET', '/behaviour')).json).toEqual(pulled);
    expect((await f.mock('GET', '/users')).status).toBe(418);
    // A broken file on disk is said, and the change after that writes over it.
    await writeFile(join(f.dir, BEHAVIOUR_FILE), '{ "routes": [');
    const broken = await f.api('PUT', '/behaviour', SET);
    expect(broken.status).toBe(409);
    expect((broken.json as { detail: string }).detail).toMatch(
      /does not read \(mock-behaviour\.json:1:\d+: is not JSON/,
    );
    expect((await f.mock('GET', '/users')).status).toBe(418);
    // The next change starts from what is on disk now, and is kept.
    expect((await f.api('PUT', '/behaviour', { routes: [] })).status).toBe(200);
    expect(existsSync(join(f.dir, BEHAVIOUR_FILE))).toBe(false);
  });

  it("keeps a command-line flag out of the project's file, and what the UI changed in", async () => {
    const first = await start(EXAMPLES.todo);
    const team: MockBehaviour = {
      fail: { rate: 0.1, status: 500 },
      routes: [{ method: 'GET', path: '/todos/:id', delay: { minMs: 7, maxMs: 7 } }],
    };
    expect((await first.api('PUT', '/behaviour', team)).status).toBe(200);
    // `decorest studio --delay 50` on the team's project.
    const f = await startStudioFixture(first.dir, {
      behaviour: { delay: { minMs: 50, maxMs: 50 }, routes: [] },
    });
    studios.push(f);
    const running = (await f.api('GET', '/behaviour')).json as MockBehaviour;
    expect(running).toEqual({ ...team, delay: { minMs: 50, maxMs: 50 } });
    const added = {
      ...running,
      routes: [...running.routes, { method: 'GET', path: '/users', delay: { minMs: 1, maxMs: 1 } }],
    };
    expect((await f.api('PUT', '/behaviour', added)).status).toBe(200);
    const kept = JSON.parse(await readFile(join(f.dir, BEHAVIOUR_FILE), 'utf8')) as MockBehaviour;
    expect(kept).toEqual({ fail: team.fail, routes: added.routes });
    // A flagged setting changed in the UI is the user's: kept.
    const changed = { ...added, delay: { minMs: 80, maxMs: 80 } };
    expect((await f.api('PUT', '/behaviour', changed)).status).toBe(200);
    expect(JSON.parse(await readFile(join(f.dir, BEHAVIOUR_FILE), 'utf8'))).toEqual({
      ...kept,
      delay: { minMs: 80, maxMs: 80 },
    });
  });

  it('never writes through a link leading out of the project', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'decorest-outside-'));
    folders.push(outside);
    await writeFile(join(outside, 'target.json'), 'the-outside-secret\n');
    const f = await start(EXAMPLES.todo);
    await symlink(join(outside, 'target.json'), join(f.dir, BEHAVIOUR_FILE));
    const answer = await f.api('PUT', '/behaviour', SET);
    expect(answer.status).toBe(403);
    expect(await readFile(join(outside, 'target.json'), 'utf8')).toBe('the-outside-secret\n');
    // Not applied either: what is kept and what runs stay one.
    expect((await f.api('GET', '/behaviour')).json).toEqual({ routes: [] });
  });
});
