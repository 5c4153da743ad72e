/**
 * Compiled rule patterns, one per distinct source and flags, shared by every rule that uses
 * them (issue 40 §4). RE2's compiled patterns live in a fixed 16 MiB WebAssembly heap and are
 * never collected, so each rule set holds its patterns through a {@link PatternLease}, released
 * once another set serves in its place: a pattern is freed when no set holds it any more, and
 * saving the same rules again compiles nothing new. A set holds at most
 * {@link REGEX_PATTERNS_LIMIT} distinct patterns and must fit the heap on its own; the module
 * aborting anyway (a match filling its caches) is recovered from by a fresh module
 * (re2-engine.ts), never reported as a pattern RE2 refuses.
 */
import type { RE2 } from 're2-wasm';

import {
  compileRe2,
  engineGeneration,
  freeRe2,
  isEngineFailure,
  RE2_HEAP_BYTES,
  restartEngine,
} from './re2-engine.js';
import {
  checkPatternText,
  notLinearMessage,
  type Pattern,
  type PatternVerdict,
} from './safe-pattern.js';

/** Distinct patterns (source and flags) one rule set may hold. */
export const REGEX_PATTERNS_LIMIT = 1000;

/** A rule set whose patterns, compiled together, do not fit the engine's heap. */
export const ENGINE_FULL_MESSAGE = `the regex patterns of these rules need more memory than the linear-time matcher has (${RE2_HEAP_BYTES / 1024 / 1024} MiB): use fewer or shorter patterns`;

const keyOf = (source: string, ignoreCase: boolean): string => `${ignoreCase ? 'i' : '-'}${source}`;

/** The patterns some lease holds, by key. */
const pool = new Map<string, SharedPattern>();

class SharedPattern implements Pattern {
  refs = 0;
  readonly key: string;
  readonly #source: string;
  readonly #ignoreCase: boolean;
  #regex: RE2 | undefined;
  #generation = -1;

  constructor(key: string, source: string, ignoreCase: boolean) {
    this.key = key;
    this.#source = source;
    this.#ignoreCase = ignoreCase;
  }

  /** The compiled pattern in the live module (compiled again after a restart). */
  compiled(): RE2 {
    const generation = engineGeneration();
    if (this.#regex === undefined || this.#generation !== generation) {
      this.#regex = compileRe2(this.#source, this.#ignoreCase);
      this.#generation = generation;
    }
    return this.#regex;
  }

  test(text: string): boolean {
    try {
      return this.compiled().test(text);
    } catch (error) {
      // A match may grow RE2's caches past the heap: a fresh module answers this request.
      if (!isEngineFailure(error)) throw error;
      restartEngine();
      return this.compiled().test(text);
    }
  }

  free(): void {
    const regex = this.#regex;
    this.#regex = undefined;
    if (regex === undefined) return;
    try {
      freeRe2(regex, this.#generation);
    } catch (error) {
      if (!isEngineFailure(error)) throw error;
      restartEngine();
    }
  }
}

/**
 * Whether a pattern can be used: JavaScript's syntax, then RE2's. Compiles it for the check
 * only (freed at once) unless a serving set already holds it.
 */
export function checkPattern(source: string, ignoreCase: boolean): PatternVerdict {
  const text = checkPatternText(source);
  if (!text.ok || pool.has(keyOf(source, ignoreCase))) return text;
  for (let attempt = 0; ; attempt++) {
    try {
      freeRe2(compileRe2(source, ignoreCase), engineGeneration());
      return { ok: true };
    } catch (error) {
      if (error instanceof SyntaxError) return { ok: false, message: notLinearMessage(error) };
      if (!isEngineFailure(error)) throw error;
      restartEngine();
      if (attempt > 0) return { ok: false, message: ENGINE_FULL_MESSAGE };
    }
  }
}

/** The patterns one rule set holds; released when another set replaces it. */
export class PatternLease {
  #held: SharedPattern[] = [];

  /** The shared pattern for a checked source, compiled by {@link fits} or on first use. */
  acquire(source: string, ignoreCase: boolean): Pattern {
    const key = keyOf(source, ignoreCase);
    let shared = pool.get(key);
    if (shared === undefined) {
      shared = new SharedPattern(key, source, ignoreCase);
      pool.set(key, shared);
    }
    shared.refs++;
    this.#held.push(shared);
    return shared;
  }

  /**
   * Compiles every held pattern now; `false` when they do not fit the heap even in a fresh
   * module (the set is then refused: the set serving before it keeps serving).
   */
  fits(): boolean {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        for (const shared of this.#held) shared.compiled();
        return true;
      } catch (error) {
        if (!isEngineFailure(error)) throw error;
        // With the heap empty, this set alone gets the whole of it; others compile on use.
        restartEngine();
      }
    }
    return false;
  }

  /** Lets go of every held pattern; one no other set holds is freed. */
  release(): void {
    for (const shared of this.#held.splice(0)) {
      if (--shared.refs > 0) continue;
      shared.free();
      pool.delete(shared.key);
    }
  }
}

/** How many distinct patterns are compiled or held right now (for tests and diagnostics). */
export function heldPatternCount(): number {
  return pool.size + queryPatterns.size;
}

/**
 * Query patterns (`title_like=^json`) compiled in the order first asked, at most this many
 * kept: each request may name a new one, and a compiled pattern is freed only when dropped.
 */
const QUERY_PATTERNS_KEPT = 64;
const queryPatterns = new Map<string, SharedPattern>();

function queryShared(key: string, source: string, ignoreCase: boolean): SharedPattern {
  const shared = queryPatterns.get(key) ?? pool.get(key);
  if (shared !== undefined) return shared;
  const made = new SharedPattern(key, source, ignoreCase);
  queryPatterns.set(key, made);
  if (queryPatterns.size > QUERY_PATTERNS_KEPT) {
    const [oldest, dropped] = queryPatterns.entries().next().value as [string, SharedPattern];
    queryPatterns.delete(oldest);
    dropped.free();
  }
  return made;
}

/**
 * A pattern a request names, checked with {@link checkPattern} first. It holds no compiled
 * pattern itself: each `test` finds one (a serving rule set's, or one of the last
 * {@link QUERY_PATTERNS_KEPT} a query named) and uses it within the call, so a pattern freed
 * between two tests is compiled again rather than used after its free.
 */
export function queryPattern(source: string, ignoreCase: boolean): Pattern {
  const key = keyOf(source, ignoreCase);
  return { test: (text) => queryShared(key, source, ignoreCase).test(text) };
}
