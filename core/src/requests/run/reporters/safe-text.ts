/**
 * Text a report shows, made safe (issue 47): what a request's name or an answer holds must not
 * break the report's format nor the terminal that shows it. Control characters, U+FFFE/U+FFFF
 * and a lone surrogate (which XML 1.0 cannot carry at all, even escaped, and a terminal takes
 * as commands) are written as `\uXXXX`; for XML the five markup characters are escaped too.
 */

// XML 1.0 §2.2 Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

const code = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** `text` with what a terminal or XML would not show as text written as `\uXXXX`. */
export const printable = (text: string): string =>
  text.replace(CONTROL, code).replace(LONE_SURROGATE, code);

/** {@link printable}, on one line: a line break becomes a space. */
export const oneLine = (text: string): string => printable(text).replace(/\s*[\r\n]+\s*/g, ' ');

/** Text content of an element. */
export const xmlText = (text: string): string =>
  printable(text).replace(/[&<>]/g, (c) => ESCAPES[c]!);

/** An attribute's value (to go between double quotes): line breaks and tabs kept as such. */
export const xmlAttribute = (text: string): string =>
  printable(text)
    .replace(/[&<>"']/g, (c) => ESCAPES[c]!)
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;');
