/**
 * Reads and checks `mock-rules.json` (issue 29): every mistake is a {@link RuleProblem} naming
 * its JSON pointer (`/rules/2/when/0/value`), and a template's unknown placeholder its offset,
 * so the studio can point at it and `decorest serve` can print it. What passes is the rules
 * rebuilt with known keys only, in the file's canonical order: what the file is written as.
 */
import {
  type ResponseRule,
  RULE_BODY_LIMIT,
  type RuleCondition,
  type RuleProblem,
  type RuleResponse,
} from '../contract/rules-api.js';
import { describeJsonSyntaxError } from '../http/json-syntax.js';
import { fakeFunction, loadFaker } from './fake-source.js';
import { isPointer, pointerOf } from './json-pointer.js';
import { checkPattern, REGEX_PATTERNS_LIMIT } from './pattern-pool.js';
import { parseTemplate } from './rule-template.js';

export interface RulesCheck {
  /** The rules as checked (complete only when `problems` is empty). */
  readonly rules: ResponseRule[];
  readonly problems: RuleProblem[];
}

export const RULE_METHODS: readonly string[] = [
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'HEAD',
  'OPTIONS',
];
const PARTS: readonly string[] = ['param', 'query', 'header', 'body', 'method'];
const MATCHERS: readonly string[] = ['equals', 'regex', 'exists', 'missing'];
export const MAX_DELAY_MS = 60_000;
/** Ids, names, paths and condition names: short single-line text. */
const TEXT_LIMIT = 2000;
/** A value compared with `equals`, and a header value: no more than a request could carry. */
const VALUE_LIMIT = 64 * 1024;

/** RFC 9110 §5.1: a field name is a token. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** RFC 9110 §5.5: no CR, LF or NUL (what Node itself refuses to write). */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
/** Headers the server sets from the body it sends: a rule's own would break the framing. */
const FRAMING_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection']);
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x1f\x7f]/;

type Path = readonly (string | number)[];

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Drops the keys left `undefined`, so the written file holds only what was given. */
function withoutUndefined<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[])
    if (value[key] === undefined) delete value[key];
  return value;
}

/** Collects problems while one rules value is walked. */
class Checker {
  readonly problems: RuleProblem[] = [];
  readonly fakes: { path: Path; module: string; method: string; offset: number }[] = [];
  /** Distinct regex patterns (flags and source) checked, up to the limit; those past it apart. */
  readonly patterns = new Set<string>();
  readonly patternsOverLimit = new Set<string>();

  add(path: Path, message: string, offset?: number): void {
    const problem: RuleProblem = { pointer: pointerOf(path), message };
    if (offset !== undefined) problem.offset = offset;
    this.problems.push(problem);
  }

  /** Unknown keys are refused: a typo (`stauts`) must not pass silently. */
  keys(value: Record<string, unknown>, path: Path, known: readonly string[]): void {
    for (const key of Object.keys(value))
      if (!known.includes(key)) this.add([...path, key], `unknown property "${key}"`);
  }

  text(value: unknown, path: Path, what: string, options: { empty?: boolean } = {}): string {
    if (typeof value !== 'string') {
      this.add(path, `${what} must be a string`);
      return '';
    }
    if (value === '' && !options.empty) this.add(path, `${what} must not be empty`);
    else if (value.length > TEXT_LIMIT)
      this.add(path, `${what} is at most ${TEXT_LIMIT} characters`);
    else if (CONTROL.test(value))
      this.add(path, `${what} must not hold control characters (line breaks, NUL)`);
    return value;
  }

