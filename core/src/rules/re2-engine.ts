/**
 * The RE2 WebAssembly module (`re2-wasm`) that runs rule patterns. Its heap is fixed at build
 * time ({@link RE2_HEAP_BYTES}, it cannot grow), objects compiled in it live until `delete()`d,
 * and a failed allocation aborts the whole module: every later call throws the same abort. So
 * an abort is answered by dropping the module and loading a fresh instance (an empty heap) on
 * the next call; {@link engineGeneration} tells holders of compiled patterns to compile again.
 */
import { sep } from 'node:path';

import type { RE2 } from 're2-wasm';

import { requireCjs } from '../require-cjs.js';

/** re2-wasm's heap: 16 MiB, fixed when it was built. */
export const RE2_HEAP_BYTES = 16 * 1024 * 1024;

/** Loaded on the first pattern: a project without one never pays for the WebAssembly. */
let engine: typeof RE2 | undefined;
let generation = 0;

/** Bumped by each restart: a pattern compiled in an earlier generation must be compiled again. */
export function engineGeneration(): number {
  return generation;
}

/** Compiles with the live module; throws a `SyntaxError` for a pattern RE2 refuses. */
export function compileRe2(pattern: string, ignoreCase: boolean): RE2 {
  engine ??= (requireCjs('re2-wasm') as typeof import('re2-wasm')).RE2;
  // RE2 wants the `u` flag; it refuses what it cannot run in linear time.
  return new engine(pattern, ignoreCase ? 'iu' : 'u');
}

/** Frees what `regex` holds in the heap (a pattern of an earlier generation went with it). */
export function freeRe2(regex: RE2, compiledIn: number): void {
  if (compiledIn !== generation) return;
  // `wrapper` is the embind object holding the C++ RE2; the typings keep it private.
  (regex as unknown as { wrapper: { delete(): void } }).wrapper.delete();
}

/** Whether `error` is the module failing (an abort: out of memory), not a refused pattern. */
export function isEngineFailure(error: unknown): boolean {
  // A `WebAssembly.RuntimeError` (the core's TypeScript libs do not declare WebAssembly).
  return error instanceof Error && error.name === 'RuntimeError';
}

/**
 * Drops an aborted module: the next compile loads a fresh instance. The old heap is garbage
 * once the patterns compiled in it are compiled again (they check {@link engineGeneration}).
 */
export function restartEngine(): void {
  const marker = `${sep}re2-wasm${sep}`;
  for (const id of Object.keys(requireCjs.cache))
    if (id.includes(marker)) delete requireCjs.cache[id];
  engine = undefined;
  generation++;
}
