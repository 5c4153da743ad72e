/**
 * A rule's `regex` runs on every request to its route, on text the client chose, so a pattern
 * that can backtrack catastrophically (`(a+)+$`, `^(a|a)*$`) would let one request stall the
 * whole server (ReDoS). Patterns run on RE2 (`re2-wasm`: Google's RE2 as WebAssembly), whose
 * matching is linear in the input by construction, so no pattern can backtrack at all; what
 * RE2 cannot do in linear time (lookaround, backreferences) is refused when the rule is saved.
 * Patterns are also capped in length and see at most {@link REGEX_INPUT_LIMIT} characters.
 * Compiled patterns are shared and freed by pattern-pool.ts.
 */

/** The longest pattern a rule may hold. */
export const REGEX_PATTERN_LIMIT = 512;

/** How much of a request value a pattern sees (8 KiB of text). */
export const REGEX_INPUT_LIMIT = 8 * 1024;

/** What a compiled pattern offers. */
export interface Pattern {
  test(text: string): boolean;
}

/** Whether a pattern can be used, or why not. */
export type PatternVerdict = { ok: true } | { ok: false; message: string };

/** The checks that need no engine: the length, then JavaScript's own syntax. */
export function checkPatternText(pattern: string): PatternVerdict {
  if (pattern.length > REGEX_PATTERN_LIMIT)
    return { ok: false, message: `a pattern is at most ${REGEX_PATTERN_LIMIT} characters` };
  try {
    // JavaScript's syntax first, so a mistake reads as it would in the browser's console.
    new RegExp(pattern, 'u');
  } catch (error) {
    return { ok: false, message: `not a valid regular expression: ${(error as Error).message}` };
  }
  return { ok: true };
}

/** Why RE2 refused a pattern JavaScript accepts, from the `SyntaxError` it threw. */
export function notLinearMessage(error: SyntaxError): string {
  const why = error.message.replace(/^Invalid regular expression: \/.*\/\w*: /, '');
  // Issue 48: RE2's own words ("invalid perl operator: (?=") read as a typo; name the feature.
  if (/^invalid perl operator: \(\?<?[=!]?/.test(why))
    return 'lookaround ((?=…), (?!…), (?<=…), (?<!…)) is not supported: the matcher is linear-time';
  if (/^invalid escape sequence: \\[1-9]/.test(why))
    return 'backreferences (\\1 …) are not supported: the matcher is linear-time';
  return `not supported by the linear-time matcher (no lookaround or backreferences): ${why}`;
}

/** Runs a checked pattern on at most {@link REGEX_INPUT_LIMIT} characters of `text`. */
export function testBounded(regex: Pattern, text: string): boolean {
  return regex.test(text.length > REGEX_INPUT_LIMIT ? text.slice(0, REGEX_INPUT_LIMIT) : text);
}
