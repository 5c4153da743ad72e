/**
 * Issue 40 §2: no file outside the project is read, written, created or deleted through a
 * symlink planted in it (a cloned repository can hold any), whatever the control operation:
 * saved requests (rename, move, new folders, duplicate), environments, `files/` (upload and
 * send), `mock-rules.json`, `seed/` and model files. Each refusal is a 403 naming the path as the
 * user gave it and quoting nothing of what lies outside; the outside folder is left exactly as
 * it was. Real studio on 127.0.0.1, real files.
 */
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type {
  ModelEdit,
  OutgoingRequest,
  Problem,
  RequestCollection,
  RulesState,
} from '../contract/control-api.js';
import { type RawAnswer, rawRequest } from '../test-support/http-client.js';
import { EXAMPLES } from '../test-support/project-server.js';
import { plainRequest } from '../test-support/saved-request.js';
import { startStudioFixture, type StudioFixture } from '../test-support/studio-fixture.js';

/** What lies outside: never to be quoted in an answer. */
const SECRET = 'root:x:0:0:the-outside-secret';

let f: StudioFixture;
let outside: string;
let remote: Server | undefined;
beforeEach(async () => {
  f = await startStudioFixture(EXAMPLES.todo);
  outside = await mkdtemp(join(tmpdir(), 'decorest-outside-'));
  await writeFile(join(outside, 'secret.txt'), `${SECRET}\n`);
});
afterEach(async () => {
  remote?.closeAllConnections();
  if (remote) await new Promise((r) => remote!.close(r));
  remote = undefined;
  await f.dispose();
  await rm(outside, { recursive: true, force: true });
});

const request = plainRequest;

/** Every entry under `dir` (folders too) with a file's text: equal before and after. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const out: Record<string, string> = {};
  for (const e of entries) {
    const path = join(e.parentPath, e.name);
    out[path.slice(dir.length + 1)] = e.isFile() ? await readFile(path, 'utf8') : '<folder>';
  }
  return out;
}

/** A 403 naming `shown`, quoting neither the outside folder nor anything in it. */
function expectRefused(answer: RawAnswer, shown: string): void {
  expect(answer.status, answer.text).toBe(403);
  expect((answer.json as Problem).detail).toContain(shown);
  expect(answer.text).not.toContain('the-outside-secret');
  expect(answer.text).not.toContain(outside);
}

describe('saved requests in a symlinked folder', () => {
  beforeEach(async () => {
    await writeFile(join(outside, 'a.json'), JSON.stringify(request('a')));
    await mkdir(join(f.dir, 'requests'));
    await symlink(outside, join(f.dir, 'requests', 'link'));
  });

  it('a rename there is refused, and the file at the link target is neither deleted nor copied', async () => {
    const before = await snapshot(outside);
    const renamed = await f.api('PUT', '/requests', {
      folder: 'link',
      path: 'link/a.json',
      request: request('b'),
    });
    expectRefused(renamed, 'requests/link/b.json');
    // A move out of it would write inside, then delete the target: refused before either.
    const moved = await f.api('PUT', '/requests', {
      folder: '',
      path: 'link/a.json',
      request: request('a'),
    });
    expectRefused(moved, 'requests/link/a.json');
    expect(await snapshot(outside)).toEqual(before);
    expect(existsSync(join(f.dir, 'requests', 'a.json'))).toBe(false);
    // A delete was refused before issue 40 too: it still is.
    expectRefused(await f.api('POST', '/requests/delete', { path: 'link/a.json' }), 'link/a.json');
    expect(await snapshot(outside)).toEqual(before);
  });

  it('a save into new folders below it creates no folder outside', async () => {
    const before = await snapshot(outside);
    const answer = await f.api('PUT', '/requests', {
      folder: 'link/sub/deeper',
      request: request('x'),
    });
    expectRefused(answer, 'requests/link/sub/deeper/x.json');
    expect(await snapshot(outside)).toEqual(before);
    expect(existsSync(join(outside, 'sub'))).toBe(false);
  });

  it('a duplicate of a request there is refused: nothing is read or copied', async () => {
    const before = await snapshot(outside);
    const answer = await f.api('POST', '/requests/duplicate', { path: 'link/a.json' });
    expectRefused(answer, 'requests/link/a.json');
    expect(await snapshot(outside)).toEqual(before);
  });
});

