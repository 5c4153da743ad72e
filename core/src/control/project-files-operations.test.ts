/**
 * Issue 30: `POST /api/project-files` of a real studio on 127.0.0.1: a file chosen for a
 * multipart field lands in the project's `files/` folder byte for byte; a name taken by other
 * bytes gets ` 2`, the same bytes reuse the file; over `UPLOAD_LIMIT` is a 413; hostile names
 * never leave the folder; without the token, a 401.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { ProjectFileEntry } from '../contract/control-api.js';
import { UPLOAD_LIMIT } from '../contract/requests-api.js';
import { uploadName } from '../requests/project-files.js';
import { startStudioFixture, type StudioFixture } from '../studio/test-support/studio-fixture.js';
import { jsonRequest, rawRequest } from '../test-support/http-client.js';
import { EXAMPLES } from '../test-support/project-server.js';

let f: StudioFixture;
beforeEach(async () => {
  f = await startStudioFixture(EXAMPLES.todo);
});
afterEach(async () => {
  await f.dispose();
});

const put = (name: string, bytes: Buffer) =>
  f.api('POST', '/project-files', { name, base64: bytes.toString('base64') });

async function putOk(name: string, bytes: Buffer): Promise<string> {
  const answer = await put(name, bytes);
  expect(answer.status, answer.text).toBe(200);
  return (answer.json as ProjectFileEntry).path;
}

describe('POST /api/project-files', () => {
  it('writes the bytes to files/<name> and answers the path relative to the project', async () => {
    const bytes = randomBytes(300_000);
    expect(await putOk('photo.png', bytes)).toBe('files/photo.png');
    expect((await readFile(join(f.dir, 'files', 'photo.png'))).equals(bytes)).toBe(true);
    // An empty file is a file too.
    expect(await putOk('empty.txt', Buffer.alloc(0))).toBe('files/empty.txt');
    expect((await readFile(join(f.dir, 'files', 'empty.txt'))).length).toBe(0);
  });

  it('gives a name taken by other bytes " 2", " 3" before the extension, and reuses the same bytes', async () => {
    const a = Buffer.from('first');
    const b = Buffer.from('second');
    const c = Buffer.from('third');
    expect(await putOk('report.pdf', a)).toBe('files/report.pdf');
    expect(await putOk('report.pdf', b)).toBe('files/report 2.pdf');
    expect(await putOk('report.pdf', a)).toBe('files/report.pdf');
    expect(await putOk('report.pdf', b)).toBe('files/report 2.pdf');
    expect(await putOk('report.pdf', c)).toBe('files/report 3.pdf');
    expect((await readFile(join(f.dir, 'files', 'report 2.pdf'), 'utf8')).toString()).toBe(
      'second',
    );
    // No temp file is left behind.
    expect((await readdir(join(f.dir, 'files'))).sort()).toEqual([
      'report 2.pdf',
      'report 3.pdf',
      'report.pdf',
    ]);
  });

  it('takes two uploads of one name at once as two files', async () => {
    const [x, y] = await Promise.all([
      putOk('same.bin', Buffer.from('x')),
      putOk('same.bin', Buffer.from('y')),
    ]);
    expect([x, y].sort()).toEqual(['files/same 2.bin', 'files/same.bin']);
  });

  it('keeps hostile names inside files/', async () => {
    const cases: [string, string][] = [
      ['../x', 'files/x'],
      ['../../../../../../tmp/escaped.txt', 'files/escaped.txt'],
      ['/etc/passwd', 'files/passwd'],
      ['C:\\fakepath\\photo.jpg', 'files/photo.jpg'],
      ['..', 'files/file'],
      ['con', 'files/_con'],
      ['CON.txt', 'files/_CON.txt'],
      ['', 'files/file 2'], // other bytes than '..' had
      ['a\u0000b.txt', 'files/a-b.txt'],
      ['.png', 'files/file.png'],
      [' .hidden ', 'files/hidden'],
    ];
    for (const [name, path] of cases) {
      expect(await putOk(name, Buffer.from(name || 'empty')), name).toBe(path);
    }
    const long = `${'n'.repeat(300)}.jpeg`;
    expect(await putOk(long, Buffer.from('long'))).toBe(`files/${'n'.repeat(100)}.jpeg`);
    const written = await readdir(join(f.dir, 'files'));
    expect(written).toHaveLength(cases.length + 1);
    expect(uploadName('../../etc/passwd')).toEqual({ base: 'passwd', ext: '' });
  });

  it('refuses a files/ folder that is a symlink leading outside the project', async () => {
    await symlink(tmpdir(), join(f.dir, 'files'));
    const answer = await put('x.txt', Buffer.from('x'));
    expect(answer.status).toBe(403);
  });

  it('refuses content over UPLOAD_LIMIT with a 413 naming the limit', async () => {
    // Just over the limit: decoded size is checked before the bytes are made.
    const over = await put('big.bin', Buffer.alloc(UPLOAD_LIMIT + 1));
    expect(over.status).toBe(413);
    expect((over.json as { detail: string }).detail).toContain(`${UPLOAD_LIMIT} bytes (50 MiB)`);
    // 51 MiB: the body itself is over the operation's limit, refused before it is read.
    const body = JSON.stringify({
      name: 'huge.bin',
      base64: Buffer.alloc(51 * 1024 * 1024).toString('base64'),
    });
    const huge = await rawRequest(f.base, 'POST', '/api/project-files', {
      headers: { authorization: `Bearer ${f.studio.token}`, 'content-type': 'application/json' },
      body,
    });
    expect(huge.status).toBe(413);
    expect(await readdir(f.dir)).not.toContain('files');
  });

  it('takes a file of exactly UPLOAD_LIMIT bytes (a body larger than CONTROL_BODY_LIMIT)', async () => {
    const bytes = Buffer.alloc(UPLOAD_LIMIT, 7);
    expect(await putOk('limit.bin', bytes)).toBe('files/limit.bin');
    expect((await readFile(join(f.dir, 'files', 'limit.bin'))).equals(bytes)).toBe(true);
  });

  it('refuses a body that is not a name and base64 with a 422 naming the field', async () => {
    const bad = async (body: unknown, field: string) => {
      const answer = await f.api('POST', '/project-files', body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(answer.json)).toContain(`"field":"${field}"`);
    };
    await bad([], '');
    await bad({ base64: '' }, '/name');
    await bad({ name: 'x'.repeat(1001), base64: '' }, '/name');
    await bad({ name: 'x' }, '/base64');
    await bad({ name: 'x', base64: 'abc' }, '/base64');
    await bad({ name: 'x', base64: 'ab!c' }, '/base64');
    expect(await readdir(f.dir)).not.toContain('files');
  });

  it('answers 401 without the token and writes nothing', async () => {
    const answer = await jsonRequest(f.base, 'POST', '/api/project-files', {
      name: 'x.txt',
      base64: Buffer.from('x').toString('base64'),
    });
    expect(answer.status).toBe(401);
    expect(await readdir(f.dir)).not.toContain('files');
  });
});
