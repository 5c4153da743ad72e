/**
 * A failed load as the studio shows it ({@link LoadFailure}): code, `file:line:column`, and a
 * code frame of the lines around the fault, the failing one marked as compilers mark it.
 */
import { readFileSync } from 'node:fs';

import type { LoadFailure } from '../contract/control-api.js';
import { LOAD_ERROR_CODES, LoadError } from '../errors.js';

/** Two lines either side, numbered, `>` on the failing line and a caret under the column. */
export function codeFrame(source: string, line: number, column?: number): string {
  const lines = source.split(/\r?\n/);
  const first = Math.max(1, line - 2);
  const last = Math.min(lines.length, line + 2);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const mark = n === line ? '>' : ' ';
    out.push(`${mark} ${String(n).padStart(width)} | ${lines[n - 1] ?? ''}`);
    if (n === line && column !== undefined && column > 0) {
      out.push(`  ${' '.repeat(width)} | ${' '.repeat(column - 1)}^`);
    }
  }
  return out.join('\n');
}

export function toLoadFailure(error: unknown, root: string): LoadFailure {
  if (!(error instanceof LoadError)) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      code: LOAD_ERROR_CODES.LOAD_FAILED,
      message: `${root}: ${reason}`,
      reason,
      file: root,
    };
  }
  const failure: LoadFailure = {
    code: error.code,
    message: error.message,
    reason: error.reason,
    file: error.file,
  };
  if (error.line !== undefined) {
    failure.line = error.line;
    if (error.column !== undefined) failure.column = error.column;
    try {
      failure.frame = codeFrame(readFileSync(error.file, 'utf8'), error.line, error.column);
    } catch {
      // The file is gone or a folder: the message still names it.
    }
  }
  return failure;
}
