/**
 * The bytes the datafile readers look for (datafile-format.ts marks one line at a time,
 * datafile-bulk.ts rewrites a whole chunk): our own lines start with {@link OWN_PREFIX}.
 */
export const OWN_PREFIX = '{"_id":"';
export const OWN_PREFIX_BYTES: readonly number[] = [...Buffer.from(OWN_PREFIX)];

export const NEWLINE = 10;
export const SPACE = 32;
export const QUOTE = 34;
export const DOLLAR = 36;
export const COMMA = 44;
export const ZERO = 48;
export const NINE = 57;
export const OPEN_BRACKET = 91;
export const BACKSLASH = 92;
export const CLOSE_BRACKET = 93;
export const OPEN_BRACE = 123;
export const CLOSE_BRACE = 125;

/** Whether the line at `from` starts as our own lines do, `{"_id":"`. */
export function isOwnLine(bytes: Uint8Array, from: number): boolean {
  for (let i = 0; i < OWN_PREFIX_BYTES.length; i++) {
    if (bytes[from + i] !== OWN_PREFIX_BYTES[i]) return false;
  }
  return true;
}
