/**
 * Issue 46: `decorest record <target-url> [dir]`, the real command against a real API on
 * 127.0.0.1. It answers what the API answers, unchanged; on SIGINT it writes a project that
 * `decorest serve` serves as the API answered; a SIGKILL loses nothing recorded and the next
 * start says so; a down API is a 502 and nothing is written; a 200 MB answer streams through
 * in bounded memory; secrets never reach a file; an existing project is not overwritten.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { CLI, REPO_ROOT, runCli, startServeProcess } from '../test-support/cli.js';

const SECRET = 'Bearer s3cr3t-token-do-not-keep';
const COOKIE = 'sid=s3cr3t-cookie';

/** The real API: users, a health check, a 404, cookies, shapes that differ, a 200 MB answer. */
function api(req: IncomingMessage, res: ServerResponse): void {
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'set-cookie': COOKIE });
    res.end(JSON.stringify(body));
  };
  const url = req.url ?? '/';
  if (url === '/users')
    return json(200, [
      { id: 1, name: 'Ann', email: 'ann@example.com', address: { city: 'Oslo' } },
      { id: 2, name: 'Bo', email: 'bo@example.com', address: { city: 'Rome' } },
    ]);
  if (url === '/users/2') return json(200, { id: 2, name: 'Bo', email: 'bo@example.com' });
  if (url === '/users/9') return json(404, { error: 'no user 9' });
  if (url === '/posts') return json(200, [{ id: 10, userId: 1, title: 'Hello' }]);
  if (url === '/items') return json(200, [{ id: 1, name: 'cup' }]);
  if (url === '/items?page=2') return json(200, [{ id: 2, label: 'plate', price: 3 }]);
  if (url === '/health') {
    res.writeHead(200, { 'content-type': 'text/plain', 'x-api': 'real' });
    res.end('ok');
    return;
  }
  if (url === '/big') return streamBig(res);
  json(404, { error: `no route ${url}` });
}

const BIG = 200 * 1024 * 1024;

/** 200 MB of JSON-ish text, written chunk by chunk as the client reads (never allocated whole). */
function streamBig(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(BIG) });
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let sent = 0;
  const pump = () => {
    while (sent < BIG) {
      const part = chunk.subarray(0, Math.min(chunk.length, BIG - sent));
      sent += part.length;
      if (!res.write(part)) return void res.once('drain', pump);
    }
    res.end();
  };
  pump();
}

interface Recording {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<number | null>;
}

/** Starts `decorest record`, resolved once it prints the URL it forwards from. */
function record(args: string[]): Promise<Recording> {
  const child = spawn(process.execPath, [CLI, 'record', ...args, '--port', '0'], {
    cwd: REPO_ROOT,
  });
  children.push(child);
  let out = '';
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const match = /forwarding (http:\/\/\S+) to/.exec(out);
      if (match && out.includes('Ctrl+C'))
        resolve({ child, url: match[1]!, output: () => out, exited });
    });
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    void exited.then((code) => reject(new Error(`record exited with ${String(code)}: ${out}`)));
  });
}

/** SIGINT, then what it printed and its exit code once it ended. */
async function stop(recording: Recording): Promise<{ code: number | null; output: string }> {
  recording.child.kill('SIGINT');
  const code = await recording.exited;
  return { code, output: recording.output() };
}

/** Every file under `root`, dot-folders included, as one text. */
async function allText(root: string): Promise<string> {
  let out = '';
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) out += await readFile(join(entry.parentPath, entry.name), 'utf8');
  return out;
}

let upstream: Server;
let target: string;
let home: string;
let dir: string;
const children: ChildProcess[] = [];

beforeEach(async () => {
  upstream = createServer(api);
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  target = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  home = await mkdtemp(join(tmpdir(), 'decorest-record-'));
  dir = join(home, 'api');
});
afterEach(async () => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  upstream.closeAllConnections();
  await new Promise<void>((r) => upstream.close(() => r()));
  await rm(home, { recursive: true, force: true });
});

