import jsonServerProvider from 'ra-data-json-server';
import { describe, expect, it } from 'vitest';

import {
  blogUrl,
  type Comment,
  COMMENTS,
  get,
  idsOf,
  type Post,
  POSTS,
  rejectionOf,
  totalOf,
  useBlogServer,
} from '../../test-support/blog-server.js';

useBlogServer();
describe('react-admin ra-data-json-server provider', () => {
  const provider = () => jsonServerProvider(blogUrl());

  describe('getList', () => {
    it('pages with _start/_end and reports the total of every page', async () => {
      const pages = [];
      for (const page of [1, 2, 3]) {
        pages.push(
          await provider().getList<Post>('posts', {
            pagination: { page, perPage: 2 },
            sort: { field: 'id', order: 'ASC' },
            filter: {},
          }),
        );
      }
      expect(pages.map((p) => p.data.map((post) => post.id))).toEqual([[1, 2], [3, 4], [5]]);
      expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
      expect(pages[0]!.data[0]).toEqual({ id: 1, ...POSTS[0] });
    });

    it('sorts by a field in both directions', async () => {
      const list = async (field: string, order: 'ASC' | 'DESC') =>
        (
          await provider().getList<Post>('posts', {
            pagination: { page: 1, perPage: 10 },
            sort: { field, order },
            filter: {},
          })
        ).data.map((p) => p.id);
      expect(await list('title', 'ASC')).toEqual([5, 1, 4, 2, 3]);
      expect(await list('title', 'DESC')).toEqual([3, 2, 4, 1, 5]);
      // Ties keep ascending id order.
      expect(await list('views', 'DESC')).toEqual([3, 1, 2, 4, 5]);
    });

    it('filters by typed fields, operators and q, with the total of the matches', async () => {
      const list = async (filter: Record<string, unknown>, perPage = 10) =>
        provider().getList<Post>('posts', {
          pagination: { page: 1, perPage },
          sort: { field: 'id', order: 'ASC' },
          filter,
        });
      const published = await list({ published: true }, 2);
      expect(published.data.map((p) => p.id)).toEqual([1, 3]);
      expect(published.total).toBe(3);
      expect((await list({ q: 'how to' })).data.map((p) => p.id)).toEqual([2, 4]);
      expect((await list({ category: 'howto', views_gte: 3 })).data.map((p) => p.id)).toEqual([
        2, 4,
      ]);
      expect((await list({ id: [1, 5] })).data.map((p) => p.id)).toEqual([1, 5]);
      expect((await list({ title_like: 'NOTES' })).total).toBe(1);
    });

    it('rejects with the problem detail as the message for a bad filter', async () => {
      const error = await rejectionOf(
        provider().getList('posts', {
          pagination: { page: 1, perPage: 10 },
          sort: { field: 'id', order: 'ASC' },
          filter: { views: 'many' },
        }),
      );
      expect(error).toMatchObject({
        status: 400,
        message: 'views: must be a number, got "many"',
        body: { detail: 'views: must be a number, got "many"' },
      });
    });
  });

  it('getOne answers the record and rejects an absent one with 404', async () => {
    const { data } = await provider().getOne<Post>('posts', { id: 3 });
    expect(data).toEqual({ id: 3, ...POSTS[2] });
    const error = await rejectionOf(provider().getOne('posts', { id: 99 }));
    expect(error).toMatchObject({ status: 404, body: { status: 404, instance: '/posts/99' } });
    expect((error as { message: string }).message).toMatch(/99/);
  });

  it('getMany answers the records of the ids that exist', async () => {
    const { data } = await provider().getMany<Post>('posts', { ids: [4, 1, 99] });
    expect(data.map((p) => p.id).sort()).toEqual([1, 4]);
    expect(data.find((p) => p.id === 4)).toEqual({ id: 4, ...POSTS[3] });
  });

  it('getManyReference lists the records whose field holds the target value', async () => {
    const params = {
      target: 'postTitle',
      id: 'Hello world',
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'id', order: 'DESC' as const },
      filter: {},
    };
    const first = await provider().getManyReference<Comment>('comments', params);
    expect(first.data).toEqual([{ id: 3, ...COMMENTS[2] }]);
    expect(first.total).toBe(2);
    const second = await provider().getManyReference<Comment>('comments', {
      ...params,
      pagination: { page: 2, perPage: 1 },
    });
    expect(second.data.map((c) => c.id)).toEqual([1]);
  });

  it('create stores the record and answers it with its new id', async () => {
    const data = { title: 'New', views: 1, published: false, tags: ['a', 'b'] };
    const created = await provider().create<Post>('posts', { data });
    expect(created.data).toEqual({ id: 6, ...data });
    expect((await get('/posts/6')).json).toEqual({ id: 6, ...data });
  });

  it('create rejects an invalid record with 422, every field and the detail as the message', async () => {
    const error = await rejectionOf(
      provider().create('posts', { data: { title: 'Only a title', category: 'poem' } }),
    );
    expect(error).toMatchObject({ status: 422, message: '3 fields are invalid' });
    const body = (error as { body: { detail: string; errors: { field: string }[] } }).body;
    expect(body.detail).toBe('3 fields are invalid');
    expect(body.errors.map((e) => e.field).sort()).toEqual(['category', 'published', 'views']);
    expect(totalOf(await get('/posts'))).toBe(5);
  });

  it('update replaces the record with the edited one, id and all', async () => {
    const previous = (await provider().getOne<Post>('posts', { id: 2 })).data;
    const edited = { ...previous, title: 'How to test, revised', published: true };
    const { data } = await provider().update<Post>('posts', {
      id: 2,
      data: edited,
      previousData: previous,
    });
    expect(data).toEqual(edited);
    expect((await get('/posts/2')).json).toEqual(edited);
  });

  it('updateMany replaces every listed record and answers their ids', async () => {
    const data = { title: 'Archived', views: 0, published: false };
    const { data: ids } = await provider().updateMany('posts', { ids: [2, 5], data });
    expect(ids).toEqual([2, 5]);
    const answer = await get('/posts?title=Archived');
    expect(answer.json).toEqual([
      { id: 2, ...data },
      { id: 5, ...data },
    ]);
  });

  it('delete answers the deleted record, which is gone afterwards', async () => {
    const { data } = await provider().delete<Post>('posts', { id: 1 });
    expect(data).toEqual({ id: 1, ...POSTS[0] });
    expect((await get('/posts/1')).status).toBe(404);
  });

  it('deleteMany deletes every listed record and answers their ids', async () => {
    const { data } = await provider().deleteMany('posts', { ids: [1, 2] });
    expect(data).toEqual([1, 2]);
    expect(idsOf(await get('/posts'))).toEqual([3, 4, 5]);
  });
});
