/**
 * A rule's `regex` runs on every request to its route, on text the client chose, so a pattern
 * that can backtrack catastrophically (`(a+)+$`) would let one request stall the whole server
 * (ReDoS). Patterns are refused up front with `safe-regex2`'s star-height test, capped in
 * length, and only run on the first {@link REGEX_INPUT_LIMIT} characters of a value: even a
 * pattern that passes the test then does bounded work.
 */
import safeRegex from 'safe-regex2';

/** The longest pattern a rule may hold. */
export const REGEX_PATTERN_LIMIT = 512;

/** How much of a request value a pattern sees (8 KiB of text). */
export const REGEX_INPUT_LIMIT = 8 * 1024;

/** A compiled pattern, or why it cannot be used. */
export type PatternCheck = { ok: true; regex: RegExp } | { ok: false; message: string };

export function compilePattern(pattern: string, ignoreCase: boolean): PatternCheck {
  if (pattern.length > REGEX_PATTERN_LIMIT)
    return { ok: false, message: `a pattern is at most ${REGEX_PATTERN_LIMIT} characters` };
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, ignoreCase ? 'i' : '');
  } catch (error) {
    return { ok: false, message: `not a valid regular expression: ${(error as Error).message}` };
  }
  // The star-height test flags nested quantifiers, the shape of catastrophic backtracking.
  if (!safeRegex(regex))
    return {
      ok: false,
      message: 'the pattern could take exponential time (nested repetition such as (a+)+)',
    };
  return { ok: true, regex };
}

/** Runs a checked pattern on at most {@link REGEX_INPUT_LIMIT} characters of `text`. */
export function testBounded(regex: RegExp, text: string): boolean {
  return regex.test(text.length > REGEX_INPUT_LIMIT ? text.slice(0, REGEX_INPUT_LIMIT) : text);
}