describe('a symlinked folder that stays inside the project', () => {
  it('is saved into, renamed in and deleted from as any folder', async () => {
    await mkdir(join(f.dir, 'shared-requests'));
    await mkdir(join(f.dir, 'requests'));
    await symlink(join('..', 'shared-requests'), join(f.dir, 'requests', 'shared'));
    const saved = await f.api('PUT', '/requests', { folder: 'shared', request: request('a') });
    expect(saved.status, saved.text).toBe(200);
    const renamed = await f.api('PUT', '/requests', {
      folder: 'shared',
      path: 'shared/a.json',
      request: request('b'),
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await readdir(join(f.dir, 'shared-requests'))).toEqual(['b.json']);
    const copied = await f.api('POST', '/requests/duplicate', { path: 'shared/b.json' });
    expect(copied.status, copied.text).toBe(200);
    const deleted = await f.api('POST', '/requests/delete', { path: 'shared/b.json' });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await readdir(join(f.dir, 'shared-requests'))).toEqual(['b copy.json']);
  });
});

describe('a saved request that is a symlink to a file outside', () => {
  it('is not duplicated into the project, and no answer quotes the file', async () => {
    await mkdir(join(f.dir, 'requests'));
    await symlink(join(outside, 'secret.txt'), join(f.dir, 'requests', 'leak.json'));
    const answer = await f.api('POST', '/requests/duplicate', { path: 'leak.json' });
    expectRefused(answer, 'requests/leak.json');
    expect(await readdir(join(f.dir, 'requests'))).toEqual(['leak.json']);
    // Nor does the list read it.
    const listed = await f.api('GET', '/requests');
    expect(listed.text).not.toContain('the-outside-secret');
  });
});

describe('mock-rules.json as a symlink to a file outside', () => {
  beforeEach(async () => {
    await writeFile(join(outside, 'rules.json'), `${SECRET}\n`);
    await symlink(join(outside, 'rules.json'), join(f.dir, 'mock-rules.json'));
  });

  it('is not written through: saving rules is refused and the target keeps its text', async () => {
    const before = await snapshot(outside);
    const answer = await f.api('PUT', '/rules', { rules: [] });
    expectRefused(answer, 'mock-rules.json');
    expect(await snapshot(outside)).toEqual(before);
    expect((await lstat(join(f.dir, 'mock-rules.json'))).isSymbolicLink()).toBe(true);
  });

  it('is not read: the rules state names the refusal without quoting the target', async () => {
    // The folder watcher reloads the file once it hears the link appear.
    let state: RulesState | undefined;
    for (let tries = 0; tries < 400 && state?.problems === undefined; tries++) {
      state = (await f.api('GET', '/rules')).json as RulesState;
      if (state.problems === undefined) await new Promise((r) => setTimeout(r, 25));
    }
    const text = JSON.stringify(state);
    expect(text).toContain('mock-rules.json leads outside the project');
    expect(text).not.toContain('the-outside-secret');
  });
});

