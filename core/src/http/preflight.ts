/** The request path's CORS step: an `OPTIONS` request is a preflight, answered here (CONTRACT §7). */
import { problems } from '../errors.js';
import { answerProblem } from './answer-problem.js';
import { preflightHeaders } from './cors.js';
import type { Exchange } from './exchange.js';
import { proxyExchange } from './proxy.js';

/** What a preflight allows while a proxy is set: a method no route mocks is forwarded. */
const PROXIED_METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** A method a preflight may ask for: an HTTP token of letters (it goes back in a header). */
const METHOD_TOKEN = /^[A-Za-z]{1,20}$/;

/**
 * Answers an `OPTIONS` request: 204 with the methods the path takes, a 404 for a path that
 * takes none, or the proxy's answer for a path only the proxy serves.
 */
export function answerPreflight(ex: Exchange): Promise<void> | void {
  const { rawReq, res, path, behaviour } = ex;
  rawReq.resume();
  // A browser's preflight is answered here even for a proxied path (issue 23): a backend
  // that speaks no CORS would otherwise make every proxied call fail in the page, and any
  // method may be forwarded, so every method is allowed.
  const requested = rawReq.headers['access-control-request-method'];
  const preflight = requested !== undefined;
  let allowed = behaviour?.proxy && preflight ? PROXIED_METHODS : ex.table.allowedMethods(path);
  // As json-server's CORS does: a browser's preflight is allowed whatever the route table
  // says, so the request itself goes out and gets its real answer (a 404, a 405 naming what
  // the path takes), CORS headers and all, where the page would see only "CORS error".
  if (preflight && METHOD_TOKEN.test(requested)) {
    const method = requested.toUpperCase();
    if (!allowed.includes(method)) allowed = [...allowed, method];
  }
  if (allowed.length === 0) {
    if (behaviour?.proxy) return proxyExchange(ex, behaviour);
    return answerProblem(
      res,
      ex.table.unavailable ?? problems.routeNotFound(ex.method, path),
      path,
    );
  }
  for (const [k, v] of Object.entries(
    preflightHeaders(allowed, rawReq.headers['access-control-request-headers']),
  )) {
    res.header(k, v);
  }
  res.status(204).send();
}
