/**
 * Issue 30: `POST /api/project-files` of a real studio on 127.0.0.1: a file chosen for a
 * multipart field lands in the project's `files/` folder byte for byte; a name taken by other
 * bytes gets ` 2`, the same bytes reuse the file; over `UPLOAD_LIMIT` is a 413; hostile names
 * never leave the folder; without the token, a 401. Issue 40: the body is the file's bytes,
 * written to disk as they arrive (never held whole), and nothing is left behind when refused.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, symlink } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { ProjectFileEntry } from '../contract/control-api.js';
import { UPLOAD_LIMIT } from '../contract/requests-api.js';
import { uploadName } from '../requests/project-files.js';
import { type RawAnswer, rawRequest } from '../test-support/http-client.js';
import { EXAMPLES } from '../test-support/project-server.js';
import { startStudioFixture, type StudioFixture } from '../test-support/studio-fixture.js';
import { ControlClient } from './client.js';

let f: StudioFixture;
/** Where this file's uploads are received (os.tmpdir() reads TMPDIR on every call). */
let spoolDir: string;
const tmpBefore = process.env['TMPDIR'];
beforeEach(async () => {
  spoolDir = await mkdtemp(join(tmpdir(), 'decorest-spool-test-'));
  process.env['TMPDIR'] = spoolDir;
  f = await startStudioFixture(EXAMPLES.todo);
});
afterEach(async () => {
  await f.dispose();
  if (tmpBefore === undefined) delete process.env['TMPDIR'];
  else process.env['TMPDIR'] = tmpBefore;
  await rm(spoolDir, { recursive: true, force: true });
});

const auth = () => ({ authorization: `Bearer ${f.studio.token}` });

const put = (name: string | undefined, bytes: Buffer, headers: Record<string, string> = auth()) =>
  rawRequest(
    f.base,
    'POST',
    `/api/project-files${name === undefined ? '' : `?name=${encodeURIComponent(name)}`}`,
    { headers: { 'content-type': 'application/octet-stream', ...headers }, body: bytes },
  );

/** What the studio's temp folder holds: its receiving uploads. */
async function spooled(): Promise<{ dirs: string[]; bytes: number }> {
  const dirs = (await readdir(spoolDir)).filter((d) => d.startsWith('decorest-upload-'));
  let bytes = 0;
  for (const d of dirs)
    bytes += await stat(join(spoolDir, d, 'upload')).then(
      (s) => s.size,
      () => 0,
    );
  return { dirs, bytes };
}

async function until(ok: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((r) => setTimeout(r, 25));
  }
}

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

  it('refuses content over UPLOAD_LIMIT with a 413 naming the limit, leaving nothing behind', async () => {
    // Declared too large: refused before a byte is read.
    const over = await put('big.bin', Buffer.alloc(UPLOAD_LIMIT + 1));
    expect(over.status).toBe(413);
    expect((over.json as { detail: string }).detail).toContain(`${UPLOAD_LIMIT} bytes (50 MiB)`);
    // Sent without a length (chunked): counted as it arrives, refused once past the limit.
    const chunked = await rawRequest(f.base, 'POST', '/api/project-files?name=huge.bin', {
      headers: { ...auth(), 'content-type': 'application/octet-stream' },
      body: Buffer.alloc(UPLOAD_LIMIT + 64 * 1024),
      chunked: true,
    });
    expect(chunked.status).toBe(413);
    expect((chunked.json as { detail: string }).detail).toContain(`${UPLOAD_LIMIT} bytes (50 MiB)`);
    expect(await readdir(f.dir)).not.toContain('files');
    expect((await spooled()).dirs).toEqual([]);
  });

  it('writes a large upload to disk as it arrives, never holding it whole', async () => {
    const bytes = randomBytes(UPLOAD_LIMIT);
    const first = 8 * 1024 * 1024;
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const answer = new Promise<RawAnswer>((resolve, reject) => {
      const url = new URL('/api/project-files?name=large.bin', f.base);
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: url.pathname + url.search,
          headers: {
            ...auth(),
            'content-type': 'application/octet-stream',
            'content-length': bytes.length,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              text,
              json: JSON.parse(text),
            }),
          );
        },
      );
      req.on('error', reject);
      req.write(bytes.subarray(0, first));
      // The first part is on disk while the rest is not even sent: the body is never
      // buffered whole.
      until(async () => {
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
        return (await spooled()).bytes >= first;
      }).then(
        () => req.end(bytes.subarray(first)),
        (error: unknown) => {
          req.destroy();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
    const done = await answer;
    expect(done.status, done.text).toBe(200);
    expect((done.json as ProjectFileEntry).path).toBe('files/large.bin');
    expect((await readFile(join(f.dir, 'files', 'large.bin'))).equals(bytes)).toBe(true);
    // The received copy is gone once it is in the project.
    expect((await spooled()).dirs).toEqual([]);
    console.log(
      `50 MiB upload: RSS ${Math.round(rssBefore / 2 ** 20)} MiB before, ` +
        `${Math.round(Math.max(rssPeak, process.memoryUsage().rss) / 2 ** 20)} MiB at most seen`,
    );
  });

  it('takes a file of exactly UPLOAD_LIMIT bytes (a body larger than CONTROL_BODY_LIMIT)', async () => {
    const bytes = Buffer.alloc(UPLOAD_LIMIT, 7);
    expect(await putOk('limit.bin', bytes)).toBe('files/limit.bin');
    expect((await readFile(join(f.dir, 'files', 'limit.bin'))).equals(bytes)).toBe(true);
  });

  it('refuses a missing or too long name with a 400 naming it, and writes nothing', async () => {
    for (const name of [undefined, 'x'.repeat(1001)]) {
      const answer = await put(name, Buffer.from('x'));
      expect(answer.status, answer.text).toBe(400);
      expect(JSON.stringify(answer.json)).toContain('"field":"name"');
    }
    expect(await readdir(f.dir)).not.toContain('files');
  });

  it('answers 401 without the token and writes nothing', async () => {
    const answer = await put('x.txt', Buffer.from('x'), {});
    expect(answer.status).toBe(401);
    expect(await readdir(f.dir)).not.toContain('files');
  });

  it('is what the control client sends for a file', async () => {
    const client = new ControlClient({ baseUrl: f.base, token: f.studio.token });
    const bytes = randomBytes(1000);
    const entry = await client.putProjectFile('from client.bin', new Blob([bytes]));
    expect(entry).toEqual({ path: 'files/from client.bin' });
    expect((await readFile(join(f.dir, 'files', 'from client.bin'))).equals(bytes)).toBe(true);
  });
});
