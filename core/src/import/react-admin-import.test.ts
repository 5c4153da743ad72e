/**
 * Issue 42: react-admin's `ra-data-json-server` runs its whole interface, `updateMany`'s partial
 * PUT included, against the project `decorest init --from` made of json-server's README
 * db.json, unchanged, on the data folder and on PostgreSQL. The imported models are open, so
 * records a json-server frontend creates with fewer or more fields are kept as it sent them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import jsonServerProvider from 'ra-data-json-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runCli, type ServeProcess, startServeProcess } from '../test-support/cli.js';
import { jsonRequest } from '../test-support/http-client.js';
import { storeChoices, useStore } from '../test-support/store-choice.js';

const README_DB = fileURLToPath(new URL('./fixtures/json-server-readme.json', import.meta.url));

interface Post {
  id: number;
  title?: string;
  author?: string;
  [undeclared: string]: unknown;
}

describe.each(storeChoices())('ra-data-json-server on an imported db.json (%s store)', (store) => {
  const storeOptions = useStore(store);
  let dir: string | undefined;
  let serving: ServeProcess | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'decorest-react-admin-'));
    const project = join(dir, 'api');
    const init = await runCli(['init', project, '--from', README_DB]);
    expect(init.code, init.stderr).toBe(0);
    const { database } = await storeOptions();
    serving = await startServeProcess([
      project,
      '--port',
      '0',
      '--quiet',
      ...(database === undefined ? [] : ['--database', database]),
    ]);
  }, 120_000);
  afterAll(async () => {
    serving?.child.kill('SIGKILL');
    await serving?.exited();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const provider = () => jsonServerProvider(serving!.url);
  const read = async (path: string): Promise<unknown> =>
    (await jsonRequest(serving!.url, 'GET', path)).json;

  it('runs getList, getOne, getMany and getManyReference', async () => {
    const list = await provider().getList<Post>('posts', {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'title', order: 'DESC' },
      filter: { author: 'typicode' },
    });
    expect(list).toMatchObject({ total: 2 });
    expect(list.data.map((p) => p.id)).toEqual([1, 3]);
    expect((await provider().getOne<Post>('posts', { id: 2 })).data).toEqual({
      id: 2,
      title: 'decorest',
      author: 'someone',
    });
    expect(
      (await provider().getMany<Post>('posts', { ids: [1, 3] })).data.map((p) => p.id),
    ).toEqual([1, 3]);
    const comments = await provider().getManyReference('comments', {
      target: 'postId',
      id: 1,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(comments.total).toBe(2);
    expect(comments.data.map((c) => c.id)).toEqual([1, 2]);
  });

  it('creates records with fewer fields than the db.json had, and with new ones', async () => {
    const bare = await provider().create<Post>('posts', { data: { title: 'only title' } });
    expect(bare.data).toEqual({ id: 4, title: 'only title' });
    const more = await provider().create<Post>('posts', {
      data: { title: 'more', author: 'ann', views: 12, tags: ['a'] },
    });
    expect(more.data).toEqual({ id: 5, title: 'more', author: 'ann', views: 12, tags: ['a'] });
    expect(await read('/posts/5')).toEqual(more.data);
    // A field the model does not declare is filtered and sorted on like a declared one.
    const viewed = await provider().getList<Post>('posts', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'views', order: 'DESC' },
      filter: { views_gte: 10 },
    });
    expect(viewed.data.map((p) => p.id)).toEqual([5]);
  });

  it('updates a record with the edited one, a new field included', async () => {
    const previous = (await provider().getOne<Post>('posts', { id: 1 })).data;
    const edited = { ...previous, title: 'json-server, revised', published: true };
    const { data } = await provider().update<Post>('posts', {
      id: 1,
      data: edited,
      previousData: previous,
    });
    expect(data).toEqual(edited);
    expect(await read('/posts/1')).toEqual(edited);
  });

  it("answers updateMany's partial PUT as json-server does: each record becomes what was sent", async () => {
    const { data: ids } = await provider().updateMany('posts', {
      ids: [2, 3],
      data: { title: 'Archived' },
    });
    expect(ids).toEqual([2, 3]);
    expect(await read('/posts?title=Archived')).toEqual([
      { id: 2, title: 'Archived' },
      { id: 3, title: 'Archived' },
    ]);
  });

  it('deletes one record and many', async () => {
    const { data } = await provider().delete('comments', { id: 3 });
    expect(data).toEqual({ id: 3, body: 'on the second post', postId: 2 });
    const { data: ids } = await provider().deleteMany('comments', { ids: [1, 2] });
    expect(ids).toEqual([1, 2]);
    expect(await read('/comments')).toEqual([]);
  });
});
