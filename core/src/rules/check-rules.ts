/**
 * Reads and checks `mock-rules.json` (issue 29): every mistake is a {@link RuleProblem} naming
 * its JSON pointer (`/rules/2/when/0/value`), and a template's unknown placeholder its offset,
 * so the studio can point at it and `decorest serve` can print it. Issue 43: the shape is the
 * contract's {@link RULES_FILE_SCHEMA}, checked by Ajv; what a schema cannot say is checked
 * here (an id used twice, a header name, a regex that cannot run in linear time, a template's
 * placeholders, a body's size in bytes). What passes is the rules rebuilt with known keys
 * only, in the file's canonical order: what the file is written as.
 */
import {
  type ResponseRule,
  RULE_BODY_LIMIT,
  type RuleCondition,
  type RuleProblem,
  type RuleResponse,
} from '../contract/rules-api.js';
import { MAX_DELAY_MS, RULE_METHODS, RULES_FILE_SCHEMA } from '../contract/rules-schemas.js';
import { describeJsonSyntaxError } from '../http/json-syntax.js';
import { checkBody, inDocumentOrder } from '../validation/body-check.js';
import { fakeFunction, loadFaker } from './fake-source.js';
import { pointerOf } from './json-pointer.js';
import { checkPattern, REGEX_PATTERNS_LIMIT } from './pattern-pool.js';
import { parseTemplate } from './rule-template.js';

export { MAX_DELAY_MS, RULE_METHODS };

export interface RulesCheck {
  /** The rules as checked (none unless `problems` is empty). */
  readonly rules: ResponseRule[];
  readonly problems: RuleProblem[];
}

/** RFC 9110 §5.1: a field name is a token. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Headers the server sets from the body it sends: a rule's own would break the framing. */
const FRAMING_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection']);
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

type Path = readonly (string | number)[];
type Obj = Record<string, unknown>;

function isObject(value: unknown): value is Obj {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The members of `value` at `key` that are objects, with their index (a list of anything). */
function objectsIn(value: Obj, key: string): [Obj, number][] {
  const list = value[key];
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown, i) => (isObject(item) ? [[item, i] as [Obj, number]] : []));
}

/** Collects what the schema cannot say, walking whatever `value` holds (it may be any JSON). */
class Checker {
  readonly problems: RuleProblem[] = [];
  readonly fakes: { path: Path; module: string; method: string; offset: number }[] = [];
  /** Distinct regex patterns (flags and source) checked, up to the limit; those past it apart. */
  readonly patterns = new Set<string>();
  readonly patternsOverLimit = new Set<string>();
  readonly #ids = new Set<string>();

  add(path: Path, message: string, offset?: number): void {
    const problem: RuleProblem = { pointer: pointerOf(path), message };
    if (offset !== undefined) problem.offset = offset;
    this.problems.push(problem);
  }

  rule(rule: Obj, path: Path): void {
    const id = rule['id'];
    if (typeof id === 'string' && id !== '') {
      if (this.#ids.has(id)) this.add([...path, 'id'], `id "${id}" is used by an earlier rule`);
      this.#ids.add(id);
    }
    for (const [c, i] of objectsIn(rule, 'when')) {
      const value = c['value'];
      if (c['matcher'] === 'regex' && typeof value === 'string')
        this.pattern(value, c['ignoreCase'] === true, [...path, 'when', i]);
    }
    for (const [r, i] of objectsIn(rule, 'responses')) this.response(r, [...path, 'responses', i]);
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

  response(response: Obj, path: Path): void {
    const headers = response['headers'];
    if (isObject(headers))
      for (const name of Object.keys(headers)) {
        const at = [...path, 'headers', name];
        if (FORBIDDEN_KEYS.has(name)) this.add(at, `"${name}" is not a header name`);
        else if (!HEADER_NAME.test(name))
          this.add(at, "a header name is letters, digits and !#$%&'*+-.^_`|~ only (RFC 9110 §5.1)");
        else if (FRAMING_HEADERS.has(name.toLowerCase()))
          this.add(at, `${name} is set by the server from the body`);
      }
    const body = response['body'];
    if (typeof body !== 'string') return;
    const status = response['status'];
    if (Buffer.byteLength(body, 'utf8') > RULE_BODY_LIMIT)
      this.add(
        [...path, 'body'],
        `body is larger than the limit of ${RULE_BODY_LIMIT} bytes (1 MiB)`,
      );
    else if (body !== '' && (status === 204 || status === 304))
      this.add([...path, 'body'], `a ${status} answer has no body`);
    else {
      const template = parseTemplate(body);
      for (const p of template.problems) this.add([...path, 'body'], p.message, p.offset);
      for (const f of template.fakes) this.fakes.push({ path: [...path, 'body'], ...f });
    }
  }
}

/** Drops the keys left `undefined`, so the written file holds only what was given. */
function withoutUndefined<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[])
    if (value[key] === undefined) delete value[key];
  return value;
}

/** A condition that passed, in the file's key order. */
function conditionOf(c: Obj): RuleCondition {
  const part = c['part'] as RuleCondition['part'];
  const named = part !== 'body' && part !== 'method';
  return withoutUndefined({
    part,
    name: named || c['name'] !== undefined ? (c['name'] as string) : undefined,
    matcher: c['matcher'] as RuleCondition['matcher'],
    ignoreCase: c['ignoreCase'] as boolean | undefined,
    value: c['value'] as string | undefined,
  });
}

/** A response that passed; its headers copied key by key (a `__proto__` key never gets here). */
function responseOf(r: Obj): RuleResponse {
  const headers = r['headers'] as Record<string, string> | undefined;
  return withoutUndefined({
    status: r['status'] as number,
    headers: headers === undefined ? undefined : { ...headers },
    body: r['body'] as string | undefined,
    delayMs: r['delayMs'] as number | undefined,
  });
}

/** A rule that passed, with known keys only, in the file's order. */
function ruleOf(r: Obj): ResponseRule {
  const rule: ResponseRule = {
    id: r['id'] as string,
    name: r['name'] as string,
    method: r['method'] as string,
    path: r['path'] as string,
    enabled: r['enabled'] as boolean,
    when: (r['when'] as Obj[]).map(conditionOf),
    responses: (r['responses'] as Obj[]).map(responseOf),
  };
  if (r['order'] !== undefined) rule.order = r['order'] as NonNullable<ResponseRule['order']>;
  return rule;
}

/** Checks a parsed rules value (a `PUT /api/rules` body or the file's JSON). */
export async function checkRules(value: unknown): Promise<RulesCheck> {
  const checker = new Checker();
  if (isObject(value))
    for (const [rule, i] of objectsIn(value, 'rules')) checker.rule(rule, ['rules', i]);
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
  // Ours first: at a header's place, a name that is none says more than its value's type.
  const problems: RuleProblem[] = inDocumentOrder(
    [...checker.problems, ...checkBody(RULES_FILE_SCHEMA, value)],
    value,
  );
  if (problems.length > 0) return { rules: [], problems };
  return { rules: ((value as Obj)['rules'] as Obj[]).map(ruleOf), problems };
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
