/**
 * The studio the response-rule tests drive (issue 29), shared by the `rules/rules-studio-*.test.ts`
 * files: `useRulesStudio()` starts one real studio on 127.0.0.1 for the calling test file; rules
 * are replaced over its control API and answered by its mock API over HTTP.
 */
import { afterAll, beforeAll, expect } from 'vitest';

import type { ResponseRule, RulesState } from '../contract/rules-api.js';
import { type RawAnswer, rawRequest } from './http-client.js';
import { EXAMPLES } from './project-server.js';
import { startStudioFixture, type StudioFixture } from './studio-fixture.js';

/** The studio of the calling test file: set by `useRulesStudio()`'s `beforeAll`. */
export let f: StudioFixture;

/** Starts the studio before the calling file's tests and stops it after them. */
export function useRulesStudio(): void {
  beforeAll(async () => {
    f = await startStudioFixture(EXAMPLES.todo);
  });

  afterAll(async () => {
    await f.dispose();
  });
}

/** A rule on `GET /todos/:id` that answers 418 `ruled` to any request, with `extra` merged in. */
export function rule(extra: Partial<ResponseRule> = {}): ResponseRule {
  return {
    id: 'r1',
    name: 'ruled',
    method: 'GET',
    path: '/todos/:id',
    enabled: true,
    when: [],
    responses: [{ status: 418, body: 'ruled' }],
    ...extra,
  };
}

/** Replaces the rules over the control API; the answer must be 200. */
export async function putRules(rules: ResponseRule[]): Promise<RulesState> {
  const answer = await f.api('PUT', '/rules', { rules });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as RulesState;
}

/** A request to the mock API; a body is sent as JSON. */
export function mock(
  method: string,
  path: string,
  options: { body?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const headers =
    options.body === undefined
      ? (options.headers ?? {})
      : { 'content-type': 'application/json', ...options.headers };
  return rawRequest(f.studio.apiUrl!, method, path, {
    headers,
    ...(options.body === undefined ? {} : { body: options.body }),
  });
}
