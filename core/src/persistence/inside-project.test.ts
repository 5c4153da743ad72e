/**
 * Issue 40 §2: the one rule for a project's files, on real folders and links: where a path
 * really is (links followed, dangling ones to what they would create, the missing rest as
 * named), what lies inside, and what a refusal says.
 */
import { mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { HttpProblem } from '../errors.js';
import {
  entryInsideProject,
  insideProject,
  readProjectFile,
  realPlace,
  replaceProjectFile,
} from './inside-project.js';

let scratch: string;
let project: string;
let outside: string;
beforeEach(async () => {
  scratch = await realpath(await mkdtemp(join(tmpdir(), 'decorest-inside-')));
  project = join(scratch, 'project');
  outside = join(scratch, 'outside');
  await mkdir(join(project, 'requests'), { recursive: true });
  await mkdir(outside);
  await writeFile(join(outside, 'secret.txt'), 'the-outside-secret\n');
});
afterEach(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function refusal(work: Promise<unknown>): Promise<HttpProblem> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpProblem);
  return error as HttpProblem;
}

describe('realPlace', () => {
  it('keeps the part that does not exist yet below the deepest real folder', async () => {
    await symlink(outside, join(project, 'requests', 'link'));
    expect(await realPlace(join(project, 'requests', 'link', 'sub', 'deeper', 'x.json'))).toBe(
      join(outside, 'sub', 'deeper', 'x.json'),
    );
    expect(await realPlace(join(project, 'new', 'x.json'))).toBe(join(project, 'new', 'x.json'));
  });

  it('follows a dangling link to the file it would create, through chains of links', async () => {
    await symlink(join(outside, 'made'), join(project, 'files'));
    expect(await realPlace(join(project, 'files', 'a.png'))).toBe(join(outside, 'made', 'a.png'));
    await symlink('files', join(project, 'again'));
    expect(await realPlace(join(project, 'again'))).toBe(join(outside, 'made'));
  });
});

describe('insideProject', () => {
  it('allows a link to another place inside the project, answering that place', async () => {
    await mkdir(join(project, 'shared'));
    await symlink(join('..', 'shared'), join(project, 'requests', 'shared'));
    expect(await insideProject(project, join(project, 'requests', 'shared', 'a.json'))).toBe(
      join(project, 'shared', 'a.json'),
    );
  });

  it('refuses a link out with a 403 naming the path as given, not where it leads', async () => {
    await symlink(outside, join(project, 'requests', 'link'));
    const problem = await refusal(
      insideProject(project, join(project, 'requests', 'link', 'sub', 'x.json')),
    );
    expect(problem.status).toBe(403);
    expect(problem.detail).toContain('requests/link/sub/x.json leads outside the project');
    expect(problem.detail).not.toContain(outside);
  });

  it('refuses `..` out of the project, a loop of links and an endless chain', async () => {
    await refusal(insideProject(project, join(project, '..', 'outside', 'secret.txt')));
    await symlink('b', join(project, 'a'));
    await symlink('a', join(project, 'b'));
    expect((await refusal(insideProject(project, join(project, 'a', 'x')))).status).toBe(403);
    // A chain longer than the kernel follows, even ending inside, leads nowhere a write ends.
    for (let i = 0; i < 45; i++) await symlink(`l${i + 1}`, join(project, `l${i}`));
    await refusal(insideProject(project, join(project, 'l0')));
  });

  it('measures against the real project folder when the project is reached through a link', async () => {
    const alias = join(scratch, 'alias');
    await symlink(project, alias);
    expect(await insideProject(alias, join(alias, 'requests', 'a.json'))).toBe(
      join(project, 'requests', 'a.json'),
    );
  });
});

describe('entryInsideProject', () => {
  it("follows the folder's links, not the entry's own: a link is itself the entry", async () => {
    await symlink(join(outside, 'secret.txt'), join(project, 'requests', 'leak.json'));
    expect(await entryInsideProject(project, join(project, 'requests', 'leak.json'))).toBe(
      join(project, 'requests', 'leak.json'),
    );
    await symlink(outside, join(project, 'requests', 'link'));
    await refusal(entryInsideProject(project, join(project, 'requests', 'link', 'secret.txt')));
  });
});

describe('reading and replacing', () => {
  it('never reads or writes a file outside through a link, and says nothing of it', async () => {
    const link = join(project, 'mock-rules.json');
    await symlink(join(outside, 'secret.txt'), link);
    const read = await refusal(readProjectFile(project, link));
    expect(JSON.stringify(read.toDocument('/x'))).not.toContain('the-outside-secret');
    await refusal(replaceProjectFile(project, link, '[]\n'));
    expect(await readFile(join(outside, 'secret.txt'), 'utf8')).toBe('the-outside-secret\n');
  });

  it('writes through a link inside the project', async () => {
    await writeFile(join(project, 'real.json'), 'old');
    await symlink('real.json', join(project, 'mock-rules.json'));
    await replaceProjectFile(project, join(project, 'mock-rules.json'), 'new');
    expect(await readFile(join(project, 'real.json'), 'utf8')).toBe('new');
    expect(await readProjectFile(project, join(project, 'mock-rules.json'))).toBe('new');
  });
});
