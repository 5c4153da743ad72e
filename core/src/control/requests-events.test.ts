/**
 * Issue 30: the `requests` studio event of a real studio on 127.0.0.1: a file of the
 * collection written by hand, saved by rename-over, or in a `requests/` folder created after
 * the start, is announced on `GET /api/events`; another folder opened stops the first one's.
 * Never timing-sensitive: each wait is bounded by a generous deadline, not a sleep.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { StudioEvent } from '../contract/control-api.js';
import { inCollectionFolders } from '../requests/watch-collection.js';
import { EXAMPLES } from '../test-support/project-server.js';
import {
  copyProject,
  type EventReader,
  readEvents,
  startStudioFixture,
  type StudioFixture,
} from '../test-support/studio-fixture.js';

let f: StudioFixture;
let events: EventReader;
beforeEach(async () => {
  f = await startStudioFixture(EXAMPLES.todo);
  events = await readEvents(f.base, f.studio.token);
});
afterEach(async () => {
  events.close();
  await f.dispose();
});

const DEADLINE_MS = 10_000;

const requestEvents = (all: StudioEvent[]) => all.filter((e) => e.type === 'requests').length;

/** Resolves once more than `before` `requests` events arrived; fails after the deadline. */
async function moreRequestEvents(before: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no requests event within ${DEADLINE_MS} ms`)),
      DEADLINE_MS,
    );
  });
  try {
    await Promise.race([events.waitFor((all) => requestEvents(all) > before), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

const requestText = (name: string) =>
  `${JSON.stringify({ version: 1, name, method: 'GET', url: '/todos', headers: [], body: { kind: 'none' }, auth: { kind: 'none' } }, null, 2)}\n`;

describe('the requests event', () => {
  it('is sent when a file is written by hand in a requests/ folder created after the start', async () => {
    const before = requestEvents(events.events());
    await mkdir(join(f.dir, 'requests', 'users'), { recursive: true });
    await writeFile(join(f.dir, 'requests', 'users', 'by hand.json'), requestText('by hand'));
    await moreRequestEvents(before);
    expect(events.events().filter((e) => e.type === 'requests')[0]).toEqual({
      type: 'requests',
      id: expect.any(Number),
    });
    // And what it announces lists.
    const listed = await f.api('GET', '/requests');
    expect(JSON.stringify(listed.json)).toContain('by hand');
  });

  it('is sent for each rename-over save in environments/, not only the first', async () => {
    const dir = join(f.dir, 'environments');
    await mkdir(dir);
    const save = async (value: string) => {
      const temp = join(dir, '.Local.json.swp');
      await writeFile(
        temp,
        JSON.stringify({ version: 1, name: 'Local', variables: [{ name: 'a', value }] }),
      );
      await rename(temp, join(dir, 'Local.json'));
    };
    let before = requestEvents(events.events());
    await save('1');
    await moreRequestEvents(before);
    before = requestEvents(events.events());
    await save('2');
    await moreRequestEvents(before);
    before = requestEvents(events.events());
    await writeFile(join(dir, 'Local.json'), '{"broken": ');
    await moreRequestEvents(before);
  });

  it("is sent for the studio's own saves too (the Console re-lists; harmless)", async () => {
    const before = requestEvents(events.events());
    const saved = await f.api('PUT', '/requests', {
      folder: '',
      request: {
        name: 'a',
        method: 'GET',
        url: '/todos',
        headers: [],
        body: { kind: 'none' },
        auth: { kind: 'none' },
      },
    });
    expect(saved.status).toBe(200);
    await moreRequestEvents(before);
  });

  it('follows the open folder: the new one is heard, the old one no longer', async () => {
    const other = await copyProject(EXAMPLES.todo);
    expect((await f.api('POST', '/project/open', { dir: other })).status).toBe(200);
    // The old folder changes first, then the new one, twice: were the old one still heard, its
    // event would come before the new one's second.
    const before = requestEvents(events.events());
    await mkdir(join(f.dir, 'requests'), { recursive: true });
    await writeFile(join(f.dir, 'requests', 'old.json'), requestText('old'));
    await mkdir(join(other, 'requests'), { recursive: true });
    await writeFile(join(other, 'requests', 'new.json'), requestText('new'));
    await moreRequestEvents(before);
    const afterFirst = requestEvents(events.events());
    await writeFile(join(other, 'requests', 'new 2.json'), requestText('new 2'));
    await moreRequestEvents(afterFirst);
    expect(requestEvents(events.events())).toBe(before + 2);
    await rm(other, { recursive: true, force: true });
  });
});

describe('inCollectionFolders', () => {
  it('takes requests/ and environments/ and what is under them, nothing else', () => {
    const root = join(sep, 'p');
    const at = (...parts: string[]) => join(root, ...parts);
    expect(inCollectionFolders(root, at('requests'))).toBe(true);
    expect(inCollectionFolders(root, at('requests', 'a', 'b.json'))).toBe(true);
    expect(inCollectionFolders(root, at('environments', 'Local.json'))).toBe(true);
    expect(inCollectionFolders(root, at('requests.json'))).toBe(false);
    expect(inCollectionFolders(root, at('todo.ts'))).toBe(false);
    expect(inCollectionFolders(root, at('data', 'requests', 'x.json'))).toBe(false);
    expect(inCollectionFolders(root, join(sep, 'pp', 'requests', 'x.json'))).toBe(false);
  });
});
