/**
 * A Bruno request's `assert` block as the request's tests, line by line, where one of our kinds
 * passes for exactly the answers Bruno's line passes for; every other line is listed as not
 * imported, naming the line and why. Bruno's rules, from its assert runtime
 * (`packages/bruno-js/src/runtime/assert-runtime.js`, `src/utils.js`):
 *
 * - `expression: operator value`; a first word that is no operator makes the whole text an `eq`
 *   value (`res.status: 200`); a unary operator (`isDefined`) ignores what follows it.
 * - The expression is JavaScript over `res`: `res.headers.content-type` is a subtraction, so only
 *   property steps are read here (`res.body.items[0].id`, `res.headers["content-type"]`).
 * - The value, after `{{variables}}` are filled in: `true`, `false`, `null`, `undefined`; text in
 *   `"…"` or `'…'` (the quotes dropped, nothing unescaped); a number where `Number()` reads one
 *   (above 2^53 − 1 it stays text); anything else a JavaScript template literal (bare text).
 * - `eq` is `===`, so `res.status: eq "200"` never passes, nor a header compared with a number;
 *   `neq` is `!==`, so an absent value passes it (in Bruno's default safe sandbox; its developer
 *   sandbox fails a path through a missing or null parent).
 * - `gt`, `gte`, `lt`, `lte` are chai's above/below: a number on both sides, anything else fails.
 * - `length` and `.length: eq n` count a list's items or a text's characters. Where Bruno and
 *   these tests differ: an object with its own `length` key, and a body that is not JSON, whose
 *   text Bruno counts (bruno-compare.test.ts runs Bruno's CLI on both).
 * - A body that is not JSON has no value at a path: `neq` passes, the other tests fail.
 * - `isNumber`, `isString`, `isBoolean`, `isArray` are chai's `a(type)`; `isNull` is `=== null`.
 *
 * A line switched off with `~` is listed too: our tests have no off switch.
 */
import type { CompareOperator, JsonType, RequestAssertion } from '../../contract/requests-api.js';
import type { JsonValue } from '../../contract/values.js';
import type { BruRow } from './bru-blocks.js';
import { pointerOf, stepsOf } from './bruno-saved-values.js';
import type { ImportedCollection } from './imported.js';

type Skipped = ImportedCollection['skipped'];

// Bruno's operators; the unary ones take no value.
const UNARY = new Set([
  'isEmpty',
  'isNotEmpty',
  'isNull',
  'isUndefined',
  'isDefined',
  'isTruthy',
  'isFalsy',
  'isJson',
  'isNumber',
  'isString',
  'isBoolean',
  'isArray',
]);
const BINARY = new Set([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'in',
  'notIn',
  'contains',
  'notContains',
  'length',
  'matches',
  'notMatches',
  'startsWith',
  'endsWith',
  'between',
]);

/** A value as Bruno reads it (a JSON value here), or why it is none. */
type Read = { ok: true; value: JsonValue } | { ok: false; why: string };

type Mapped = { ok: true; assertion: RequestAssertion } | { ok: false; why: string };

/** What a line reads of the answer. */
type Target =
  | { kind: 'status' }
  | { kind: 'time' }
  | { kind: 'body'; steps: string[] }
  | { kind: 'header'; name: string };

/** Bruno's `parseAssertionOperator`: splits on single spaces, as Bruno does. */
function operatorOf(text: string): { operator: string; value: string } {
  const [operator = '', ...rest] = text.trim().split(' ');
  if (UNARY.has(operator)) return { operator, value: '' };
  if (BINARY.has(operator)) return { operator, value: rest.join(' ') };
  return { operator: 'eq', value: text };
}

/** Bruno's `evaluateJsTemplateLiteral`, for the values that need no script to read. */
function readValue(text: string): Read {
  if (text.includes('{{'))
    return { ok: false, why: 'its value uses a {{variable}}, and tests here hold plain values' };
  const t = text.trim();
  if (t === 'true' || t === 'false') return { ok: true, value: t === 'true' };
  if (t === 'null') return { ok: true, value: null };
  if (t === 'undefined')
    return { ok: false, why: 'it checks that a value is absent, which tests here cannot' };
  if (t.length > 0 && ((t[0] === '"' && t.endsWith('"')) || (t[0] === "'" && t.endsWith("'"))))
    return { ok: true, value: t.slice(1, -1) };
  // `!isNaN(text)` in Bruno: what Number() reads (`0x10`, `1e3`, `.5`), the empty text aside.
  const n = t === '' ? NaN : Number(t);
  if (!Number.isNaN(n)) {
    if (n > Number.MAX_SAFE_INTEGER) return { ok: true, value: t };
    if (!Number.isFinite(n)) return { ok: false, why: `${t} is not a JSON value` };
    return { ok: true, value: n };
  }
  // Bruno reads the rest as a template literal: an escape, a backtick or ${…} is script.
  if (/[`\\]|\$\{/.test(t))
    return { ok: false, why: 'its value is a JavaScript template (`, \\ or ${…})' };
  return { ok: true, value: t };
}

const HYPHEN = /^res\.(?:body|headers)(?:\.[A-Za-z_$][\w$]*|\[[^\]]*\])*\.[A-Za-z_$][\w$]*-/;

