/** The blog fixture, seeded, served per test; and helpers reading json-server-style answers. */
import { afterEach, beforeEach, expect } from 'vitest';

import { jsonRequest, type RawAnswer } from './http-client.js';
import { serveCopy, type ServedProject } from './project-server.js';

const BLOG = new URL('../app/fixtures/blog', import.meta.url).pathname;

export interface Post {
  id: number;
  title: string;
  views: number;
  published: boolean;
  tags?: string[];
  category?: 'news' | 'howto';
}

export interface Comment {
  id: number;
  body: string;
  postTitle?: string;
}

/**
 * Seeded in this order, so ids 1–5. Titles sort as 5, 1, 4, 2, 3; views as 5, (2, 4), 1, 3,
 * with posts 2 and 4 tied on views but in reverse order by title.
 */
export const POSTS: readonly Omit<Post, 'id'>[] = [
  { title: 'Hello world', views: 10, published: true, tags: ['intro', 'news'], category: 'news' },
  { title: 'How to test', views: 3, published: false, tags: ['testing'], category: 'howto' },
  { title: 'Release notes', views: 25, published: true, category: 'news' },
  { title: 'How to bake bread', views: 3, published: true, tags: ['food'], category: 'howto' },
  { title: 'Draft', views: 0, published: false },
];

export const COMMENTS: readonly Omit<Comment, 'id'>[] = [
  { body: 'Great intro', postTitle: 'Hello world' },
  { body: 'Tasty', postTitle: 'How to bake bread' },
  { body: 'Welcome!', postTitle: 'Hello world' },
  { body: 'Where is the post?' },
];

let served: ServedProject | undefined;
let url = '';

/** The URL of the blog fixture the current test is served on. */
export const blogUrl = (): string => url;

/** Serves a fresh, seeded copy of the blog fixture around every test of the calling file. */
export function useBlogServer(): void {
  beforeEach(async () => {
    served = await serveCopy(BLOG);
    url = served.url;
    // One at a time, so the ids follow the seed order.
    for (const post of POSTS)
      expect((await jsonRequest(url, 'POST', '/posts', post)).status).toBe(201);
    for (const comment of COMMENTS) {
      expect((await jsonRequest(url, 'POST', '/comments', comment)).status).toBe(201);
    }
  });

  afterEach(async () => {
    await served?.dispose();
    served = undefined;
  });
}

export const get = (path: string, headers: Record<string, string> = {}): Promise<RawAnswer> =>
  jsonRequest(url, 'GET', path, undefined, headers);

export function idsOf(answer: RawAnswer): number[] {
  expect(answer.status).toBe(200);
  return (answer.json as { id: number }[]).map((record) => record.id);
}

export const totalOf = (answer: RawAnswer): number => Number(answer.headers['x-total-count']);

/** The RFC 9457 problem of `answer`, checked for status, media type and `message`. */
export function problemOf(answer: RawAnswer, status: number): Record<string, unknown> {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  const body = answer.json as Record<string, unknown>;
  expect(body).toMatchObject({ status, type: expect.any(String), title: expect.any(String) });
  expect(body.detail).toEqual(expect.any(String));
  // CONTRACT §4: react-admin shows `message` in its error notification.
  expect(body.message).toBe(body.detail);
  return body;
}

export function expectBadQuery(answer: RawAnswer, parameter: string): void {
  const body = problemOf(answer, 400);
  expect(body.detail).toMatch(new RegExp(`^${parameter}: `));
  expect(body.errors).toEqual([{ field: parameter, message: expect.any(String) }]);
}

/** `Link: <…>; rel="first", …` as rel → URL. */
export function linksOf(answer: RawAnswer): Record<string, string> {
  const header = answer.headers.link;
  expect(typeof header).toBe('string');
  const links: Record<string, string> = {};
  for (const part of String(header).split(/,\s*(?=<)/)) {
    const match = /^<([^>]*)>;\s*rel="([a-z]+)"$/.exec(part.trim());
    expect(match, part).not.toBeNull();
    links[match![2]!] = match![1]!;
  }
  return links;
}

/** What a rejected provider call rejected with. */
export async function rejectionOf(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}
