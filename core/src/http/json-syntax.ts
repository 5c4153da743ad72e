import type * as JsoncParser from 'jsonc-parser';

import { requireCjs } from '../require-cjs.js';

// Loaded on the error path only: a well-formed body never needs it.
const jsonc = (): typeof JsoncParser => requireCjs('jsonc-parser') as typeof JsoncParser;

const READABLE: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a double-quoted property name',
  ValueExpected: 'expected a value',
  ColonExpected: "expected ':'",
  CommaExpected: "expected ','",
  CloseBraceExpected: "expected '}'",
  CloseBracketExpected: "expected ']'",
  EndOfFileExpected: 'unexpected text after the JSON value',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unexpected end of comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unexpected end of number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character in string',
};

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** Where a JSON text broke: its 1-based line and column and what was wrong, in words. */
export interface JsonSyntaxFault {
  line: number;
  column: number;
  what: string;
}

/**
 * Where a JSON text that `JSON.parse` rejected broke (undefined if the tolerant parser finds no
 * fault). V8's own messages name a position only sometimes, so the text is re-scanned with a
 * tolerant parser; this runs only on the error path.
 */
export function locateJsonSyntaxError(text: string): JsonSyntaxFault | undefined {
  const { parse: parseTolerant, printParseErrorCode } = jsonc();
  const errors: JsoncParser.ParseError[] = [];
  parseTolerant(text, errors, {
    disallowComments: true,
    allowTrailingComma: false,
    allowEmptyContent: false,
  });
  const first = errors[0];
  if (first === undefined) return undefined;
  const { line, column } = lineAndColumn(text, first.offset);
  return { line, column, what: READABLE[printParseErrorCode(first.error)] ?? 'invalid JSON' };
}

/** Says where a JSON text that `JSON.parse` rejected broke, as "line L, column C: what". */
export function describeJsonSyntaxError(text: string): string {
  const fault = locateJsonSyntaxError(text);
  if (fault === undefined) return 'the body is not valid JSON';
  return `invalid JSON at line ${fault.line}, column ${fault.column}: ${fault.what}`;
}
