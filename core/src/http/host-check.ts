/** The request path's first step: a request a server must refuse before reading it. */
import { problems } from '../errors.js';
import { answerProblem } from './answer-problem.js';
import type { Exchange } from './exchange.js';

/**
 * RFC 9112 §3.2: an HTTP/1.1 request without Host is a 400, answered as a problem (Node's own
 * check, turned off in `node-server.ts`, would answer a bare 400). True when it answered.
 */
export function refuseWithoutHost(ex: Exchange): boolean {
  const { rawReq } = ex;
  if (rawReq.httpVersionMinor !== 1 || rawReq.headers.host !== undefined) return false;
  rawReq.resume();
  answerProblem(ex.res, problems.malformedRequest('no Host header'), ex.path);
  return true;
}
