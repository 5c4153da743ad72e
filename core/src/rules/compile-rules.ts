/**
 * Checked rules made ready to answer (issue 29): conditions as small predicates, templates as
 * lists of parts, and an index from each served route to its enabled rules in file order. The
 * index is keyed by the route table's own route objects, so the dispatcher finds a route's
 * rules with one Map lookup on the route it already matched, and a route without rules costs
 * nothing more. Rules whose route the table does not serve are orphaned: kept, not applied.
 */
import type { Faker } from '@faker-js/faker';

import type {
  ResponseRule,
  RuleCondition,
  RuleProblem,
  RuleResponse,
} from '../contract/rules-api.js';
import type { ActiveRules, RouteRules, RuleAnswer, RuleRequest } from '../http/response-rules.js';
import type { RouteTable } from '../http/route-table.js';
import type { RouteDefinition } from '../http/types.js';
import { fakeFunction, loadFaker } from './fake-source.js';
import { isPointer, pointerTokens } from './json-pointer.js';
import { ENGINE_FULL_MESSAGE, PatternLease } from './pattern-pool.js';
import { bodyText, RequestView } from './request-view.js';
import { type ParsedTemplate, parseTemplate } from './rule-template.js';
import { testBounded } from './safe-pattern.js';

type Test = (view: RequestView) => boolean;
/** Fills a template in for one request. */
export type Render = (view: RequestView) => string;

interface CompiledResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly render: Render;
  readonly delayMs: number;
}

