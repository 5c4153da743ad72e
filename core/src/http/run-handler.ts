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
 *
 * Issue 45: a handler that answers before it returns (a generated read of the file store) is
 * done without a promise, and is not watched for the timeout: only a handler still to answer
 * (a promise, or a callback to come) joins the sweep's set.
 */
export function runHandler(
  ex: Exchange,
  match: RouteMatch<RouteDefinition>,
  body: unknown,
  handler: HandlerFunction,
): Promise<void> | void {
  const startedAt = performance.now();
  const { res, method, path } = ex;
  let returned: unknown;
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
    returned = handler(req, res);
    if (isThenable(returned)) return settle(ex, startedAt, returned);
    if (!res.sent && returned !== undefined) res.json(returned);
  } catch (error) {
    answerError(ex, error);
  }
  // A handler may answer later (a callback); the timeout sweep watches those.
  if (!res.sent) watch(ex, startedAt);
}

/** Waits for what an async handler returned, then sends it as JSON unless it answered. */
async function settle(
  ex: Exchange,
  startedAt: number,
  returned: PromiseLike<unknown>,
): Promise<void> {
  const pending = watch(ex, startedAt);
  const { res } = ex;
  try {
    const value = await returned;
    if (!res.sent && value !== undefined) res.json(value);
  } catch (error) {
    answerError(ex, error);
  } finally {
    if (res.sent) ex.ctx.pending.delete(pending);
  }
}

/** Puts the exchange in the handler timeout's sweep (handler-timeout.ts). */
function watch(ex: Exchange, startedAt: number): PendingExchange {
  const pending: PendingExchange = { startedAt, method: ex.method, path: ex.path, res: ex.res };
  ex.ctx.pending.add(pending);
  return pending;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value instanceof Promise ||
    (((typeof value === 'object' && value !== null) || typeof value === 'function') &&
      typeof (value as { then?: unknown }).then === 'function')
  );
}
