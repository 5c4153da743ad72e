/** The request path's body step: the body a route's handler (or a rule) reads, parsed. */
import { readJsonBody } from './body.js';
import type { Exchange } from './exchange.js';
import { readFormBody } from './form-body.js';
import type { RouteDefinition } from './types.js';

/**
 * Reads and parses the body (a malformed one rejects with its 400, 413 or 415 problem). Issue
 * 30: a manual route also reads forms; a generated one keeps JSON only (CONTRACT §2).
 */
export async function readRequestBody(ex: Exchange, route: RouteDefinition): Promise<unknown> {
  const { rawReq } = ex;
  const body = await readJsonBody(
    rawReq,
    ex.ctx.bodyLimit,
    route.origin === 'manual' ? readFormBody : undefined,
  );
  ex.requestBytes = Number(rawReq.headers['content-length'] ?? 0);
  return body;
}

/** GET and HEAD: no body is read, and whatever a client sent anyway is drained. */
export function skipBody(ex: Exchange): undefined {
  ex.rawReq.resume();
  return undefined;
}