  rule(value: unknown, path: Path, ids: Set<string>): ResponseRule {
    const rule: ResponseRule = {
      id: '',
      name: '',
      method: '',
      path: '',
      enabled: true,
      when: [],
      responses: [],
    };
    if (!isObject(value)) {
      this.add(path, 'a rule must be an object');
      return rule;
    }
    const known = ['id', 'name', 'method', 'path', 'enabled', 'when', 'responses', 'order'];
    this.keys(value, path, known);
    rule.id = this.text(value['id'], [...path, 'id'], 'id');
    if (rule.id !== '' && ids.has(rule.id))
      this.add([...path, 'id'], `id "${rule.id}" is used by an earlier rule`);
    ids.add(rule.id);
    rule.name = this.text(value['name'], [...path, 'name'], 'name', { empty: true });
    const method = value['method'];
    if (typeof method !== 'string' || !RULE_METHODS.includes(method))
      this.add([...path, 'method'], `method must be one of ${RULE_METHODS.join(', ')}`);
    else rule.method = method;
    rule.path = this.text(value['path'], [...path, 'path'], 'path');
    if (rule.path !== '' && (!rule.path.startsWith('/') || /\s/.test(rule.path)))
      this.add(
        [...path, 'path'],
        'path must start with "/" and hold no spaces (as mounted: /todos/:id)',
      );
    if (typeof value['enabled'] !== 'boolean')
      this.add([...path, 'enabled'], 'enabled must be true or false');
    else rule.enabled = value['enabled'];
    const when = value['when'];
    if (!Array.isArray(when)) this.add([...path, 'when'], 'when must be a list of conditions');
    else rule.when = when.map((c: unknown, i) => this.condition(c, [...path, 'when', i]));
    const responses = value['responses'];
    if (!Array.isArray(responses) || responses.length === 0)
      this.add([...path, 'responses'], 'responses must be a list of at least one response');
    else
      rule.responses = responses.map((r: unknown, i) =>
        this.response(r, [...path, 'responses', i]),
      );
    const order = value['order'];
    if (order !== undefined) {
      if (order !== 'sequence' && order !== 'random')
        this.add([...path, 'order'], 'order must be "sequence" or "random"');
      else rule.order = order;
    }
    return rule;
  }

  condition(value: unknown, path: Path): RuleCondition {
    // Keys in the file's order: part, name, matcher, value, ignoreCase.
    const condition = { part: 'method', name: undefined, matcher: 'exists' } as RuleCondition;
    if (!isObject(value)) {
      this.add(path, 'a condition must be an object');
      return condition;
    }
    this.keys(value, path, ['part', 'name', 'matcher', 'value', 'ignoreCase']);
    const part = value['part'];
    if (typeof part !== 'string' || !PARTS.includes(part))
      this.add([...path, 'part'], `part must be one of ${PARTS.join(', ')}`);
    else condition.part = part as RuleCondition['part'];
    const name = value['name'];
    if (condition.part === 'body') {
      if (name !== undefined) {
        const pointer = this.text(name, [...path, 'name'], 'a body pointer', { empty: true });
        if (!isPointer(pointer))
          this.add([...path, 'name'], 'a body pointer is "" or starts with "/" (/user/name)');
        condition.name = pointer;
      }
    } else if (condition.part !== 'method' || name !== undefined) {
      condition.name = this.text(name, [...path, 'name'], 'name');
    }
    const matcher = value['matcher'];
    if (typeof matcher !== 'string' || !MATCHERS.includes(matcher))
      this.add([...path, 'matcher'], `matcher must be one of ${MATCHERS.join(', ')}`);
    else condition.matcher = matcher as RuleCondition['matcher'];
    const ignoreCase = value['ignoreCase'];
    if (ignoreCase !== undefined) {
      if (typeof ignoreCase !== 'boolean')
        this.add([...path, 'ignoreCase'], 'ignoreCase must be true or false');
      else condition.ignoreCase = ignoreCase;
    }
    const text = value['value'];
    const needsValue = condition.matcher === 'equals' || condition.matcher === 'regex';
    if (text !== undefined || needsValue) {
      if (typeof text !== 'string') {
        this.add(
          [...path, 'value'],
          `value must be a string${needsValue ? ` for ${condition.matcher}` : ''}`,
        );
        return withoutUndefined(condition);
      }
      if (text.length > VALUE_LIMIT) {
        this.add([...path, 'value'], `value is at most ${VALUE_LIMIT} characters`);
        return withoutUndefined(condition);
      }
      condition.value = text;
      if (condition.matcher === 'regex') this.pattern(text, condition.ignoreCase === true, path);
    }
    return withoutUndefined(condition);
  }

  /** Checks a pattern once per distinct source and flags, and none past the limit. */
  pattern(source: string, ignoreCase: boolean, path: Path): void {
    const key = `${ignoreCase ? 'i' : '-'}${source}`;
    if (this.patterns.has(key) || this.patternsOverLimit.has(key)) return;
    if (this.patterns.size >= REGEX_PATTERNS_LIMIT) {
      this.patternsOverLimit.add(key);
      return;
    }
    this.patterns.add(key);
    const verdict = checkPattern(source, ignoreCase);
    if (!verdict.ok) this.add([...path, 'value'], verdict.message);
  }

