/**
 * Turns the mock API's captured exchanges into the traffic view's {@link TrafficExchange}:
 * headers as plain strings, bodies as UTF-8 text cut at {@link TRAFFIC_BODY_LIMIT} bytes with
 * a `truncated` flag (issue 12). {@link toTrafficExchange} says what an exchange is;
 * {@link trafficExchangeJson} writes the same JSON straight from the capture, which is what
 * the studio streams (one per request while a client listens).
 */
import type { TrafficEvent } from '../http/traffic.js';
import { TRAFFIC_BODY_LIMIT, type TrafficExchange } from './contract.js';

function headerText(headers: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

/**
 * At most the limit's bytes as text. A cut may split a UTF-8 sequence: the decoder turns the
 * partial character into U+FFFD, which the flag explains.
 */
function bodyText(
  body: string | Buffer | readonly Buffer[] | undefined,
  totalBytes: number,
): { text: string; truncated: boolean } {
  if (body === undefined) return { text: '', truncated: totalBytes > 0 };
  // The common case, a small JSON text, is kept as is: no UTF-8 round trip (3 bytes per UTF-16
  // unit at most, so it cannot exceed the limit).
  if (typeof body === 'string' && body.length * 3 <= TRAFFIC_BODY_LIMIT) {
    return { text: body, truncated: false };
  }
  if (Array.isArray(body) && body.length === 1 && totalBytes <= TRAFFIC_BODY_LIMIT) {
    return { text: (body[0] as Buffer).toString('utf8'), truncated: false };
  }
  const bytes =
    typeof body === 'string'
      ? Buffer.from(body, 'utf8')
      : Buffer.isBuffer(body)
        ? body
        : Buffer.concat(body);
  const truncated = totalBytes > TRAFFIC_BODY_LIMIT || bytes.length > TRAFFIC_BODY_LIMIT;
  return { text: bytes.subarray(0, TRAFFIC_BODY_LIMIT).toString('utf8'), truncated };
}

export function toTrafficExchange(event: TrafficEvent): TrafficExchange {
  const capture = event.capture;
  const request = bodyText(capture?.requestBody, capture?.requestBodyBytes ?? 0);
  const response = bodyText(capture?.responseBody, event.responseBytes);
  return {
    seq: event.seq,
    time: event.time,
    method: event.method,
    url: event.url,
    status: event.status,
    durationMs: Math.round(event.durationMs * 1000) / 1000,
    requestHeaders: headerText(capture?.requestHeaders ?? {}),
    responseHeaders: headerText(capture?.responseHeaders ?? {}),
    requestBody: request.text,
    responseBody: response.text,
    requestTruncated: request.truncated,
    responseTruncated: response.truncated,
    requestBytes: capture?.requestBodyBytes ?? event.requestBytes,
    responseBytes: event.responseBytes,
    ...(event.tag ? { tag: event.tag } : {}),
  };
}

const quote = JSON.stringify;

/** Whether every value is a string: then the object is its own {@link headerText}. */
function plainHeaders(headers: Readonly<Record<string, unknown>>): boolean {
  for (const name in headers) if (typeof headers[name] !== 'string') return false;
  return true;
}

/** {@link headerText} as JSON text, without the object in between. */
function headerJson(headers: Readonly<Record<string, unknown>> | undefined): string {
  if (headers === undefined) return '{}';
  // The common case: Node's request headers, and `Response`'s, are lowercase names and string
  // values, so one native stringify writes them.
  if (plainHeaders(headers)) return quote(headers);
  let json = '{';
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined) continue;
    if (json.length > 1) json += ',';
    json += `${quote(name.toLowerCase())}:${quote(Array.isArray(value) ? value.join(', ') : String(value))}`;
  }
  return `${json}}`;
}

/**
 * `JSON.stringify(toTrafficExchange(event))`, written directly: no exchange object, no header
 * objects (the mock API's hot path while a studio client listens; the test holds the two equal).
 * Header names arrive lowercase from Node and from `Response`, so lowercasing never merges two.
 */
export function trafficExchangeJson(event: TrafficEvent): string {
  const capture = event.capture;
  const request = bodyText(capture?.requestBody, capture?.requestBodyBytes ?? 0);
  const response = bodyText(capture?.responseBody, event.responseBytes);
  return (
    `{"seq":${event.seq},"time":${event.time},"method":${quote(event.method)},` +
    `"url":${quote(event.url)},"status":${event.status},` +
    `"durationMs":${Math.round(event.durationMs * 1000) / 1000},` +
    `"requestHeaders":${headerJson(capture?.requestHeaders)},` +
    `"responseHeaders":${headerJson(capture?.responseHeaders)},` +
    `"requestBody":${quote(request.text)},"responseBody":${quote(response.text)},` +
    `"requestTruncated":${request.truncated},"responseTruncated":${response.truncated},` +
    `"requestBytes":${capture?.requestBodyBytes ?? event.requestBytes},` +
    `"responseBytes":${event.responseBytes}${event.tag ? `,"tag":${quote(event.tag)}` : ''}}`
  );
}
