/**
 * Reading an import source safely (issue 28, "Bad input"): the size is checked from `stat`
 * before a byte is read, so a 5 GB file is refused by name instead of exhausting memory, and a
 * syntax error names the line and column where the text broke.
 */
import { readFile, stat } from 'node:fs/promises';

import { describeJsonSyntaxError } from '../http/json-syntax.js';
import { ImportError } from './import-plan.js';

/**
 * The largest source read. Parsing holds the text and the parsed value at once (about five
 * times the file in memory), so 50 MB stays far below Node's default heap.
 */
export const MAX_SOURCE_BYTES = 50 * 1024 * 1024;

/** The text of a source file, or an ImportError naming why it cannot be read. */
export async function readSourceText(file: string, limit = MAX_SOURCE_BYTES): Promise<string> {
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new ImportError(file, undefined, 'is not a file');
    size = info.size;
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError(file, undefined, `cannot be read (${(error as Error).message})`);
  }
  if (size > limit)
    throw new ImportError(
      file,
      undefined,
      `is ${megabytes(size)}, over the ${megabytes(limit)} limit of an import source`,
    );
  const text = await readFile(file, 'utf8');
  // A UTF-8 byte-order mark is no JSON, yet editors on Windows write one.
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(bytes < 1024 * 1024 ? 2 : 0)} MB`;
}

/** A JSON text's value; a syntax error becomes an ImportError at its line and column. */
export function parseJsonText(file: string, text: string): unknown {
  try {
    // The fast path: V8's parser; only a failure pays for the locating parse.
    return JSON.parse(text) as unknown;
  } catch {
    // The same words a 400 for a malformed body uses (http/json-syntax.ts).
    const said = describeJsonSyntaxError(text);
    const where = /^invalid JSON at line (\d+), column (\d+): (.*)$/.exec(said);
    if (!where) throw new ImportError(file, undefined, `is not JSON: ${said}`);
    throw new ImportError(file, `${where[1]}:${where[2]}`, `is not JSON: ${where[3]}`);
  }
}

/** A JSON5 text's value (json-server reads `db.json5`); errors at their line and column. */
export async function parseJson5Text(file: string, text: string): Promise<unknown> {
  // Loaded only for a .json5 source: no other command pays for it.
  const JSON5 = (await import('json5')).default;
  try {
    return JSON5.parse(text) as unknown;
  } catch (error) {
    const { lineNumber, columnNumber, message } = error as {
      lineNumber?: number;
      columnNumber?: number;
      message: string;
    };
    const at =
      lineNumber === undefined || columnNumber === undefined
        ? undefined
        : `${lineNumber}:${columnNumber}`;
    // JSON5 prefixes its message with "JSON5: " and ends it with the position already named.
    const reason = message.replace(/^JSON5:\s*/, '').replace(/\s+at \d+:\d+$/, '');
    throw new ImportError(file, at, `is not JSON5: ${reason}`);
  }
}
