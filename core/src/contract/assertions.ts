/**
 * Issue 30: the tests of a saved request's answer (status, a JSON pointer's value, a header,
 * time), checked the same way by the Console after Send, by "Run folder" and (issue 47) by
 * `decorest run`. Pure: no `node:*`, so the renderer bundles it.
 */
import type { CompareOperator, JsonType, RequestAssertion } from './requests-api.js';
import type { JsonValue } from './values.js';

/** What an assertion looks at: the answer as the Console received it. */
export interface AnswerForAssertions {
  status: number;
  headers: readonly (readonly [string, string])[];
  body: string;
  timeMs: number;
  /**
   * Issue 47: the body was longer than what was kept (`decorest run` keeps its first 10 MiB):
   * the size kept, in words, so a JSON test says why the body does not read.
   */
  cutAt?: string;
}

export interface AssertionResult {
  assertion: RequestAssertion;
  pass: boolean;
  /** What the answer held, in words (`404`, `"done"`, `absent`, `312 ms`). */
  actual: string;
}

/** How a comparison reads: `above 3`, `at most 10`. */
export const COMPARE_WORDS: Readonly<Record<CompareOperator, string>> = {
  gt: 'above',
  gte: 'at least',
  lt: 'below',
  lte: 'at most',
};

/** A JSON value's type as {@link JsonType} names it; `undefined` for no JSON value. */
export function jsonTypeOf(value: unknown): JsonType | undefined {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean' || type === 'object'
    ? type
    : undefined;
}

function compares(value: unknown, op: CompareOperator, than: number): boolean {
  if (typeof value !== 'number') return false;
  switch (op) {
    case 'gt':
      return value > than;
    case 'gte':
      return value >= than;
    case 'lt':
      return value < than;
    case 'lte':
      return value <= than;
  }
}

/** A list's items or a text's UTF-16 units, as JavaScript's `length`; none for other values. */
const lengthOf = (value: unknown): number | undefined =>
  Array.isArray(value) || typeof value === 'string' ? value.length : undefined;

/** Whether a body value passes a JSON test (`undefined`: the pointer leads nowhere). */
function jsonPasses(a: JsonAssertion, value: unknown): boolean {
  switch (a.kind) {
    case 'json-equals':
      return value !== undefined && sameJson(value, a.value);
    case 'json-exists':
      return value !== undefined;
    case 'json-not-equals':
      return value === undefined || !sameJson(value, a.value);
    case 'json-compare':
      return compares(value, a.op, a.value);
    case 'json-length':
      return lengthOf(value) === a.equals;
    case 'json-type':
      return jsonTypeOf(value) === a.type;
  }
}

type JsonAssertion = Extract<RequestAssertion, { pointer: string }>;

/**
 * What an assertion expects, in words, for a report's `expected` (`200`, `"done"`, `present`,
 * `below 500 ms`).
 */
export function expectedOf(a: RequestAssertion): string {
  switch (a.kind) {
    case 'status':
      return String(a.equals);
    case 'json-equals':
      return JSON.stringify(a.value);
    case 'json-exists':
    case 'header-exists':
      return 'present';
    case 'json-not-equals':
      return `not ${JSON.stringify(a.value)}`;
    case 'json-compare':
      return `${COMPARE_WORDS[a.op]} ${a.value}`;
    case 'json-length':
      return `length ${a.equals}`;
    case 'json-type':
      return a.type === 'null'
        ? 'null'
        : `${a.type === 'array' || a.type === 'object' ? 'an' : 'a'} ${a.type}`;
    case 'header-equals':
      return JSON.stringify(a.value);
    case 'header-contains':
      return `contains ${JSON.stringify(a.value)}`;
    case 'time-below':
      return `below ${a.ms} ms`;
  }
}

/** One line a person reads: `status is 200`, `/0/title equals "a"`. */
export function describeAssertion(a: RequestAssertion): string {
  switch (a.kind) {
    case 'status':
      return `status is ${a.equals}`;
    case 'json-equals':
      return `${a.pointer || '(body)'} equals ${JSON.stringify(a.value)}`;
    case 'json-exists':
      return `${a.pointer || '(body)'} exists`;
    case 'json-not-equals':
      return `${a.pointer || '(body)'} is not ${JSON.stringify(a.value)}`;
    case 'json-compare':
      return `${a.pointer || '(body)'} is ${COMPARE_WORDS[a.op]} ${a.value}`;
    case 'json-length':
      return `${a.pointer || '(body)'} has length ${a.equals}`;
    case 'json-type':
      return `${a.pointer || '(body)'} is ${expectedOf(a)}`;
    case 'header-equals':
      return `header ${a.name} is ${JSON.stringify(a.value)}`;
    case 'header-contains':
      return `header ${a.name} contains ${JSON.stringify(a.value)}`;
    case 'header-exists':
      return `header ${a.name} is present`;
    case 'time-below':
      return `time below ${a.ms} ms`;
  }
}

