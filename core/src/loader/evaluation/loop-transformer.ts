/**
 * Issue 18: an endless loop at import time must be reported at its line, but V8's watchdog
 * (see `evaluate-with-timeout.ts`) terminates execution without a stack. So every loop of a
 * project file records where it is, first thing in each iteration:
 *
 *   while (true) { __decorestLoop.at = "/p/models/user.ts:3"; … }
 *
 * The transpiled code names the file as {@link LOOP_FILE} and the path is put in when it is
 * compiled ({@link placeFile}), so a transpiled file is the same wherever its folder is: the
 * start-up cache is keyed by content (issue 27), and a moved or cloned project hits it.
 *
 * one store of a constant string into an object the loader owns, which costs about a
 * nanosecond per iteration. When the watchdog fires, the last loop to start an iteration is
 * the one spinning (any loop nested inside it that ran later is still running, or it would
 * not have been the last). Only loop statements change, and files without a loop keyword are
 * not walked at all, so loading stays as fast as before. The marks are put in the source before
 * it is transpiled (`instrument.ts`, issue 27).
 */

/** The parameter every evaluated file receives the loop recorder under. */
export const LOOP_MARKER = '__decorestLoop';

/** What the loader passes as {@link LOOP_MARKER}: the `file:line` of the last loop iteration. */
export interface LoopMarker {
  at: string;
}

/** What the transpiled marks say instead of the file's path (ASCII: printed as it is). */
export const LOOP_FILE = '<decorest:file>';
const LOOP_FILE_LITERAL = `"${LOOP_FILE}:`;

/** `code` with its loop marks naming `file` (a JSON string literal is a JavaScript one). */
export function placeFile(code: string, file: string): string {
  if (!code.includes(LOOP_FILE_LITERAL)) return code;
  return code.replaceAll(LOOP_FILE_LITERAL, `${JSON.stringify(file).slice(0, -1)}:`);
}

/** `file` and `line` of a recorded loop, or `undefined` when none ran. */
export function loopSite(marker: LoopMarker): { file: string; line: number } | undefined {
  const match = /^(.*):(\d+)$/s.exec(marker.at);
  return match ? { file: match[1]!, line: Number(match[2]) } : undefined;
}
