/**
 * A rule's `regex` runs on every request to its route, on text the client chose, so a pattern
 * that can backtrack catastrophically (`(a+)+$`, `^(a|a)*$`) would let one request stall the
 * whole server (ReDoS). Patterns run on RE2 (`re2-wasm`: Google's RE2 as WebAssembly), whose
 * matching is linear in the input by construction, so no pattern can backtrack at all; what
 * RE2 cannot do in linear time (lookaround, backreferences) is refused when the rule is saved.
 * Patterns are also capped in length and see at most {@link REGEX_INPUT_LIMIT} characters.
 */
import type { RE2 } from 're2-wasm';

import { requireCjs } from '../require-cjs.js';

/** The longest pattern a rule may hold. */
export const REGEX_PATTERN_LIMIT = 512;

/** How much of a request value a pattern sees (8 KiB of text). */
export const REGEX_INPUT_LIMIT = 8 * 1024;

/** What a compiled pattern offers: RE2 and RegExp alike. */
export interface Pattern {
  test(text: string): boolean;
}

/** A compiled pattern, or why it cannot be used. */
export type PatternCheck = { ok: true; regex: Pattern } | { ok: false; message: string };

/** Loaded on the first rule with a regex: a project without one never pays for the WebAssembly. */
let engine: typeof RE2 | undefined;
const re2 = (): typeof RE2 =>
  (engine ??= (requireCjs('re2-wasm') as typeof import('re2-wasm')).RE2);

export function compilePattern(pattern: string, ignoreCase: boolean): PatternCheck {
  if (pattern.length > REGEX_PATTERN_LIMIT)
    return { ok: false, message: `a pattern is at most ${REGEX_PATTERN_LIMIT} characters` };
  try {
    // JavaScript's syntax first, so a mistake reads as it would in the browser's console.
    new RegExp(pattern, 'u');
  } catch (error) {
    return { ok: false, message: `not a valid regular expression: ${(error as Error).message}` };
  }
  try {
    // RE2 wants the `u` flag; it refuses what it cannot run in linear time.
    return { ok: true, regex: new (re2())(pattern, ignoreCase ? 'iu' : 'u') };
  } catch (error) {
    const why = (error as Error).message.replace(/^Invalid regular expression: \/.*\/\w*: /, '');
    return {
      ok: false,
      message: `not supported by the linear-time matcher (no lookaround or backreferences): ${why}`,
    };
  }
}

/** Runs a checked pattern on at most {@link REGEX_INPUT_LIMIT} characters of `text`. */
export function testBounded(regex: Pattern, text: string): boolean {
  return regex.test(text.length > REGEX_INPUT_LIMIT ? text.slice(0, REGEX_INPUT_LIMIT) : text);
}