/**
 * The value at an RFC 6901 JSON pointer (`/items/0/id`, `~1` for `/`, `~0` for `~`), or
 * `undefined` when it leads nowhere. Own properties only: `/__proto__` finds nothing.
 */
export function valueAtPointer(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  let here: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(here)) {
      if (!/^(0|[1-9]\d*)$/.test(key)) return undefined;
      here = here[Number(key)];
    } else if (here !== null && typeof here === 'object') {
      if (!Object.prototype.hasOwnProperty.call(here, key)) return undefined;
      here = (here as Record<string, unknown>)[key];
    } else {
      return undefined;
    }
    if (here === undefined) return undefined;
  }
  return here;
}

/** Deep equality of JSON values (key order does not count). */
function sameJson(a: unknown, b: JsonValue): boolean {
  if (a === b) return true;
  if (Array.isArray(a))
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]!));
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(b)) return false;
  const ak = Object.keys(a);
  const bk = Object.keys(b);
  return (
    ak.length === bk.length &&
    ak.every(
      (k) =>
        Object.prototype.hasOwnProperty.call(b, k) &&
        sameJson((a as Record<string, unknown>)[k], b[k]!),
    )
  );
}

const NOT_JSON = Symbol('not json');

/** The body as JSON, read once and only when asked; a header's value (repeats joined). */
export interface AnswerReader {
  /** The parsed body, or `undefined` with `why` when it does not read as JSON. */
  json(): { ok: true; value: unknown } | { ok: false; why: string };
  header(name: string): string | undefined;
}

/** One reader per answer: the assertions and the values a request saves share its parse. */
export function readAnswer(answer: AnswerForAssertions): AnswerReader {
  let parsed: unknown;
  let parsedYet = false;
  const json = (): unknown => {
    if (!parsedYet) {
      parsedYet = true;
      try {
        parsed = JSON.parse(answer.body);
      } catch {
        parsed = NOT_JSON;
      }
    }
    return parsed;
  };
  const why =
    answer.cutAt === undefined
      ? 'the body is not JSON'
      : `the body is not JSON in its first ${answer.cutAt} (the rest was not kept)`;
  return {
    json: () => {
      const value = json();
      return value === NOT_JSON ? { ok: false, why } : { ok: true, value };
    },
    header(name) {
      const lower = name.toLowerCase();
      const found = answer.headers.filter(([n]) => n.toLowerCase() === lower).map(([, v]) => v);
      return found.length === 0 ? undefined : found.join(', ');
    },
  };
}

/** A value as a report shows it: JSON, cut at 80 characters; `absent` for none. */
export function shownValue(value: unknown): string {
  if (value === undefined) return 'absent';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/** Checks every assertion against one answer; the body is parsed once, only when needed. */
export function checkAssertions(
  assertions: readonly RequestAssertion[],
  answer: AnswerForAssertions,
  reader: AnswerReader = readAnswer(answer),
): AssertionResult[] {
  return assertions.map((assertion): AssertionResult => {
    switch (assertion.kind) {
      case 'status':
        return {
          assertion,
          pass: answer.status === assertion.equals,
          actual: String(answer.status),
        };
      case 'json-equals':
      case 'json-exists':
      case 'json-not-equals':
      case 'json-compare':
      case 'json-length':
      case 'json-type': {
        const body = reader.json();
        // A body that is not JSON holds no value at any pointer: "is not" passes, as Bruno's neq.
        if (!body.ok)
          return { assertion, pass: assertion.kind === 'json-not-equals', actual: body.why };
        const value = valueAtPointer(body.value, assertion.pointer);
        const length = assertion.kind === 'json-length' ? lengthOf(value) : undefined;
        return {
          assertion,
          pass: jsonPasses(assertion, value),
          // A length test shows the length found, where the value has one.
          actual: length === undefined ? shownValue(value) : `length ${length}`,
        };
      }
      case 'header-equals':
      case 'header-contains':
      case 'header-exists': {
        const value = reader.header(assertion.name);
        const pass =
          value !== undefined &&
          (assertion.kind === 'header-exists' ||
            (assertion.kind === 'header-equals'
              ? value === assertion.value
              : value.includes(assertion.value)));
        return { assertion, pass, actual: value === undefined ? 'absent' : JSON.stringify(value) };
      }
      case 'time-below':
        return {
          assertion,
          pass: answer.timeMs < assertion.ms,
          actual: `${answer.timeMs} ms`,
        };
    }
  });
}
