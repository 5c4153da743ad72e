/**
 * Issue 47, request chaining: the values a saved request's `set` takes from its answer (the id
 * a POST created, a login's token) for the requests after it. Saved by the Console's Send and
 * its runs and by `decorest run` alike. A value the answer lacks fails like a test, naming what
 * the answer held there, and saves nothing. Pure: the renderer bundles it.
 *
 * @example
 * captureValues({ todoId: '/id' }, { status: 201, headers: [], body: '{"id":7}', timeMs: 3 });
 * // { values: { todoId: '7' }, results: [{ name: 'todoId', source: '/id', pass: true, actual: '7' }] }
 */
import {
  type AnswerForAssertions,
  type AnswerReader,
  readAnswer,
  shownValue,
  valueAtPointer,
} from './assertions.js';
import { HEADER_SOURCE, type VariableSource } from './requests-api.js';

export interface CaptureResult {
  /** The variable saved. */
  name: string;
  source: VariableSource;
  pass: boolean;
  /** What the answer held there, in words (`7`, `absent`, `the body is not JSON`). */
  actual: string;
}

/** The header a source names (`header:Location` → `Location`), or undefined for a pointer. */
export function headerOfSource(source: VariableSource): string | undefined {
  return source.toLowerCase().startsWith(HEADER_SOURCE)
    ? source.slice(HEADER_SOURCE.length).trim()
    : undefined;
}

/** One line a person reads: `save todoId from /id`, `save next from header Location`. */
export function describeCapture(name: string, source: VariableSource): string {
  const header = headerOfSource(source);
  const from = header !== undefined ? `header ${header}` : source === '' ? 'the body' : source;
  return `save ${name} from ${from}`;
}

/** A JSON value as a variable's text: a string as it is, anything else as its JSON. */
const asText = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value);

/** The values `set` takes from `answer`, and how each fared, in `set`'s order. */
export function captureValues(
  set: Readonly<Record<string, VariableSource>>,
  answer: AnswerForAssertions,
  reader: AnswerReader = readAnswer(answer),
): { values: Record<string, string>; results: CaptureResult[] } {
  // No prototype: `__proto__` is a variable name like any other.
  const values = Object.create(null) as Record<string, string>;
  const results = Object.entries(set).map(([name, source]): CaptureResult => {
    const header = headerOfSource(source);
    let value: string | undefined;
    let actual: string;
    if (header !== undefined) {
      value = reader.header(header);
      actual = value === undefined ? 'absent' : JSON.stringify(value);
    } else {
      const body = reader.json();
      const found = body.ok ? valueAtPointer(body.value, source) : undefined;
      if (found !== undefined) value = asText(found);
      actual = body.ok ? shownValue(found) : body.why;
    }
    if (value !== undefined) values[name] = value;
    return { name, source, pass: value !== undefined, actual };
  });
  return { values, results };
}
