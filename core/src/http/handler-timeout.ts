/**
 * Issue 7: a handler that has not answered in time gets a 504 problem, and its client its
 * socket back. One sweep per server watches every request in flight, instead of a timer per
 * request (the hot path).
 */
import { problems } from '../errors.js';
import { answerProblem } from './answer-problem.js';
import type { Response } from './response.js';

/** A request in flight, watched for the handler timeout. */
export interface PendingExchange {
  readonly startedAt: number;
  readonly method: string;
  readonly path: string;
  readonly res: Response;
}

/**
 * Answers every watched request older than `timeoutMs` with the 504 problem, and forgets the
 * ones answered since (a handler may answer later, from a callback). Returns the stop.
 */
export function startTimeoutSweep(pending: Set<PendingExchange>, timeoutMs: number): () => void {
  const sweep = setInterval(
    () => {
      const now = performance.now();
      for (const exchange of pending) {
        if (exchange.res.sent) pending.delete(exchange);
        else if (now - exchange.startedAt >= timeoutMs) {
          pending.delete(exchange);
          answerProblem(
            exchange.res,
            problems.handlerTimeout(exchange.method, exchange.path, timeoutMs),
            exchange.path,
          );
        }
      }
    },
    Math.max(10, Math.min(1000, timeoutMs / 4)),
  );
  sweep.unref();
  return () => clearInterval(sweep);
}
