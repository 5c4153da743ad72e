/**
 * The mock API's request path, one named step after another; each step lives in the module of
 * its concern and answers the request itself when it ends the walk. Rules and behaviours come
 * from above as live snapshots on the {@link DispatchContext}: nothing here calls up a layer.
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
import { answerByRule, ruleFor } from './response-rules.js';
import { answerUnmatched, matchRoute } from './route-match.js';
import { runHandler } from './run-handler.js';
import { simulate } from './simulate.js';

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
): Promise<void> {
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
  const entered = gate.enter();
  if (typeof entered === 'function') return answer(ctx, rawReq, rawRes).finally(entered);
  return entered.then(
    (leave) => answer(ctx, rawReq, rawRes).finally(leave),
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
 * Answers one request against the current route table. GET and HEAD await nothing before
 * their handler: the steps that wait (a behaviour, a body, a rule's delay) are skipped with
 * one check each when they have nothing to do.
 */
async function answer(
  ctx: DispatchContext,
  rawReq: IncomingMessage,
  rawRes: ServerResponse,
): Promise<void> {
  const ex = new Exchange(ctx, rawReq, rawRes);
  if (refuseWithoutHost(ex)) return;
  if (ex.method === 'OPTIONS') return answerPreflight(ex);
  const match = matchRoute(ex);
  if (match === null) return answerUnmatched(ex);
  if (ex.behaviour !== undefined && (await simulate(ex, match.value))) return;
  try {
    const body = ex.bodyless ? skipBody(ex) : await readRequestBody(ex, match.value);
    const hit = ruleFor(ex, match, body);
    if (hit !== undefined) return await answerByRule(ex, match, body, hit);
    return await runHandler(ex, match, body, match.value.handler);
  } catch (error) {
    // The body step's 400, 413 and 415, a rule that failed (a handler's: where it runs).
    answerError(ex, error);
  }
}
