/**
 * Writes the mock API's captured exchanges as traffic events (contract.ts `TrafficExchange`
 * inside its `traffic` event) in JSON: headers as plain strings (lowercase names, repeated
 * values joined with ", "), bodies as UTF-8 text cut at {@link TRAFFIC_BODY_LIMIT} bytes with
 * a `truncated` flag (issue 12). Straight from the capture, in one template and with no object
 * in between: this runs once per request while a studio client listens, and every
 * intermediate object or string here was measurable in the mock API's throughput
 * (bench/PROFILE.md).
 */
import { TRAFFIC_BODY_LIMIT } from '../contract/control-api.js';
import type { TrafficEvent } from '../http/traffic.js';

type Body = string | Buffer | readonly Buffer[] | undefined;

/**
 * Whether a body string certainly fits the limit: UTF-8 takes at most 3 bytes per UTF-16 unit.
 * The common case, a small JSON text, is then used as it is, with no UTF-8 round trip.
 */
const smallText = (body: Body): body is string =>
  typeof body === 'string' && body.length * 3 <= TRAFFIC_BODY_LIMIT;

function bodyBytes(body: Exclude<Body, undefined>): Buffer {
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (Buffer.isBuffer(body)) return body;
  return body.length === 1 ? (body[0] as Buffer) : Buffer.concat(body);
}

/**
 * At most the limit's bytes as text. A cut may split a UTF-8 sequence: the decoder turns the
 * partial character into U+FFFD, which the flag explains.
 */
function bodyText(body: Body): string {
  if (body === undefined) return '';
  if (smallText(body)) return body;
  if (Array.isArray(body) && body.length === 0) return '';
  return bodyBytes(body as Exclude<Body, undefined>)
    .subarray(0, TRAFFIC_BODY_LIMIT)
    .toString('utf8');
}

/**
 * Whether the text of {@link bodyText} is not the whole body: cut at the limit, or less of it
 * kept than was received (chunks that came after the answer). A string body is what
 * `Response` sent, whole by construction.
 */
function bodyCut(body: Body, totalBytes: number): boolean {
  if (totalBytes > TRAFFIC_BODY_LIMIT) return true;
  if (body === undefined) return totalBytes > 0;
  if (smallText(body)) return false;
  if (typeof body === 'string') return Buffer.byteLength(body, 'utf8') > TRAFFIC_BODY_LIMIT;
  let kept = 0;
  if (Buffer.isBuffer(body)) kept = body.length;
  else for (const chunk of body as readonly Buffer[]) kept += chunk.length;
  return kept > TRAFFIC_BODY_LIMIT || totalBytes > kept;
}

const quote = JSON.stringify;

/** Whether every value is a string: then the object is already its JSON's shape. */
function plainHeaders(headers: Readonly<Record<string, unknown>>): boolean {
  for (const name in headers) if (typeof headers[name] !== 'string') return false;
  return true;
}

/**
 * The headers as a JSON object of strings. Header names arrive lowercase from Node and from
 * `Response`, so lowercasing never merges two.
 */
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
 * The `traffic` event (contract.ts `StudioEvent`) for one exchange, with its event id, as JSON
 * text.
 */
export function trafficEventJson(id: number, event: TrafficEvent): string {
  const capture = event.capture;
  const requestBody = capture?.requestBody;
  const requestBodyBytes = capture?.requestBodyBytes ?? 0;
  const responseBody = capture?.responseBody;
  return (
    `{"id":${id},"type":"traffic","exchange":{"seq":${event.seq},"time":${event.time},` +
    `"method":${quote(event.method)},"url":${quote(event.url)},"status":${event.status},` +
    `"durationMs":${Math.round(event.durationMs * 1000) / 1000},` +
    `"requestHeaders":${headerJson(capture?.requestHeaders)},` +
    `"responseHeaders":${headerJson(capture?.responseHeaders)},` +
    `"requestBody":${quote(bodyText(requestBody))},"responseBody":${quote(bodyText(responseBody))},` +
    `"requestTruncated":${bodyCut(requestBody, requestBodyBytes)},` +
    `"responseTruncated":${bodyCut(responseBody, event.responseBytes)},` +
    `"requestBytes":${capture === undefined ? event.requestBytes : requestBodyBytes},` +
    `"responseBytes":${event.responseBytes}${event.tag ? `,"tag":${quote(event.tag)}` : ''}` +
    `${event.rule ? `,"rule":{"id":${quote(event.rule.id)},"name":${quote(event.rule.name)}}` : ''}}}`
  );
}
