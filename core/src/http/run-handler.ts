/**
 * The request path's last step: the route's handler (or a rule answering in its place) writes
 * the answer, a returned value is sent as JSON (spec §4.2) and a failure as a problem, under the
 * handler timeout.
 */
import { answerError } from './answer-problem.js';
import type { Exchange } from './exchange.js';
import type { PendingExchange } from './handler-timeout.js';
import { Request } from './request.js';
import type { RouteMatch } from './router.js';
import type { HandlerFunction, HttpMethod, RouteDefinition } from './types.js';

/**
 * Runs `handler` for the matched route with the parsed body. Issue 7: the handler timeout
 * starts here, once the body is in: a client trickling its body (slow loris) is the client's
 * delay, which Node's requestTimeout cuts with a 408, not a 504.
 */
export async function runHandler(
  ex: Exchange,
  match: RouteMatch<RouteDefinition>,
  body: unknown,
  handler: HandlerFunction,
): Promise<void> {
  const { res, method, path, ctx } = ex;
  const pending: PendingExchange = { startedAt: performance.now(), method, path, res };
  ctx.pending.add(pending);
  try {
    const req = new Request({
      raw: ex.rawReq,
      method: method as HttpMethod | 'HEAD',
      path,
      search: ex.search,
      params: match.params,
      body,
      binder: ex.table.binder,
    });
    const returned = await handler(req, res);
    if (!res.sent && returned !== undefined) res.json(returned);
  } catch (error) {
    answerError(ex, error);
  } finally {
    // A handler may answer later (a callback); the timeout sweep watches those.
    if (res.sent) ctx.pending.delete(pending);
  }
}