/** One rule, ready; independent of the route table, so a reload keeps its counter. */
export interface CompiledRule {
  readonly id: string;
  readonly enabled: boolean;
  /** `METHOD path` of the route it applies to (a HEAD rule sits on the GET route). */
  readonly routeKey: string;
  matches(view: RequestView): boolean;
  answer(view: RequestView): RuleAnswer;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

/** Checked rules made ready, holding their compiled patterns until {@link release}d. */
export interface CompiledRuleSet {
  readonly rules: CompiledRule[];
  /** Set when the rules' patterns do not fit the regex engine together (nothing is held). */
  readonly problems: RuleProblem[] | undefined;
  /** Frees the patterns no other set holds: call once another set serves in this one's place. */
  release(): void;
}

function textTest(
  condition: RuleCondition,
  patterns: PatternLease,
): (text: string | undefined) => boolean {
  switch (condition.matcher) {
    case 'exists':
      return (text) => text !== undefined;
    case 'missing':
      return (text) => text === undefined;
    case 'equals': {
      const expected = condition.value ?? '';
      return (text) => text === expected;
    }
    case 'regex': {
      const regex = patterns.acquire(condition.value ?? '', condition.ignoreCase === true);
      return (text) => text !== undefined && testBounded(regex, text);
    }
  }
}

function conditionTest(condition: RuleCondition, patterns: PatternLease): Test {
  const test = textTest(condition, patterns);
  const name = condition.name ?? '';
  switch (condition.part) {
    case 'param':
      return (view) => test(view.param(name));
    case 'query':
      return (view) => test(view.query(name));
    case 'header': {
      const lower = name.toLowerCase();
      return (view) => test(view.header(lower));
    }
    case 'body': {
      const tokens = isPointer(name) ? pointerTokens(name) : [];
      return (view) => test(bodyText(view.body(tokens)));
    }
    case 'method': {
      // Methods are case-sensitive tokens (RFC 9110 §9.1), but nobody means `get` as another one.
      const upper = { ...condition, value: condition.value?.toUpperCase() };
      const byMethod = condition.matcher === 'equals' ? textTest(upper, patterns) : test;
      return (view) => byMethod(view.method);
    }
  }
}

/** A value as the inside of a JSON string: quotes, backslashes and control characters escaped. */
const jsonStringContent = (text: string): string => JSON.stringify(text).slice(1, -1);

/**
 * Which placeholders of a JSON template sit inside a string literal (`"name": "{{body.name}}"`):
 * their values are escaped, so a quote in a request value cannot break the body; a placeholder
 * outside quotes (`"id": {{params.id}}`) goes in as it is.
 */
function insideJsonStrings(parts: ParsedTemplate['parts']): boolean[] {
  let inside = false;
  return parts.map((part) => {
    if (typeof part !== 'string') return inside;
    for (let i = 0; i < part.length; i++) {
      if (part[i] === '\\') i++;
      else if (part[i] === '"') inside = !inside;
    }
    return inside;
  });
}

/**
 * A template as a function of the request. `faker` is there whenever the template names a
 * fake value (the caller loaded it); a placeholder of a checked template is always known.
 * `json`: the answer is JSON, so values inside string literals are escaped.
 */
export function compileTemplate(
  parsed: ParsedTemplate,
  faker: Faker | undefined,
  json = false,
): Render {
  const quoted = json ? insideJsonStrings(parsed.parts) : [];
  const parts = parsed.parts.map((part, index): string | Render => {
    if (typeof part === 'string') return part;
    const raw = placeholderRender(part, faker);
    if (!quoted[index]) return raw;
    return (view) => jsonStringContent(raw(view));
  });
  if (parts.length === 0) return () => '';
  if (parts.length === 1 && typeof parts[0] === 'string') {
    const constant = parts[0];
    return () => constant;
  }
  return (view) => {
    let out = '';
    for (const part of parts) out += typeof part === 'string' ? part : part(view);
    return out;
  };
}

function placeholderRender(
  part: Exclude<ParsedTemplate['parts'][number], string>,
  faker: Faker | undefined,
): Render {
  switch (part.kind) {
    case 'param':
      return (view) => view.param(part.name) ?? '';
    case 'query':
      return (view) => view.query(part.name) ?? '';
    case 'header':
      return (view) => view.header(part.name) ?? '';
    case 'body':
      return (view) => bodyText(view.body(part.tokens)) ?? '';
    case 'now':
      return () => new Date().toISOString();
    case 'fake': {
      const found = faker === undefined ? undefined : fakeFunction(faker, part.module, part.method);
      const draw = found?.ok ? found.draw : () => '';
      return () => draw();
    }
  }
}

/**
 * Whether a body is JSON, to send it as `application/json`: a fixed body is parsed once; a
 * template is JSON when it opens as JSON does (its values are only known per request).
 */
function looksLikeJson(template: string, parsed: ParsedTemplate): boolean {
  if (parsed.parts.every((p) => typeof p === 'string')) {
    try {
      JSON.parse(template);
      return true;
    } catch {
      return false;
    }
  }
  return /^\s*[[{"]/.test(template);
}

function compileResponse(response: RuleResponse, faker: Faker | undefined): CompiledResponse {
  const body = response.body ?? '';
  const parsed = parseTemplate(body);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers ?? {}))
    headers[name.toLowerCase()] = value;
  headers['content-type'] ??= body !== '' && looksLikeJson(body, parsed) ? JSON_TYPE : TEXT_TYPE;
  return {
    status: response.status,
    headers,
    render: compileTemplate(parsed, faker, /\bjson\b|\+json\b/i.test(headers['content-type'])),
    delayMs: response.delayMs ?? 0,
  };
}

function usesFake(rules: readonly ResponseRule[]): boolean {
  return rules.some((r) => r.responses.some((s) => parseTemplate(s.body ?? '').fakes.length > 0));
}

/**
 * Compiles checked rules; loads faker first when some template names a fake value. Their
 * patterns are compiled together here, so a set that does not fit the regex engine is a
 * problem when it is saved, not a failure when a request comes.
 */
export async function compileRules(rules: readonly ResponseRule[]): Promise<CompiledRuleSet> {
  const faker = usesFake(rules) ? await loadFaker() : undefined;
  const patterns = new PatternLease();
  const compiled = rules.map((rule) => compileRule(rule, faker, patterns));
  const release = () => patterns.release();
  if (patterns.fits()) return { rules: compiled, problems: undefined, release };
  release();
  return { rules: [], problems: [{ pointer: '/rules', message: ENGINE_FULL_MESSAGE }], release };
}

function compileRule(
  rule: ResponseRule,
  faker: Faker | undefined,
  patterns: PatternLease,
): CompiledRule {
  const tests = rule.when.map((condition) => conditionTest(condition, patterns));
  // A HEAD request is answered by the GET route (http/route-match.ts): a HEAD rule is a GET
  // route's rule that holds for HEAD only.
  if (rule.method === 'HEAD') tests.unshift((view) => view.method === 'HEAD');
  const responses = rule.responses.map((r) => compileResponse(r, faker));
  const identity = { id: rule.id, name: rule.name };
  // Per rule, reset whenever the rules are replaced (a new compile).
  let turn = 0;
  const pick =
    responses.length === 1
      ? () => responses[0]!
      : rule.order === 'random'
        ? () => responses[Math.floor(Math.random() * responses.length)]!
        : () => responses[turn++ % responses.length]!;
  return {
    id: rule.id,
    enabled: rule.enabled,
    routeKey: `${rule.method === 'HEAD' ? 'GET' : rule.method} ${rule.path}`,
    matches: (view) => {
      for (const test of tests) if (!test(view)) return false;
      return true;
    },
    answer: (view) => {
      const response = pick();
      return {
        rule: identity,
        status: response.status,
        headers: response.headers,
        body: response.render(view),
        delayMs: response.delayMs,
      };
    },
  };
}

class RouteRuleList implements RouteRules {
  readonly #rules: readonly CompiledRule[];

  constructor(rules: readonly CompiledRule[]) {
    this.#rules = rules;
  }

  answer(req: RuleRequest): RuleAnswer | undefined {
    const view = new RequestView(req);
    for (const rule of this.#rules) if (rule.matches(view)) return rule.answer(view);
    return undefined;
  }
}

/**
 * The rules as `table` serves them: the snapshot the dispatcher reads (`undefined` when no
 * enabled rule has a served route) and the ids of rules whose route it does not serve.
 */
export function indexRules(
  rules: readonly CompiledRule[],
  table: RouteTable,
): { active: ActiveRules | undefined; orphaned: string[] } {
  const served = new Map<string, RouteDefinition>();
  for (const route of table.routes) served.set(`${route.method} ${route.path}`, route);
  const byRoute = new Map<RouteDefinition, CompiledRule[]>();
  const orphaned: string[] = [];
  for (const rule of rules) {
    const route = served.get(rule.routeKey);
    if (route === undefined) orphaned.push(rule.id);
    else if (rule.enabled) {
      const list = byRoute.get(route);
      if (list === undefined) byRoute.set(route, [rule]);
      else list.push(rule);
    }
  }
  if (byRoute.size === 0) return { active: undefined, orphaned };
  const lists = new Map<RouteDefinition, RouteRules>();
  for (const [route, list] of byRoute) lists.set(route, new RouteRuleList(list));
  return { active: { forRoute: (route) => lists.get(route) }, orphaned };
}
