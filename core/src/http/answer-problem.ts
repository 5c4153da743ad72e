/** The mock API's one way to answer a problem, for a route's response (traffic sees it). */
import { ClientGoneError, HttpProblem, problems, problemWire } from '../errors.js';
import { CORS_HEADERS } from './cors.js';
import type { ServerLogger } from './dispatch-context.js';
import type { Exchange } from './exchange.js';
import type { Response } from './response.js';

/** Writes an {@link HttpProblem} to a route's response, in its one wire form. */
export function answerProblem(res: Response, problem: HttpProblem, instance: string): void {
  if (res.sent) return;
  const wire = problemWire(problem, instance);
  res.resetHeaders(CORS_HEADERS);
  // Response.send sets the length itself.
  for (const [name, value] of Object.entries(wire.headers))
    if (name !== 'content-length') res.header(name, value);
  res.status(wire.status).send(wire.body);
}

/** A problem as thrown; anything else is logged with its stack and becomes the generic 500. */
export function toProblem(error: unknown, logger: ServerLogger, request: string): HttpProblem {
  if (error instanceof HttpProblem) return error;
  logger.error(`${request} failed`, error);
  return problems.internal();
}

/** Answers what a step or a handler threw, as a problem (STYLE: the one error handler). */
export function answerError(ex: Exchange, error: unknown): void {
  // A client that left mid-body has no socket to answer on: nothing to send, nothing to log.
  if (error instanceof ClientGoneError) return;
  const { rawReq } = ex;
  const request = `${rawReq.method ?? '?'} ${rawReq.url ?? '?'}`;
  answerProblem(ex.res, toProblem(error, ex.ctx.logger, request), ex.path);
}
