/**
 * Fills the live re2-wasm heap until an allocation aborts, as a match growing RE2's caches past
 * it does (issue 40 §4): nothing compiled before can be freed to make room.
 */
import { createRequire } from 'node:module';

import { expect } from 'vitest';

export function fillEngineHeap(): void {
  const wasm = createRequire(import.meta.url)('re2-wasm/build/wasm/re2.js') as {
    _malloc(bytes: number): number;
  };
  for (const block of [1024 * 1024, 4096, 64])
    expect(() => {
      for (;;) wasm._malloc(block);
    }).toThrow(/OOM/);
}