describe('decorest record', () => {
  it('answers as the API does, and on Ctrl+C writes a project that serves what it recorded', async () => {
    const rec = await record([target, dir]);
    const users = await fetch(`${rec.url}/users`, { headers: { authorization: SECRET } });
    expect(users.status).toBe(200);
    expect(users.headers.get('access-control-allow-origin')).toBe('*');
    expect(users.headers.get('set-cookie')).toBe(COOKIE);
    expect(await users.json()).toHaveLength(2);
    expect((await fetch(`${rec.url}/users/2`)).status).toBe(200);
    const missing = await fetch(`${rec.url}/users/9`);
    expect([missing.status, await missing.json()]).toEqual([404, { error: 'no user 9' }]);
    expect(await (await fetch(`${rec.url}/health`)).text()).toBe('ok');
    await fetch(`${rec.url}/posts`);
    // Written as each exchange completes, secrets already dropped.
    const journal = readFileSync(join(dir, '.decorest', 'recording.jsonl'), 'utf8');
    expect(journal.trim().split('\n')).toHaveLength(6);
    expect(journal).not.toMatch(/s3cr3t/);

    const { code, output } = await stop(rec);
    expect(code).toBe(0);
    expect(output).toMatch(/user\.ts\s+model User/);
    expect(output).toMatch(/seed\/users\.json\s+2 records of User/);
    expect(output).toMatch(/Post\.userId: links to User/);
    expect(output).toMatch(/User: every record seen had name, email: a write must send them/);
    expect(existsSync(join(dir, '.decorest', 'recording.jsonl'))).toBe(false);
    expect(await allText(dir)).not.toMatch(/s3cr3t|set-cookie|authorization/i);

    const serve = await startServeProcess([dir, '--port', '0']);
    children.push(serve.child);
    const user = await fetch(`${serve.url}/users/1`);
    expect(await user.json()).toEqual({
      id: 1,
      name: 'Ann',
      email: 'ann@example.com',
      address: { city: 'Oslo' },
    });
    const gone = await fetch(`${serve.url}/users/9`);
    expect([gone.status, await gone.json()]).toEqual([404, { error: 'no user 9' }]);
    const health = await fetch(`${serve.url}/health`);
    expect([health.headers.get('x-api'), await health.text()]).toEqual(['real', 'ok']);
    // A model, not a recorded answer: it validates writes.
    const bad = await fetch(`${serve.url}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Cy"}',
    });
    expect(bad.status).toBe(422);
  });

  it('loses nothing recorded to a SIGKILL: the next record says so, --resume writes it all', async () => {
    const rec = await record([target, dir]);
    await (await fetch(`${rec.url}/users`)).text();
    await (await fetch(`${rec.url}/health`)).text();
    // Both journalled (a line is written as its answer ends), then the kill.
    const journal = join(dir, '.decorest', 'recording.jsonl');
    await expect.poll(() => readFileSync(journal, 'utf8').trim().split('\n').length).toBe(3);
    rec.child.kill('SIGKILL');
    await rec.exited;
    expect(await readdir(dir)).toEqual(['.decorest']);

    const again = await runCli(['record', target, dir, '--port', '0']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /the last recording in \S+ was not saved: 2 exchanges with http:\/\/127\.0\.0\.1:\d+, started \d{4}-/,
    );
    expect(again.stderr).toMatch(/--resume\s+records on and writes them all when stopped/);
    expect(again.stderr).toMatch(/--discard\s+drops them and starts afresh/);

    const resumed = await record([target, dir, '--resume']);
    expect(resumed.output()).toMatch(/on from 2 exchanges recorded before/);
    await fetch(`${resumed.url}/posts`);
    const { code, output } = await stop(resumed);
    expect(code).toBe(0);
    expect(output).toMatch(/from 3 exchanges with/);
    expect(output).toMatch(/seed\/posts\.json\s+1 record of Post/);
    expect(output).toMatch(/app\.ts\s+manual routes/);
  });

  it('answers a 502 naming a target that is down, and writes nothing', async () => {
    upstream.close();
    const down = 'http://127.0.0.1:9';
    const rec = await record([down, dir]);
    await expect
      .poll(() => rec.output())
      .toMatch(/http:\/\/127\.0\.0\.1:9 does not answer \(ECONNREFUSED\)/);
    const answer = await fetch(`${rec.url}/users`);
    expect(answer.status).toBe(502);
    expect(((await answer.json()) as { detail: string }).detail).toMatch(
      /http:\/\/127\.0\.0\.1:9.*ECONNREFUSED/,
    );
    const { code, output } = await stop(rec);
    expect(code).toBe(0);
    expect(output).toMatch(/nothing was recorded, so nothing was written/);
    expect(existsSync(dir)).toBe(false);
  });

  it('streams a 200 MB answer through in bounded memory, and names it as not recorded', async () => {
    const rec = await record([target, dir]);
    const answer = await fetch(`${rec.url}/big`);
    let bytes = 0;
    for await (const chunk of answer.body!) bytes += (chunk as Uint8Array).length;
    expect(bytes).toBe(BIG);
    // The recorder's peak memory: far below the answer, whatever the proxy streamed.
    const status = readFileSync(`/proc/${rec.child.pid}/status`, 'utf8');
    const peakKb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
    expect(peakKb).toBeLessThan(160 * 1024);
    await fetch(`${rec.url}/users`);
    const { output } = await stop(rec);
    expect(output).toContain(
      'GET /big: answered 200.0 MB, over the 5.0 MB recorded per exchange: streamed through, not recorded',
    );
    expect(output).toMatch(/2 records of User/);
  }, 60_000);

  it('unions the fields of a path answering different shapes, and names the guess', async () => {
    const rec = await record([target, dir]);
    await fetch(`${rec.url}/items`);
    await fetch(`${rec.url}/items?page=2`);
    const { output } = await stop(rec);
    expect(output).toContain(
      'Item: /items answered records of 2 shapes: their fields are unioned, those some lacked optional (name in 1 of 2, label in 1 of 2, price in 1 of 2)',
    );
    expect(await readFile(join(dir, 'item.ts'), 'utf8')).toMatch(
      /name\?: string;\s+label\?: string;\s+price\?: number;/,
    );
  });

  it('keeps a header named with --keep-header', async () => {
    const rec = await record([target, dir, '--keep-header', 'Set-Cookie']);
    await fetch(`${rec.url}/health`);
    await fetch(`${rec.url}/users/9`);
    await stop(rec);
    expect(await readFile(join(dir, 'app.ts'), 'utf8')).toContain(
      `.header('set-cookie', '${COOKIE}')`,
    );
  });

  it('writes nothing into an existing project without --force, and never rewrites a file the user changed', async () => {
    const first = await record([target, dir]);
    await fetch(`${first.url}/users`);
    await fetch(`${first.url}/health`);
    expect((await stop(first)).code).toBe(0);
    const model = join(dir, 'user.ts');
    const mine = `${await readFile(model, 'utf8')}// mine\n`;
    await writeFile(model, mine);
    const seedBefore = await readFile(join(dir, 'seed', 'users.json'), 'utf8');

    const second = await record([target, dir]);
    await fetch(`${second.url}/users/2`);
    await fetch(`${second.url}/users`);
    const refused = await stop(second);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(
      /would replace user\.ts, seed\/users\.json in \S+: nothing was written/,
    );
    expect(refused.output).toMatch(
      /the 2 exchanges stay in \S+recording\.jsonl: .* --resume --force/,
    );
    expect(await readFile(model, 'utf8')).toBe(mine);
    expect(await readFile(join(dir, 'seed', 'users.json'), 'utf8')).toBe(seedBefore);

    const forced = await record([target, dir, '--resume', '--force']);
    const { code, output } = await stop(forced);
    expect(code).toBe(0);
    expect(output).toMatch(
      /kept as it was \(you changed it since a recording wrote it\): user\.ts/,
    );
    expect(await readFile(model, 'utf8')).toBe(mine);
  });
});