describe('environments/ as a symlink to a folder outside', () => {
  beforeEach(async () => {
    const environment = {
      name: 'prod',
      variables: [{ name: 'token', value: 'the-outside-secret', secret: false, enabled: true }],
    };
    await writeFile(join(outside, 'prod.json'), JSON.stringify(environment));
    await symlink(outside, join(f.dir, 'environments'));
  });

  it('is not listed from, saved into or deleted from', async () => {
    const before = await snapshot(outside);
    const listed = await f.api('GET', '/requests');
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain('the-outside-secret');
    expect((listed.json as RequestCollection).environments).toEqual([]);
    expect((listed.json as RequestCollection).problems).toEqual([
      { file: 'environments', message: expect.stringContaining('leads outside the project') },
    ]);
    const saved = await f.api('PUT', '/environments', {
      environment: { name: 'dev', variables: [] },
    });
    expectRefused(saved, 'environments/dev.json');
    const deleted = await f.api('POST', '/environments/delete', { name: 'prod' });
    expect(deleted.status, deleted.text).toBe(403);
    expect(deleted.text).not.toContain(outside);
    expect(await snapshot(outside)).toEqual(before);
  });
});

describe('files/ and symlinks', () => {
  it('a file part that is a symlink to a file outside is not sent', async () => {
    let received = 0;
    remote = createServer((req, res) => {
      received++;
      req.resume();
      req.on('end', () => res.end('{}'));
    });
    remote.listen(0, '127.0.0.1');
    await once(remote, 'listening');
    const url = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
    await mkdir(join(f.dir, 'files'));
    await symlink(join(outside, 'secret.txt'), join(f.dir, 'files', 'photo.png'));
    const sent: OutgoingRequest = {
      method: 'POST',
      url,
      headers: [],
      body: {
        kind: 'multipart',
        fields: [{ kind: 'file', name: 'upload', path: 'files/photo.png', enabled: true }],
      },
    };
    const answer = await f.api('POST', '/outgoing', sent);
    expectRefused(answer, 'files/photo.png');
    expect(received).toBe(0);
  });

  it('an upload through a dangling files/ link creates no folder outside', async () => {
    await symlink(join(outside, 'made'), join(f.dir, 'files'));
    const answer = await rawRequest(f.base, 'POST', '/api/project-files?name=x.txt', {
      headers: {
        authorization: `Bearer ${f.studio.token}`,
        'content-type': 'application/octet-stream',
      },
      body: Buffer.from('x'),
    });
    expectRefused(answer, 'files');
    expect(existsSync(join(outside, 'made'))).toBe(false);
  });
});

describe('seed/ and symlinks', () => {
  it('a seed file that is a symlink to a file outside is not read by a reset', async () => {
    const seed = join(f.dir, 'seed', 'todos.json');
    await rm(seed);
    await symlink(join(outside, 'secret.txt'), seed);
    const answer = await f.api('POST', '/data/reset');
    expectRefused(answer, 'seed/todos.json');
  });

  it('a seed/ folder that is a symlink to a folder outside is not saved into', async () => {
    await rm(join(f.dir, 'seed'), { recursive: true });
    await symlink(outside, join(f.dir, 'seed'));
    const before = await snapshot(outside);
    const answer = await f.api('POST', '/data/seed');
    expectRefused(answer, 'seed');
    expect(await snapshot(outside)).toEqual(before);
  });
});

describe('a model file that is a symlink to a file outside', () => {
  it('is neither shown nor edited: the file outside keeps its text', async () => {
    const link = join(f.dir, 'todo.ts');
    const target = join(outside, 'todo.ts');
    await writeFile(target, await readFile(link, 'utf8'));
    await rm(link);
    await symlink(target, link);
    const reloaded = await f.api('POST', '/project/reload');
    expect(reloaded.status, reloaded.text).toBe(200);
    const before = await snapshot(outside);

    expectRefused(await f.api('GET', '/models/Todo/source'), 'todo.ts');
    const edit: ModelEdit = {
      kind: 'addField',
      model: 'Todo',
      field: { name: 'due', type: 'Date', optional: true },
    };
    expectRefused(await f.api('POST', '/model-edits/preview', { edit }), 'todo.ts');
    expectRefused(await f.api('POST', '/model-edits', { edit, hashes: {} }), 'todo.ts');
    expect(await snapshot(outside)).toEqual(before);
  });
});
