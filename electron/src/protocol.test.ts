import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createAppHandler, resolveAppPath } from './protocol.js';

describe('resolveAppPath', () => {
  it('maps assets inside the renderer folder', () => {
    expect(resolveAppPath('app://studio/assets/index-abc.js')).toEqual({
      kind: 'file',
      segments: ['assets', 'index-abc.js'],
    });
    expect(resolveAppPath('app://studio/assets/a%20b.css?v=1#x')).toEqual({
      kind: 'file',
      segments: ['assets', 'a b.css'],
    });
  });

  it('gives index.html for the root and for routes of the single-page app', () => {
    for (const url of [
      'app://studio',
      'app://studio/',
      'app://studio/models',
      'app://studio/data/todos/',
    ]) {
      expect(resolveAppPath(url)).toEqual({ kind: 'file', segments: ['index.html'] });
    }
  });

  it('refuses traversal in every spelling', () => {
    for (const url of [
      'app://studio/../etc/passwd',
      'app://studio/assets/../../x.js',
      'app://studio/%2e%2e/%2e%2e/etc/passwd',
      'app://studio/%2E%2E/x.js',
      'app://studio/.%2e/x.js',
      'app://studio/assets%2f..%2f..%2fx.js',
      'app://studio/..%5c..%5cwindows%5cwin.ini',
      'app://studio/assets\\..\\x.js',
      'app://studio/C:%5cWindows%5cwin.ini',
      'app://studio//etc/passwd',
      'app://studio/%2fetc%2fpasswd',
      'app://studio/.env',
      'app://studio/a%00.js',
    ]) {
      const resolved = resolveAppPath(url);
      expect(resolved, url).toMatchObject({ kind: 'refused', status: 403 });
    }
  });

  it('refuses bad encoding and other hosts', () => {
    expect(resolveAppPath('app://studio/%E0%A4%A.js')).toMatchObject({
      kind: 'refused',
      status: 400,
    });
    expect(resolveAppPath('app://other/index.html')).toMatchObject({
      kind: 'refused',
      status: 404,
    });
    expect(resolveAppPath('file:///etc/passwd')).toMatchObject({ kind: 'refused', status: 404 });
  });
});

describe('the app:// handler', () => {
  let root: string;
  let dist: string;
  let failure: { title: string; detail: string } | undefined;
  const CSP = "default-src 'none'; script-src 'self'";
  const handler = () =>
    createAppHandler({ rendererDir: dist, csp: () => CSP, failure: () => failure });
  const get = (url: string, method = 'GET') => handler()(new Request(url, { method }));

  beforeEach(async () => {
    failure = undefined;
    root = await mkdtemp(path.join(os.tmpdir(), 'decorest-app-'));
    dist = path.join(root, 'dist');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(dist, 'assets', 'main.js'), 'console.log(1)');
    await writeFile(path.join(root, 'secret.txt'), 'secret');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('serves files with their type and the CSP as a header', async () => {
    const res = await get('app://studio/assets/main.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(CSP);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe('console.log(1)');
  });

  it('serves index.html for a client route, and 404 for a missing asset', async () => {
    const page = await get('app://studio/traffic');
    expect(await page.text()).toContain('id="root"');
    expect(page.headers.get('content-security-policy')).toBe(CSP);
    expect((await get('app://studio/assets/gone.js')).status).toBe(404);
  });

  it('refuses traversal and a symlink that leads out of the folder', async () => {
    // Request's URL parser already folds `%2e%2e` (as Chromium does for a standard scheme);
    // either way the file outside is not served.
    for (const url of [
      'app://studio/%2e%2e/secret.txt',
      'app://studio/assets/..%2f..%2fsecret.txt',
    ]) {
      const res = await get(url);
      expect([403, 404], url).toContain(res.status);
      expect(await res.text()).not.toContain('secret');
    }
    await symlink(path.join(root, 'secret.txt'), path.join(dist, 'assets', 'link.txt'));
    const res = await get('app://studio/assets/link.txt');
    expect(res.status).toBe(404);
  });

  it('answers only GET and HEAD', async () => {
    expect((await get('app://studio/', 'POST')).status).toBe(405);
    const head = await get('app://studio/assets/main.js', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('shows the core failure on every page, with its own strict policy', async () => {
    failure = { title: 'The core could not start', detail: 'EADDRINUSE <127.0.0.1:3000>' };
    const res = await get('app://studio/');
    const html = await res.text();
    expect(html).toContain('The core could not start');
    expect(html).toContain('EADDRINUSE &#60;127.0.0.1:3000&#62;');
    expect(res.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; style-src 'nonce-/,
    );
    // Assets still load (a page already open keeps working until it reloads).
    expect((await get('app://studio/assets/main.js')).status).toBe(200);
  });

  it('says how to build the UI when it is missing, instead of a blank page', async () => {
    await rm(path.join(dist, 'index.html'));
    const html = await (await get('app://studio/')).text();
    expect(html).toContain('The studio UI is not built');
    expect(html).toContain('vite build --config renderer/vite.config.ts');
  });
});
