import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { readBruno } from './bruno.js';

const ROOT = new URL('./fixtures/bruno-todos/', import.meta.url).pathname;

/** The fixture folder as the browser sends it: every file with its path under a top folder. */
async function folderFiles(): Promise<{ path: string; text: string }[]> {
  const names = (await readdir(ROOT, { recursive: true, withFileTypes: true })).filter((e) =>
    e.isFile(),
  );
  return Promise.all(
    names.map(async (e) => {
      const abs = join(e.parentPath, e.name);
      return { path: `bruno-todos/${abs.slice(ROOT.length)}`, text: await readFile(abs, 'utf8') };
    }),
  );
}

describe('readBruno (a collection folder)', () => {
  it('reads meta, the method block, query, headers, bodies and auth, folders kept', async () => {
    const c = readBruno(await folderFiles());
    expect(c.name).toBe('Bruno Todos');
    const byName = new Map(c.requests.map((r) => [r.request.name, r]));
    expect(byName.get('List todos')).toEqual({
      folders: ['todos'],
      request: {
        name: 'List todos',
        // Its place in the folder, from the meta block's `seq`.
        seq: 1,
        method: 'GET',
        url: '{{baseUrl}}/todos',
        headers: [
          { name: 'Accept', value: 'application/json', enabled: true },
          { name: 'X-Debug', value: '1', enabled: false },
        ],
        query: [
          { name: '_limit', value: '5', enabled: true },
          { name: 'done', value: 'true', enabled: false },
        ],
        body: { kind: 'none' },
        auth: { kind: 'bearer', token: '{{token}}' },
      },
    });
    expect(byName.get('Create todo')!.request.body).toEqual({
      kind: 'json',
      text: '{\n  "title": "Write docs",\n  "done": false\n}',
    });
    expect(byName.get('Login')).toMatchObject({
      folders: [],
      request: {
        method: 'POST',
        auth: { kind: 'basic', username: 'ada', password: '{{password}}' },
        body: {
          kind: 'form-urlencoded',
          fields: [
            { name: 'user', value: 'ada', enabled: true },
            { name: 'remember', value: 'yes', enabled: false },
          ],
        },
      },
    });
  });

  it('reads environments, secret names without values', async () => {
    expect(readBruno(await folderFiles()).environments).toEqual([
      {
        name: 'Local',
        variables: [
          { name: 'baseUrl', value: 'http://127.0.0.1:3000' },
          { name: 'debug', value: '1', enabled: false },
          { name: 'token', value: '', secret: true },
          { name: 'password', value: '', secret: true },
        ],
      },
    ]);
  });

  it('lists tests and scripts as skipped', async () => {
    expect(readBruno(await folderFiles()).skipped).toEqual([
      { item: 'todos/List todos.bru', reason: 'tests is not imported' },
    ]);
  });

  it('needs bruno.json', () => {
    expect(() => readBruno([{ path: 'a.bru', text: '' }])).toThrow(/bruno\.json: is missing/);
  });

  it('names the line of a block that does not parse, and of one never closed', () => {
    const marker = { path: 'bruno.json', text: '{"name":"x"}' };
    expect(() =>
      readBruno([marker, { path: 'a.bru', text: 'meta {\n  name: a\n}\nnonsense here\n' }]),
    ).toThrow(/a\.bru:4:1: expected a block/);
    expect(() =>
      readBruno([marker, { path: 'a.bru', text: 'get {\n  url: /x\n  no colon\n}\n' }]),
    ).toThrow(/a\.bru:3:1: expected "name: value"/);
    expect(() => readBruno([marker, { path: 'a.bru', text: 'get {\n  url: /x\n' }])).toThrow(
      /a\.bru:1:1: block get is never closed/,
    );
  });
});
