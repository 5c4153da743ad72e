/**
 * The mock API's request path, one named step after another, each in the module of its
 * concern; a step that ends the walk answers the request itself:
 *
 * 1. `host-check.ts`      refuseWithoutHost: an HTTP/1.1 request without Host is a 400.
 * 2. `preflight.ts`       answerPreflight: `OPTIONS` is a CORS preflight.
 * 3. `route-match.ts`     matchRoute, answerUnmatched: the proxy (`proxy.ts`), a 404 or a 405.
 * 4. `simulate.ts`        simulate: a behaviour's delay, then its failure (issue 16).
 * 5. `request-body.ts`    readRequestBody, skipBody.
 * 6. `response-rules.ts`  ruleFor, answerByRule: a rule answers in the route's place (issue 29).
 * 7. `run-handler.ts`     runHandler: the handler, watched by `handler-timeout.ts`.
 *
 * Rules and behaviours come from above as live snapshots on the {@link DispatchContext}:
 * nothing here calls up a layer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { answerError, answerProblem, toProblem } from './answer-problem.js';
import { CORS_HEADERS } from './cors.js';
import type { DispatchContext } from './dispatch-context.js';
import { Exchange } from './exchange.js';
import { refuseWithoutHost } from './host-check.js';
import { answerPreflight } from './preflight.js';
import { readRequestBody, skipBody } from './request-body.js';
import { Response } from './response.js';
import { answerByRule, type RuleAnswer, ruleFor } from './response-rules.js';
import { answerUnmatched, matchRoute } from './route-match.js';
import type { RouteMatch } from './router.js';
import { runHandler } from './run-handler.js';
import { simulate } from './simulate.js';
import type { RouteDefinition } from './types.js';

/** Methods that wait for a model edit only when it changes a database (issue 24, 26). */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Answers one request. With a write gate (the studio), a write waits while a model edit holds
 * it, and the route table is read only once it is let in, so it meets the edited model; a
 * read waits only for an edit of a database's tables.
 */
export function dispatch(
  ctx: DispatchContext,
  rawReq: IncomingMessage,
  rawRes: ServerResponse,
): Promise<void> | void {
  const gate = ctx.writes;
  if (gate === undefined) return answer(ctx, rawReq, rawRes);
  if (READS.has((rawReq.method ?? 'GET').toUpperCase())) {
    // Issue 26: a database edit holds reads too, until the new version serves.
    if (!gate.readsHeld) return answer(ctx, rawReq, rawRes);
    return gate.opened().then(
      () => answer(ctx, rawReq, rawRes),
      (problem: unknown) => refuse(ctx, rawReq, rawRes, problem),
    );
  }
  // A promise whatever the answer does (a throw included), so the gate is always left.
  const answering = async (): Promise<void> => answer(ctx, rawReq, rawRes);
  const entered = gate.enter();
  if (typeof entered === 'function') return answering().finally(entered);
  return entered.then(
    (leave) => answering().finally(leave),
    (problem: unknown) => refuse(ctx, rawReq, rawRes, problem),
  );
}

/** A request the gate did not let in before its deadline: the 503 problem. */
function refuse(
  ctx: DispatchContext,
  rawReq: IncomingMessage,
  rawRes: ServerResponse,
  problem: unknown,
): void {
  rawReq.resume();
  const path = (rawReq.url ?? '/').split('?')[0]!;
  const request = `${rawReq.method ?? '?'} ${rawReq.url ?? '?'}`;
  answerProblem(
    new Response(rawRes, CORS_HEADERS, () => {}, ctx.writeStallMs),
    toProblem(problem, ctx.logger, request),
    path,
  );
}

/**
 * Answers one request against the current route table, one step after another. GET and HEAD
 * with no behaviour set await nothing before their handler (the hot path): the steps that may
 * wait (a simulated delay, a body) are taken only when there is something to wait for.
 */
function answer(
  ctx: DispatchContext,
  rawReq: IncomingMessage,
  rawRes: ServerResponse,
): Promise<void> | void {
  const ex = new Exchange(ctx, rawReq, rawRes);
  if (refuseWithoutHost(ex)) return;
  if (ex.method === 'OPTIONS') return answerPreflight(ex);
  const match = matchRoute(ex);
  if (match === null) return answerUnmatched(ex);
  if (ex.behaviour === undefined && ex.bodyless) return answerRoute(ex, match, skipBody(ex));
  return answerAfterWaits(ex, match);
}

/** A behaviour's delay or failure (issue 16), and a body to read, before the route answers. */
async function answerAfterWaits(ex: Exchange, match: RouteMatch<RouteDefinition>): Promise<void> {
  if (ex.behaviour !== undefined && (await simulate(ex, match.value))) return;
  let body: unknown;
  try {
    body = ex.bodyless ? skipBody(ex) : await readRequestBody(ex, match.value);
  } catch (error) {
    return answerError(ex, error);
  }
  return answerRoute(ex, match, body);
}

/** A response rule in the route's place (issue 29), else the route's handler. */
function answerRoute(
  ex: Exchange,
  match: RouteMatch<RouteDefinition>,
  body: unknown,
): Promise<void> | void {
  let hit: RuleAnswer | undefined;
  try {
    hit = ruleFor(ex, match, body);
  } catch (error) {
    return answerError(ex, error);
  }
  if (hit !== undefined) return answerByRule(ex, match, body, hit);
  return runHandler(ex, match, body, match.value.handler);
}
