/**
 * The generated API of a fixture served on one store of the default datasource (issue 26), for
 * the `app/handlers/generated-api-*-stores.test.ts` files: each runs its suite once per store,
 * and this serves a fresh copy of a fixture on that store per test, with the calls they make.
 */
import { afterEach, expect } from 'vitest';

import { jsonRequest, type RawAnswer } from './http-client.js';
import { serveCopy, type ServedProject } from './project-server.js';
import { type StoreChoice, useStore } from './store-choice.js';

export interface GeneratedApi {
  /** Serves a copy of `fixture` on the store, disposed after the test. */
  open(fixture: string): Promise<void>;
  call(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<RawAnswer>;
  get(path: string, headers?: Record<string, string>): Promise<RawAnswer>;
  /** A call that must succeed: its JSON body. */
  ok(method: string, path: string, body?: unknown): Promise<Record<string, unknown>>;
  /** The copy being served. */
  served(): ServedProject;
  /** Restarts the copy being served on the data it holds. */
  restart(): Promise<void>;
}

/** Registers the hooks of `store` in the calling `describe` and answers its generated API. */
export function useGeneratedApi(store: StoreChoice): GeneratedApi {
  const storeOptions = useStore(store);
  let served: ServedProject | undefined;
  afterEach(async () => {
    await served?.dispose();
    served = undefined;
  });
  const open = async (fixture: string): Promise<void> => {
    served = await serveCopy(fixture, await storeOptions());
    // The suite proves nothing about PostgreSQL unless the records really live there.
    expect(served.project.database !== undefined).toBe(store === 'postgres');
  };
  const call = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    jsonRequest(served!.url, method, path, body, headers);
  const get = (path: string, headers: Record<string, string> = {}): Promise<RawAnswer> =>
    call('GET', path, undefined, headers);
  const ok = async (method: string, path: string, body?: unknown) => {
    const answer = await call(method, path, body);
    expect(answer.status, `${method} ${path}: ${answer.text}`).toBeLessThan(300);
    return answer.json as Record<string, unknown>;
  };
  return {
    open,
    call,
    get,
    ok,
    served: () => served ?? expect.fail('no project is served: open one first'),
    restart: async () => {
      served = await served!.restart();
    },
  };
}