function targetOf(expression: string): Target | { why: string } {
  const text = expression.trim();
  if (text === 'res.status') return { kind: 'status' };
  if (text === 'res.responseTime') return { kind: 'time' };
  if (HYPHEN.test(text)) {
    const quoted = text.replace(/\.([A-Za-z_$][\w$]*(?:-[\w$]*)+)/g, '["$1"]');
    return { why: `Bruno reads ${text} as JavaScript, a subtraction; ${quoted} reads the name` };
  }
  const body = /^res\.body(.*)$/.exec(text);
  const bodySteps = body && stepsOf(body[1]!);
  if (bodySteps) return { kind: 'body', steps: bodySteps };
  const header = /^res\.headers(.*)$/.exec(text);
  const headerSteps = header && stepsOf(header[1]!);
  if (headerSteps?.length === 1) return { kind: 'header', name: headerSteps[0]! };
  return {
    why: 'tests here read res.status, res.body by path, res.headers by name and res.responseTime',
  };
}

const described = (v: JsonValue) => `${v === null ? 'null' : typeof v} ${JSON.stringify(v)}`;

/** Names JavaScript gives every list, text, number or object: Bruno reads them, a pointer does not. */
const inherited = (step: string) =>
  [Object.prototype, Array.prototype, String.prototype, Number.prototype, Boolean.prototype].some(
    (p) => Reflect.has(p, step),
  );
const INDEX = /^(0|[1-9]\d*)$/;

function statusTest(operator: string, read: Read): Mapped {
  if (operator !== 'eq')
    return { ok: false, why: `${operator}: tests here check that the status equals a number` };
  if (!read.ok) return read;
  const v = read.value;
  return typeof v === 'number' && Number.isInteger(v) && v >= 100 && v <= 599
    ? { ok: true, assertion: { kind: 'status', equals: v } }
    : { ok: false, why: `the status is compared with the ${described(v)}, which is no status` };
}

function timeTest(operator: string, read: Read): Mapped {
  if (operator !== 'lt' && operator !== 'lte')
    return { ok: false, why: `${operator}: tests here check that the time is below a number (lt)` };
  if (!read.ok) return read;
  const v = read.value;
  if (typeof v !== 'number' || v <= 0)
    return { ok: false, why: `the time is compared with the ${described(v)}` };
  // Bruno's times are whole milliseconds, the Console's are not: 800.4 ms is not "at most 800".
  if (operator === 'lte')
    return {
      ok: false,
      why: `times here keep fractions of a millisecond, so "at most ${v} ms" is no "below" test`,
    };
  return { ok: true, assertion: { kind: 'time-below', ms: v } };
}

/** JSON types Bruno's type operators check (chai's `a(…)`); `isNull` is an equality. */
const TYPE_OF: Readonly<Record<string, JsonType>> = {
  isNumber: 'number',
  isString: 'string',
  isBoolean: 'boolean',
  isArray: 'array',
};

/** A whole number a length can be, from a value Bruno read. */
const lengthValue = (v: JsonValue): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined;

