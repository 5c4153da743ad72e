/**
 * Text made safe for XML 1.0 (issue 47, the JUnit report): the five markup characters escaped,
 * and what XML cannot carry at all, even escaped (control characters, U+FFFE/U+FFFF, a lone
 * surrogate: an answer's body may hold any of them), written as `\uXXXX` instead.
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
const visible = (text: string): string => text.replace(CONTROL, code).replace(LONE_SURROGATE, code);

/** Text content of an element. */
export const xmlText = (text: string): string =>
  visible(text).replace(/[&<>]/g, (c) => ESCAPES[c]!);

/** An attribute's value (to go between double quotes): line breaks and tabs kept as such. */
export const xmlAttribute = (text: string): string =>
  visible(text)
    .replace(/[&<>"']/g, (c) => ESCAPES[c]!)
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;');
