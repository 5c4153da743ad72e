/** What a promise that must fail with an HTTP problem was rejected with (the test fails otherwise). */
import { expect } from 'vitest';

import { HttpProblem } from '../errors.js';

export async function problemOf(promise: Promise<unknown>): Promise<HttpProblem> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpProblem);
  return error as HttpProblem;
}
