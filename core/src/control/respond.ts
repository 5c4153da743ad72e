/**
 * How the control API answers: JSON or an RFC 9457 problem, never cached, never sniffed, and
 * without the mock API's permissive CORS headers (CONTRACT §8).
 */
import type { ServerResponse } from 'node:http';

import { HttpProblem, problems, problemWire } from '../errors.js';
import {
  closeIfUnread,
  DEFAULT_WRITE_STALL_MS,
  jsonArrayPages,
  streamable,
  writeJsonArray,
} from '../http/json-stream.js';

/** On every control answer. */
export const CONTROL_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/**
 * Writes `value` as JSON. A long array (the export of a model's records) goes a page at a time
 * as the client reads it, in chunked encoding (issue 40); an answer not read for `stallMs`
 * closes its connection.
 */
export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Readonly<Record<string, string>> = {},
  stallMs = DEFAULT_WRITE_STALL_MS,
): void {
  if (res.headersSent) return;
  if (streamable(value)) {
    const pages = jsonArrayPages(value);
    const first = pages.next().value as string;
    res.writeHead(status, {
      ...CONTROL_HEADERS,
      ...headers,
      'content-type': 'application/json; charset=utf-8',
    });
    void writeJsonArray(res, first, pages, stallMs);
    return;
  }
  const body = JSON.stringify(value) ?? 'null';
  res.writeHead(status, {
    ...CONTROL_HEADERS,
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
  closeIfUnread(res, stallMs);
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
