/** The mock API's one way to answer a problem, for a route's response (traffic sees it). */
import { type HttpProblem, problemWire } from '../errors.js';
import { CORS_HEADERS } from './cors.js';
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
