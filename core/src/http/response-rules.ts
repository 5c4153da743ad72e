/**
 * What the mock API asks of issue 29's response rules, and the request path's rules step: the
 * rules engine (`core/src/rules/`) sits above this layer and hands the server an
 * {@link ActiveRules} snapshot, swapped in one assignment like the behaviour's. With no enabled
 * rule on any served route, `current` is `undefined`: one check on the hot path.
 */
import type { IncomingHttpHeaders } from 'node:http';

import { delay } from './behaviour.js';
import type { Exchange } from './exchange.js';
import type { RouteMatch } from './router.js';
import { runHandler } from './run-handler.js';
import type { HandlerFunction, RouteDefinition } from './types.js';

/** The request as a rule reads it, once the route matched and the body was parsed. */
export interface RuleRequest {
  /** As sent (`HEAD` is matched on a GET route's rules). */
  readonly method: string;
  readonly params: Readonly<Record<string, string>>;
  /** The query string without `?`, parsed only if a rule reads it. */
  readonly search: string;
  readonly headers: IncomingHttpHeaders;
  /** The parsed JSON body; `undefined` when none was sent. */
  readonly body: unknown;
}

/** The answer of the rule that matched. */
export interface RuleAnswer {
  readonly rule: { readonly id: string; readonly name: string };
  readonly status: number;
  /** Lower-case names; a content type is always among them. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly delayMs: number;
}

/** The enabled rules of one route, in file order. */
export interface RouteRules {
  /** The first rule whose conditions all hold, answered; `undefined`: the route answers. */
  answer(req: RuleRequest): RuleAnswer | undefined;
}

export interface ActiveRules {
  /** The rules of a route of the table being served, by identity: one Map lookup. */
  forRoute(route: RouteDefinition): RouteRules | undefined;
}

/** Who holds the live rules: the dispatcher reads `current` once per matched request. */
export interface RulesSource {
  readonly current: ActiveRules | undefined;
}

/**
 * The answer of the matched route's first rule whose conditions hold, once the body it may
 * read is parsed (a malformed one was a 400 before); `undefined`: the route answers.
 */
export function ruleFor(
  ex: Exchange,
  match: RouteMatch<RouteDefinition>,
  body: unknown,
): RuleAnswer | undefined {
  const rules = ex.ctx.rules?.current?.forRoute(match.value);
  if (rules === undefined) return undefined;
  return rules.answer({
    method: ex.method,
    params: match.params,
    search: ex.search,
    headers: ex.rawReq.headers,
    body,
  });
}

/** A rule's answer as a handler writes one: status, headers and body through `Response`. */
function ruleHandler(hit: RuleAnswer): HandlerFunction {
  return (_req, res) => {
    res.status(hit.status);
    for (const name in hit.headers) res.header(name, hit.headers[name]!);
    res.send(hit.body);
  };
}

/**
 * Answers in the route's place, through the path its handler takes. The rule's delay comes
 * first, outside the handler timeout: it is what the user asked for, not a stuck handler.
 */
export async function answerByRule(
  ex: Exchange,
  match: RouteMatch<RouteDefinition>,
  body: unknown,
  hit: RuleAnswer,
): Promise<void> {
  ex.rule = hit.rule;
  if (hit.delayMs > 0) await delay(hit.delayMs);
  return runHandler(ex, match, body, ruleHandler(hit));
}
