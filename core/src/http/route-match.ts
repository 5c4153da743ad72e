/** The request path's routing step: the route a request names, or the answer when none does. */
import { unrouted } from '../errors.js';
import { answerProblem } from './answer-problem.js';
import type { Exchange } from './exchange.js';
import { proxyExchange } from './proxy.js';
import type { RouteMatch } from './router.js';
import type { RouteDefinition } from './types.js';

/** The route of the exchange's table for its method (HEAD is answered as GET) and path. */
export function matchRoute(ex: Exchange): RouteMatch<RouteDefinition> | null {
  return ex.table.match(ex.method === 'HEAD' ? 'GET' : ex.method, ex.path);
}

/**
 * A request no route matches: forwarded when a proxy is set (issue 16), else a 404, or a 405
 * naming the methods the path takes (RFC 9110 §15.5.6); while the project does not load, the
 * 503 that says why.
 */
export function answerUnmatched(ex: Exchange): Promise<void> | void {
  const { behaviour, path } = ex;
  if (behaviour?.proxy) return proxyExchange(ex, behaviour);
  ex.rawReq.resume();
  if (ex.table.unavailable) return answerProblem(ex.res, ex.table.unavailable, path);
  const allowed = ex.table.allowedMethods(path);
  // HEAD is answered wherever GET is.
  const withHead = allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
  return answerProblem(ex.res, unrouted(ex.method, path, withHead), path);
}