  response(value: unknown, path: Path): RuleResponse {
    const response: RuleResponse = { status: 200 };
    if (!isObject(value)) {
      this.add(path, 'a response must be an object');
      return response;
    }
    this.keys(value, path, ['status', 'headers', 'body', 'delayMs']);
    const status = value['status'];
    // A 1xx is an interim answer in HTTP, never the final one a rule sends.
    if (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 599)
      this.add([...path, 'status'], 'status must be an integer from 200 to 599');
    else response.status = status;
    const headers = value['headers'];
    if (headers !== undefined) {
      if (!isObject(headers))
        this.add([...path, 'headers'], 'headers must be an object of strings');
      else response.headers = this.headers(headers, [...path, 'headers']);
    }
    const body = value['body'];
    if (body !== undefined) {
      if (typeof body !== 'string')
        this.add([...path, 'body'], 'body must be a string (JSON as text)');
      else if (Buffer.byteLength(body, 'utf8') > RULE_BODY_LIMIT)
        this.add(
          [...path, 'body'],
          `body is larger than the limit of ${RULE_BODY_LIMIT} bytes (1 MiB)`,
        );
      else if (body !== '' && (response.status === 204 || response.status === 304))
        this.add([...path, 'body'], `a ${response.status} answer has no body`);
      else {
        response.body = body;
        const template = parseTemplate(body);
        for (const p of template.problems) this.add([...path, 'body'], p.message, p.offset);
        for (const f of template.fakes) this.fakes.push({ path: [...path, 'body'], ...f });
      }
    }
    const delayMs = value['delayMs'];
    if (delayMs !== undefined) {
      if (
        typeof delayMs !== 'number' ||
        !Number.isInteger(delayMs) ||
        delayMs < 0 ||
        delayMs > MAX_DELAY_MS
      )
        this.add([...path, 'delayMs'], `delayMs must be an integer from 0 to ${MAX_DELAY_MS}`);
      else response.delayMs = delayMs;
    }
    return response;
  }

  headers(value: Record<string, unknown>, path: Path): Record<string, string> {
    // A null-prototype map: a `__proto__` key read from JSON stays a refused key, never a prototype.
    const out: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const [name, text] of Object.entries(value)) {
      const at = [...path, name];
      if (FORBIDDEN_KEYS.has(name)) this.add(at, `"${name}" is not a header name`);
      else if (!HEADER_NAME.test(name))
        this.add(at, "a header name is letters, digits and !#$%&'*+-.^_`|~ only (RFC 9110 §5.1)");
      else if (FRAMING_HEADERS.has(name.toLowerCase()))
        this.add(at, `${name} is set by the server from the body`);
      else if (typeof text !== 'string') this.add(at, 'a header value must be a string');
      else if (text.length > VALUE_LIMIT || !HEADER_VALUE.test(text))
        this.add(at, 'a header value is one line of text, without CR, LF or NUL');
      else out[name] = text;
    }
    return { ...out };
  }
}

/** Checks a parsed rules value (a `PUT /api/rules` body or the file's JSON). */
export async function checkRules(value: unknown): Promise<RulesCheck> {
  const checker = new Checker();
  const rules: ResponseRule[] = [];
  if (!isObject(value)) checker.add([], 'the rules file is an object: { "rules": [ … ] }');
  else {
    checker.keys(value, [], ['rules']);
    const list = value['rules'];
    if (!Array.isArray(list)) checker.add(['rules'], 'rules must be a list');
    else {
      const ids = new Set<string>();
      list.forEach((rule: unknown, i) => rules.push(checker.rule(rule, ['rules', i], ids)));
    }
  }
  if (checker.patternsOverLimit.size > 0)
    checker.add(
      ['rules'],
      `the rules hold ${checker.patterns.size + checker.patternsOverLimit.size} different regex patterns: at most ${REGEX_PATTERNS_LIMIT} are allowed (the same pattern in many rules counts once)`,
    );
  // Faker is loaded only when some template names a fake value (it is large).
  if (checker.fakes.length > 0) {
    const faker = await loadFaker();
    for (const f of checker.fakes) {
      const found = fakeFunction(faker, f.module, f.method);
      if (!found.ok) checker.add(f.path, found.message, f.offset);
    }
  }
  return { rules, problems: checker.problems };
}

/**
 * Checks the file's text. Malformed JSON is one problem at pointer `""` naming the line and
 * column (as a malformed request body is described).
 */
export async function checkRulesText(text: string): Promise<RulesCheck> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { rules: [], problems: [{ pointer: '', message: describeJsonSyntaxError(text) }] };
  }
  return checkRules(value);
}

/** The file's text for `rules`: pretty JSON, two spaces, one trailing newline. */
export function formatRules(rules: readonly ResponseRule[]): string {
  return `${JSON.stringify({ rules }, null, 2)}\n`;
}
