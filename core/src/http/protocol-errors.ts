/**
 * Answers for requests Node's HTTP parser rejects before any route sees them (issue 7,
 * CONTRACT §4: every error is a problem). Without these listeners Node writes a bare status
 * line, or closes a CONNECT unanswered.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

import { type HttpProblem, problems, problemWire } from '../errors.js';
import { CORS_HEADERS } from './cors.js';

/** A whole HTTP/1.1 response carrying `problem`, for a socket no ServerResponse owns. */
function rawProblem(
  problem: HttpProblem,
  instance: string,
  headers: Readonly<Record<string, string>>,
): string {
  const wire = problemWire(problem, instance, { ...headers, connection: 'close' });
  const head = Object.entries(wire.headers).map(([k, v]) => `${k}: ${v}`);
  const status = `HTTP/1.1 ${wire.status} ${STATUS_CODES[wire.status] ?? ''}`;
  return `${[status, ...head].join('\r\n')}\r\n\r\n${wire.body}`;
}

function problemFor(error: NodeJS.ErrnoException): HttpProblem {
  if (error.code === 'HPE_HEADER_OVERFLOW') return problems.headersTooLarge();
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return problems.requestTimeout();
  return problems.malformedRequest(error.code ?? 'parse error');
}

/**
 * `headers` go with every such answer: the mock API's CORS headers by default; the control
 * API passes its own (no CORS, no caching).
 */
export function answerProtocolErrors(
  server: Server,
  headers: Readonly<Record<string, string>> = CORS_HEADERS,
): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A reset or a socket already answering has nobody left to read a problem.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    socket.end(rawProblem(problemFor(error), '/', headers));
  });
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    const problem = problems.expectationFailed(String(req.headers.expect));
    const wire = problemWire(problem, req.url ?? '/', { ...headers, connection: 'close' });
    res.writeHead(wire.status, wire.headers);
    res.end(wire.body);
  });
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    const allowed = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
    socket.end(
      rawProblem(
        problems.methodNotAllowed('CONNECT', req.url ?? '/', allowed),
        req.url ?? '/',
        headers,
      ),
    );
  });
}
