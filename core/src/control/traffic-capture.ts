/**
 * Writes the mock API's captured exchanges as the traffic view's `TrafficExchange` (contract.ts) JSON:
 * headers as plain strings (lowercase names, repeated values joined with ", "), bodies as
 * UTF-8 text cut at {@link TRAFFIC_BODY_LIMIT} bytes with a `truncated` flag (issue 12).
 * Straight from the capture, with no exchange object in between: this runs once per request
 * while a studio client listens.
 */
import type { TrafficEvent } from '../http/traffic.js';
import { TRAFFIC_BODY_LIMIT } from './contract.js';

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

const quote = JSON.stringify;

/** Whether every value is a string: then the object is already its JSON's shape. */
function plainHeaders(headers: Readonly<Record<string, unknown>>): boolean {
  for (const name in headers) if (typeof headers[name] !== 'string') return false;
  return true;
}

/** The headers as a JSON object of strings. */
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
 * The exchange's `TrafficExchange` (contract.ts) as JSON text. Header names arrive lowercase from Node
 * and from `Response`, so lowercasing never merges two.
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
