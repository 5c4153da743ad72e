/**
 * The answers recorded for one method and path that no model answers (issue 46): a manual route
 * answering the latest, and a response rule per query the API answered otherwise (`?q=a` and
 * `?q=b` each get their own answer back). Bounded: a route keeps {@link MAX_VARIANTS} queries.
 */
import type { JsonValue } from '../contract/control-api.js';
import type { ResponseRule, RuleCondition, RuleResponse } from '../contract/rules-api.js';
import { RULE_BODY_LIMIT } from '../contract/rules-api.js';
import type { PlannedRoute } from './import-plan.js';

/** One recorded answer, as a route or a rule sends it. */
export interface RecordedAnswer {
  readonly status: number;
  /** The headers written with it (transport, CORS and secret ones already left out). */
  readonly headers: Readonly<Record<string, string>>;
  /** The body as recorded; none for an empty one. */
  readonly text?: string;
  /** Its JSON value, when it is JSON. */
  readonly json?: JsonValue;
}

/** Distinct queries a route keeps answers of; more are counted and named. */
export const MAX_VARIANTS = 20;

/**
 * Headers of a recorded answer that a mock does not repeat: the transport's (RFC 9110 §7.6.1
 * and the framing ones), what the mock sets itself (CORS, dates, validators of a cache that is
 * not there), and the infrastructure's (a CDN's or a server's name).
 */
const NOT_REPEATED = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'date',
  'etag',
  'last-modified',
  'age',
  'expires',
  'vary',
  'server',
  'via',
  'x-powered-by',
  'alt-svc',
  'nel',
  'report-to',
  'strict-transport-security',
  'timing-allow-origin',
  'x-request-id',
  'x-amzn-requestid',
  'cf-ray',
  'cf-cache-status',
]);

/** The headers of a recorded answer a route or rule sends again. */
export function repeatedHeaders(
  headers: Readonly<Record<string, string>>,
  json: boolean,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (NOT_REPEATED.has(name) || name.startsWith('access-control-')) continue;
    // A JSON answer is sent as application/json anyway: the default is not written.
    if (
      json &&
      name === 'content-type' &&
      /^application\/json\s*(;\s*charset=utf-8)?$/i.test(value)
    )
      continue;
    if (/[\r\n]/.test(value)) continue;
    out[name] = value;
  }
  return out;
}

export class RecordedRoute {
  /** The latest answer, whatever its query. */
  latest: RecordedAnswer;
  latestQuery: string;
  /** The latest answer per query string (`''`: none). */
  readonly variants = new Map<string, RecordedAnswer>();
  /** Queries not kept, past {@link MAX_VARIANTS}. */
  dropped = 0;
  /** Exchanges recorded for it. */
  count = 0;

  constructor(
    readonly method: string,
    readonly path: string,
    answer: RecordedAnswer,
    query: string,
  ) {
    this.latest = answer;
    this.latestQuery = query;
    this.add(answer, query);
  }

  add(answer: RecordedAnswer, query: string): void {
    this.count++;
    this.latest = answer;
    this.latestQuery = query;
    if (this.variants.has(query) || this.variants.size < MAX_VARIANTS)
      this.variants.set(query, answer);
    else this.dropped++;
  }
}

/** Why a body cannot be sent from a written project: too large, or holding `{{` for a rule. */
export function unsendable(answer: RecordedAnswer, asRule: boolean): string | undefined {
  const bytes = Buffer.byteLength(answer.text ?? '');
  if (bytes > RULE_BODY_LIMIT)
    return `its body is ${(bytes / 1024 / 1024).toFixed(1)} MB, over the ${RULE_BODY_LIMIT / 1024 / 1024} MB a written answer holds`;
  // A rule renders every {{…}} as a placeholder (rules/rule-template.ts).
  if (asRule && answer.text?.includes('{{'))
    return 'its body holds {{, which a response rule reads as a placeholder';
  return undefined;
}

/** The manual route answering the route's latest answer. */
export function plannedRoute(route: RecordedRoute, source: string): PlannedRoute {
  const answer = route.latest;
  const isJson = answer.json !== undefined;
  const headers = repeatedHeaders(answer.headers, isJson);
  const text = !isJson && answer.text !== undefined && answer.text !== '';
  // The writer sends a string body with `.send` unless its type says JSON (then `.json`, which
  // would quote it): a text answer is sent as text.
  if (text && (headers['content-type'] === undefined || /json/i.test(headers['content-type'])))
    headers['content-type'] = 'text/plain; charset=utf-8';
  return {
    method: route.method as PlannedRoute['method'],
    path: route.path,
    status: answer.status,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(isJson ? { body: answer.json } : text ? { body: answer.text } : {}),
    source,
  };
}

/** `a=1&b=2` as conditions: each parameter equals its first value. */
export function queryConditions(query: string, others: Iterable<string>): RuleCondition[] {
  const params = new URLSearchParams(query);
  const when: RuleCondition[] = [];
  const named = new Set<string>();
  for (const [name, value] of params) {
    if (named.has(name)) continue;
    named.add(name);
    when.push({ part: 'query', name, matcher: 'equals', value });
  }
  // A query without a parameter another query has: that parameter is missing here.
  for (const other of others)
    for (const name of new URLSearchParams(other).keys())
      if (!named.has(name)) {
        named.add(name);
        when.push({ part: 'query', name, matcher: 'missing' });
      }
  return when;
}

/** A rule answering `answer` when `when` holds, on the route mounted at `method path`. */
export function recordedRule(
  id: string,
  name: string,
  method: string,
  path: string,
  when: RuleCondition[],
  answer: RecordedAnswer,
): ResponseRule {
  const headers = repeatedHeaders(answer.headers, answer.json !== undefined);
  const response: RuleResponse = {
    status: answer.status,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(answer.text !== undefined && answer.text !== '' ? { body: answer.text } : {}),
  };
  return { id, name, method, path, enabled: true, when, responses: [response] };
}

/** Two answers a client could tell apart. */
export function sameAnswer(a: RecordedAnswer, b: RecordedAnswer): boolean {
  return a.status === b.status && a.text === b.text;
}
