/** What a store action answers a component that shows its own result (a dialog, a section). */
import type { Problem } from '../../api';
import { problemOf } from './problem-of';

export type Outcome<T> = { ok: true; value: T } | { ok: false; problem: Problem };

/** Runs `call`, any failure as the problem it is (see {@link problemOf}). */
export async function attempt<T>(call: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    return { ok: false, problem: problemOf(error) };
  }
}
