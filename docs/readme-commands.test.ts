/**
 * Issue 48: every command the README shows stays runnable. The Quick start runs as written
 * (its shell block in a temp folder, its curl lines as requests, `npx decorest` as this clone's
 * bin, port 3000 as a free one); every other `decorest …` line in a shell block parses, in the
 * README and in every page of docs/, and so does each command of the README's command table.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, describe, expect, it } from 'vitest';

import { parseCliArgs } from '../core/src/cli/parse-args.js';
import { freePort } from '../core/src/test-support/free-port.js';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(REPO, 'core', 'bin', 'decorest.js');
const README = readFileSync(join(REPO, 'README.md'), 'utf8');
const DOCS = join(REPO, 'docs');
/** Each page of docs/ with its text, by file name. */
const PAGES = readdirSync(DOCS)
  .filter((name) => name.endsWith('.md'))
  .sort()
  .map((name) => [name, readFileSync(join(DOCS, name), 'utf8')] as const);

/** A Markdown file's fenced blocks marked `sh`, with the heading they sit under. */
function shellBlocks(text: string): { heading: string; body: string }[] {
  const blocks: { heading: string; body: string }[] = [];
  let heading = '';
  for (const part of text.split(/^(```\w*\n[\s\S]*?^```)$/m)) {
    const fence = /^```(\w*)\n([\s\S]*?)```$/.exec(part);
    if (fence === null) {
      const headings = [...part.matchAll(/^#+ (.+)$/gm)];
      if (headings.length > 0) heading = headings[headings.length - 1]![1]!;
    } else if (fence[1] === 'sh') blocks.push({ heading, body: fence[2]! });
  }
  return blocks;
}

/** The `decorest …` command lines of shell blocks, comments and line continuations removed. */
function decorestLines(blocks: readonly { body: string }[]): string[] {
  return blocks
    .flatMap((b) => b.body.replace(/\\\n\s*/g, '').split('\n'))
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter((l) => /^(npx )?decorest /.test(l));
}

/** Parses a `decorest …` or `npx decorest …` line as the bin would; throws a usage error. */
function parseLine(line: string): void {
  parseCliArgs(words(line).slice(line.startsWith('npx ') ? 2 : 1));
}

/** Splits a command line as a POSIX shell would for plain words, '…' and "…" (no expansions). */
function words(line: string): string[] {
  const out: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'" || c === '"') {
      const end = line.indexOf(c, i + 1);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (c === ' ' || c === '\t') {
      if (word !== undefined) out.push(word);
      word = undefined;
    } else word = (word ?? '') + c;
  }
  if (word !== undefined) out.push(word);
  return out;
}

/** One `curl` line as a fetch: its method, headers, body and URL. */
function curlRequest(line: string, port: number): { url: string; init: RequestInit } {
  const args = words(line).slice(1);
  const headers: Record<string, string> = {};
  const init: RequestInit = { headers };
  let url = '';
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-X') init.method = args[++i];
    else if (a === '-H') {
      const [name, ...value] = args[++i]!.split(':');
      headers[name!.trim()] = value.join(':').trim();
    } else if (a === '-d') {
      init.body = args[++i];
      init.method ??= 'POST';
    } else if (a === '-i') continue;
    else url = a.replace(/^localhost:3000/, `http://127.0.0.1:${port}`);
  }
  return { url, init };
}

const children: ChildProcess[] = [];
const folders: string[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe("the README's commands", () => {
  const blocks = shellBlocks(README);
  const quick = blocks.filter((b) => b.heading === 'Quick start');

  it('has a Quick start of a project and the requests to send it', () => {
    expect(quick).toHaveLength(2);
  });

  it('runs the Quick start as written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'decorest-readme-'));
    folders.push(dir);
    const port = await freePort();
    const [make, serve] = quick[0]!.body.split(/^(?=npx decorest serve)/m);
    const made = spawnSync('bash', ['-e', '-c', make!], { cwd: dir, encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
    const args = words(serve!.trim()).slice(2);
    const child = spawn(
      process.execPath,
      [BIN, ...args.map((a) => (a === '3000' ? String(port) : a))],
      {
        cwd: dir,
      },
    );
    children.push(child);
    await new Promise<void>((ready, failed) => {
      let out = '';
      child.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes(`127.0.0.1:${port}`)) ready();
      });
      child.once('exit', (code) => failed(new Error(`serve exited with ${code}: ${out}`)));
    });

    // Each curl line (joined where it continues with `\`), answered as the comments say.
    const lines = quick[1]!.body.replace(/\\\n\s*/g, '').split('\n');
    const statuses: number[] = [];
    for (const line of lines.filter((l) => l.startsWith('curl '))) {
      const { url, init } = curlRequest(line, port);
      statuses.push((await fetch(url, init)).status);
    }
    expect(statuses).toEqual([201, 200, 200, 422]);
  });

  it('parses every other decorest command a shell block shows', () => {
    const lines = decorestLines(blocks);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => parseLine(line), line).not.toThrow();
  });

  it('parses every command of its command table', () => {
    const lines = [...README.matchAll(/^\| `((?:npx )?decorest [^`]+)`/gm)].map((m) => m[1]!);
    expect(lines.length).toBeGreaterThanOrEqual(10);
    for (const line of lines) expect(() => parseLine(line), line).not.toThrow();
  });
});

describe("the docs' commands", () => {
  it('shows decorest commands in shell blocks', () => {
    expect(PAGES.flatMap(([, text]) => decorestLines(shellBlocks(text))).length).toBeGreaterThan(5);
  });

  it.each(PAGES)('%s: every decorest line of a shell block parses', (_, text) => {
    for (const line of decorestLines(shellBlocks(text)))
      expect(() => parseLine(line), line).not.toThrow();
  });
});
