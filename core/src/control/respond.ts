/**
 * How the control API answers: JSON or an RFC 9457 problem, never cached, never sniffed, and
 * without the mock API's permissive CORS headers (CONTRACT §8).
 */
import type { ServerResponse } from 'node:http';

import { HttpProblem, problems, problemWire } from '../errors.js';

/** On every control answer. */
export const CONTROL_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  if (res.headersSent) return;
  const body = JSON.stringify(value) ?? 'null';
  res.writeHead(status, {
    ...CONTROL_HEADERS,
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

export function sendProblem(
  res: ServerResponse,
  problem: HttpProblem,
  instance: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const wire = problemWire(problem, instance, { ...CONTROL_HEADERS, ...headers });
  res.writeHead(wire.status, wire.headers);
  res.end(wire.body);
}

/** Any error as a problem: ours as they are, anything else a logged 500. */
export function asProblem(error: unknown, log: (error: unknown) => void): HttpProblem {
  if (error instanceof HttpProblem) return error;
  log(error);
  return problems.internal();
}