function bodyTest(steps: readonly string[], operator: string, read: Read): Mapped {
  // `res.body.items.length: eq 3`, Bruno's usual count: a list's (or a text's) length.
  if (steps.at(-1) === 'length' && steps.length > 0 && operator === 'eq') {
    const owner = steps.slice(0, -1);
    if (!owner.some(inherited) && !(owner.length > 0 && INDEX.test(owner.at(-1)!))) {
      if (!read.ok) return read;
      const n = lengthValue(read.value);
      if (n === undefined)
        return { ok: false, why: `a length is compared with the ${described(read.value)}` };
      return { ok: true, assertion: { kind: 'json-length', pointer: pointerOf(owner), equals: n } };
    }
  }
  const pointer = pointerOf(steps);
  const odd = steps.find(inherited);
  if (odd !== undefined)
    return {
      ok: false,
      why: `Bruno reads ${odd} from JavaScript too (a list's or a text's), and a JSON pointer reads keys only`,
    };
  const last = steps[steps.length - 1];
  // `[0]` of a text is its first character in Bruno: only an item of a list here.
  const charAt = last !== undefined && INDEX.test(last);
  const charWhy = `Bruno's [${last}] also reads a character of a text, a JSON pointer a list's item only`;
  if (operator === 'isDefined') {
    if (pointer === '') return { ok: false, why: 'the body is always defined in Bruno' };
    if (charAt) return { ok: false, why: charWhy };
    return { ok: true, assertion: { kind: 'json-exists', pointer } };
  }
  if (operator === 'isNull')
    return { ok: true, assertion: { kind: 'json-equals', pointer, value: null } };
  const type = TYPE_OF[operator];
  if (type !== undefined) {
    // A text's character is a string to Bruno; a non-JSON body is its text.
    if (charAt) return { ok: false, why: charWhy };
    if (pointer === '' && type === 'string')
      return {
        ok: false,
        why: 'Bruno reads a body that is not JSON as a string, and tests here read JSON',
      };
    return { ok: true, assertion: { kind: 'json-type', pointer, type } };
  }
  if (operator === 'length') {
    if (charAt) return { ok: false, why: charWhy };
    if (!read.ok) return read;
    const n = lengthValue(read.value);
    if (n === undefined)
      return { ok: false, why: `a length is compared with the ${described(read.value)}` };
    return { ok: true, assertion: { kind: 'json-length', pointer, equals: n } };
  }
  if (COMPARES.has(operator)) {
    if (!read.ok) return read;
    const v = read.value;
    // chai's above/below take numbers only: Bruno fails any other, and so would this.
    if (typeof v !== 'number')
      return {
        ok: false,
        why: `${operator} compares with the ${described(v)}, and Bruno only with a number`,
      };
    return {
      ok: true,
      assertion: { kind: 'json-compare', pointer, op: operator as CompareOperator, value: v },
    };
  }
  if (operator !== 'eq' && operator !== 'neq')
    return {
      ok: false,
      why: `${operator}: tests here check a body value with eq, neq, gt, gte, lt, lte, length, isDefined, isNull, isNumber, isString, isBoolean or isArray`,
    };
  if (!read.ok) return read;
  const v = read.value;
  if (pointer === '' && typeof v === 'string')
    return {
      ok: false,
      why: 'Bruno compares a body that is not JSON as text, and tests here read the body as JSON',
    };
  if (charAt && typeof v === 'string' && v.length === 1) return { ok: false, why: charWhy };
  return {
    ok: true,
    assertion: { kind: operator === 'eq' ? 'json-equals' : 'json-not-equals', pointer, value: v },
  };
}

const COMPARES = new Set(['gt', 'gte', 'lt', 'lte']);

function headerTest(name: string, operator: string, read: Read): Mapped {
  // Node hands Bruno the answer's headers under lower-case names.
  if (name !== name.toLowerCase())
    return {
      ok: false,
      why: `Bruno's answer headers have lower-case names, so ${JSON.stringify(name)} is never found there`,
    };
  if (name === 'set-cookie')
    return { ok: false, why: 'Bruno reads set-cookie as a list, not as one text' };
  if (operator === 'isDefined') return { ok: true, assertion: { kind: 'header-exists', name } };
  if (operator !== 'eq' && operator !== 'contains')
    return {
      ok: false,
      why: `${operator}: tests here check that a header equals (eq) or contains text, or is present (isDefined)`,
    };
  if (!read.ok) return read;
  const v = read.value;
  if (typeof v !== 'string')
    return {
      ok: false,
      why:
        operator === 'eq'
          ? `Bruno compares the header's text with the ${described(v)}, never equal`
          : `the value is the ${described(v)}, and tests here look for text in a header`,
    };
  return {
    ok: true,
    assertion: { kind: operator === 'eq' ? 'header-equals' : 'header-contains', name, value: v },
  };
}

/** One enabled line of an `assert` block as a test, or why it cannot be one. */
export function assertionOfBruno(expression: string, text: string): Mapped {
  const target = targetOf(expression);
  if ('why' in target) return { ok: false, why: target.why };
  const { operator, value } = operatorOf(text);
  const read: Read = UNARY.has(operator) ? { ok: true, value: '' } : readValue(value);
  switch (target.kind) {
    case 'status':
      return statusTest(operator, read);
    case 'time':
      return timeTest(operator, read);
    case 'body':
      return bodyTest(target.steps, operator, read);
    case 'header':
      return headerTest(target.name, operator, read);
  }
}

/** The tests of an `assert` block; each line that is not one is pushed to `skipped`. */
export function assertionsOfBruno(
  rows: readonly BruRow[],
  rel: string,
  skipped: Skipped,
): RequestAssertion[] {
  const out: RequestAssertion[] = [];
  for (const row of rows) {
    const line = `${rel}:${row.line}`;
    const shown = `assert ${row.enabled ? '' : '~'}${row.name}: ${row.value}`;
    if (!row.enabled) {
      skipped.push({
        item: line,
        reason: `${shown} is switched off in Bruno, and tests here cannot be: not imported`,
      });
      continue;
    }
    const mapped = assertionOfBruno(row.name, row.value);
    if (mapped.ok) out.push(mapped.assertion);
    else skipped.push({ item: line, reason: `${shown} is not imported: ${mapped.why}` });
  }
  return out;
}
