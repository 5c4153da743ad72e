import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { containedUiFile, uiContentType, uiPathSegments } from './ui-files.js';

describe('uiPathSegments', () => {
  it('maps assets, each segment decoded on its own', () => {
    expect(uiPathSegments('/assets/index-abc.js')).toEqual({
      kind: 'file',
      segments: ['assets', 'index-abc.js'],
    });
    expect(uiPathSegments('/assets/a%20b.css')).toEqual({
      kind: 'file',
      segments: ['assets', 'a b.css'],
    });
  });

  it('gives index.html for the root and for routes of the single-page app', () => {
    for (const path of ['', '/', '/models', '/data/todos/']) {
      expect(uiPathSegments(path), path).toEqual({ kind: 'file', segments: ['index.html'] });
    }
  });

  it('refuses traversal in every spelling', () => {
    for (const path of [
      '/../etc/passwd',
      '/assets/../../x.js',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/%2E%2E/x.js',
      '/.%2e/x.js',
      '/assets%2f..%2f..%2fx.js',
      '/..%5c..%5cwindows%5cwin.ini',
      '/assets\\..\\x.js',
      '/C:%5cWindows%5cwin.ini',
      '//etc/passwd',
      '/%2fetc%2fpasswd',
      '/.env',
      '/a%00.js',
    ]) {
      expect(uiPathSegments(path), path).toMatchObject({ kind: 'refused', status: 403 });
    }
  });

  it('refuses bad percent-encoding', () => {
    expect(uiPathSegments('/%E0%A4%A.js')).toMatchObject({ kind: 'refused', status: 400 });
  });
});

describe('uiContentType', () => {
  it('names the UI build’s types and gives opaque bytes for anything else', () => {
    expect(uiContentType('index.html')).toBe('text/html; charset=utf-8');
    expect(uiContentType('assets/INDEX.JS')).toBe('text/javascript; charset=utf-8');
    expect(uiContentType('assets/index.js.map')).toBe('application/json; charset=utf-8');
    expect(uiContentType('assets/font.woff2')).toBe('font/woff2');
    expect(uiContentType('assets/blob.bin')).toBe('application/octet-stream');
  });
});

describe('containedUiFile', () => {
  let root: string;
  let dist: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'decorest-ui-'));
    dist = join(root, 'dist');
    await mkdir(join(dist, 'assets'), { recursive: true });
    await writeFile(join(dist, 'assets', 'main.js'), 'console.log(1)');
    await writeFile(join(root, 'secret.txt'), 'secret');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('finds a file inside the folder, with its size', async () => {
    expect(await containedUiFile(dist, ['assets', 'main.js'])).toMatchObject({ size: 14 });
  });

  it('refuses a folder, a missing file and a symlink that leads out of the folder', async () => {
    await symlink(join(root, 'secret.txt'), join(dist, 'assets', 'link.txt'));
    expect(await containedUiFile(dist, ['assets'])).toBeUndefined();
    expect(await containedUiFile(dist, ['assets', 'gone.js'])).toBeUndefined();
    expect(await containedUiFile(dist, ['assets', 'link.txt'])).toBeUndefined();
  });
});
