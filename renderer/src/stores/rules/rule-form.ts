/**
 * Response rules as the editor shows them (issue 29): a rule in words, a new rule for a route,
 * a rule made from a captured exchange ("Answer like this", Mockoon's "create route from log"),
 * the route an exchange was answered by, and a refused save's problems by field.
 */
import type {
  Problem,
  ResponseRule,
  RouteInfo,
  RuleCondition,
  RulePreviewBody,
  RuleResponse,
  TrafficExchange,
} from '../../api';

const PART_WORDS: Record<RuleCondition['part'], string> = {
  param: 'path parameter',
  query: 'query parameter',
  header: 'header',
  body: 'body',
  method: 'method',
};

/** "header authorization is missing", "path parameter id equals 3", "body /name matches ^A". */
export function describeCondition(c: RuleCondition): string {
  const subject = c.part === 'method' ? 'method' : `${PART_WORDS[c.part]} ${c.name || '""'}`;
  switch (c.matcher) {
    case 'equals':
      return `${subject} equals ${JSON.stringify(c.value ?? '')}`;
    case 'regex':
      return `${subject} matches /${c.value ?? ''}/${c.ignoreCase ? 'i' : ''}`;
    case 'exists':
      return `${subject} is present`;
    case 'missing':
      return `${subject} is missing`;
  }
}

/** The whole rule in one line: "when … and … → 401", or "always → 503, 200 in turn". */
export function describeRule(rule: ResponseRule): string {
  const when =
    rule.when.length === 0 ? 'always' : `when ${rule.when.map(describeCondition).join(' and ')}`;
  const statuses = rule.responses.map((r) => r.status).join(', ');
  const order =
    rule.responses.length > 1 ? (rule.order === 'random' ? ' at random' : ' in turn') : '';
  return `${when} → ${statuses}${order}`;
}

/** An id no rule of `taken` has: short, readable in the file, stable once saved. */
export function newRuleId(taken: readonly ResponseRule[], random = Math.random): string {
  const ids = new Set(taken.map((r) => r.id));
  for (;;) {
    const id = `rule-${Math.floor(random() * 36 ** 6)
      .toString(36)
      .padStart(6, '0')}`;
    if (!ids.has(id)) return id;
  }
}

const STATUS_TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  422: 'Unprocessable content',
  429: 'Too many requests',
  500: 'Internal server error',
  503: 'Service unavailable',
};

/** An RFC 9457 problem body for `status`, as the mock API's own errors look. */
export function problemBody(status: number): string {
  const title = STATUS_TITLES[status] ?? `Error ${status}`;
  return JSON.stringify({ type: 'about:blank', title, status, detail: title }, null, 2);
}

/** A new rule for `route`: no condition yet, one answer. */
/** A new answer of a rule: 200 with an empty JSON object, as a new rule's first answer. */
export function newAnswer(): RuleResponse {
  return { status: 200, headers: { 'content-type': 'application/json' }, body: '{}' };
}

export function newRule(
  route: Pick<RouteInfo, 'method' | 'path'>,
  taken: readonly ResponseRule[],
): ResponseRule {
  return {
    id: newRuleId(taken),
    name: '',
    method: route.method,
    path: route.path,
    enabled: true,
    when: [],
    responses: [newAnswer()],
  };
}

/** Path parameters of a route pattern (`/users/:id/todos` → `['id']`). */
export function paramNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_$][\w$]*)/g)].map((m) => m[1]!);
}

/**
 * A made-up request the rule matches, for Preview (issue 48): every `equals` condition's value
 * where it names it (a path parameter, a query or header value, a body pointer), `exists` as a
 * sample value, the rest of the path parameters `1`.
 */
export function matchingRequest(
  rule: Pick<ResponseRule, 'path' | 'when'>,
): Required<NonNullable<RulePreviewBody['request']>> {
  const params = Object.fromEntries(paramNames(rule.path).map((p) => [p, '1']));
  const query: Record<string, string> = {};
  const headers: Record<string, string> = {};
  let body: unknown = {};
  for (const c of rule.when) {
    if (c.matcher === 'missing' || c.matcher === 'regex' || c.name === undefined) continue;
    const value = c.matcher === 'equals' ? (c.value ?? '') : 'x';
    if (c.part === 'param') params[c.name] = value;
    else if (c.part === 'query') query[c.name] = value;
    else if (c.part === 'header') headers[c.name.toLowerCase()] = value;
    else if (c.part === 'body') body = withPointer(body, c.name, value);
  }
  return { params, query, headers, body };
}

/** `body` with `value` at JSON pointer `pointer`, objects made along the way. */
function withPointer(body: unknown, pointer: string, value: string): unknown {
  if (pointer === '') return value;
  const root: Record<string, unknown> =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const keys = pointer
    .split('/')
    .slice(1)
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
  let at = root;
  keys.forEach((key, i) => {
    if (i === keys.length - 1) at[key] = value;
    else {
      const next = at[key];
      at = at[key] =
        typeof next === 'object' && next !== null ? (next as Record<string, unknown>) : {};
    }
  });
  return root;
}

/** The route of `routes` that answered `method path`, with its parameters, or undefined. */
export function routeOf(
  routes: readonly RouteInfo[],
  method: string,
  url: string,
): { route: RouteInfo; params: Record<string, string> } | undefined {
  const path = url.split('?')[0]!;
  const segments = path.split('/');
  const asked = method === 'HEAD' ? 'GET' : method;
  // Static segments win over parameters, as in the router: try the routes with fewer first.
  const candidates = routes
    .filter((r) => r.method === asked)
    .sort((a, b) => paramNames(a.path).length - paramNames(b.path).length);
  for (const route of candidates) {
    const pattern = route.path.split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = pattern.every((part, i) => {
      if (part.startsWith(':')) {
        if (segments[i] === '') return false;
        params[part.slice(1)] = safeDecode(segments[i]!);
        return true;
      }
      return part === segments[i];
    });
    if (fits) return { route, params };
  }
  return undefined;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Headers an answer is made with again; the rest (length, date, CORS) the server sets itself. */
const KEPT_HEADERS = new Set([
  'content-type',
  'location',
  'x-total-count',
  'link',
  'retry-after',
  'cache-control',
]);

/**
 * "Answer like this": a rule that answers requests like `exchange` (same path parameters) the
 * way it was answered. A truncated body cannot be replayed, so it says so in the body.
 */
export function ruleFromExchange(
  exchange: TrafficExchange,
  match: { route: RouteInfo; params: Record<string, string> },
  taken: readonly ResponseRule[],
): ResponseRule {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(exchange.responseHeaders))
    if (KEPT_HEADERS.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
  const response: RuleResponse = { status: exchange.status, headers };
  if (exchange.responseBody !== '' && !exchange.responseTruncated)
    response.body = exchange.responseBody;
  return {
    id: newRuleId(taken),
    name: `Like ${exchange.method} ${exchange.url.split('?')[0]}`,
    method: match.route.method,
    path: match.route.path,
    enabled: true,
    when: Object.entries(match.params).map(([name, value]) => ({
      part: 'param',
      name,
      matcher: 'equals',
      value,
    })),
    responses: [response],
  };
}

/**
 * A refused save's field errors that belong to rule `index` (pointers `/rules/<index>/…`),
 * keyed by the rest of the pointer (`/when/0/value`, `/responses/1/body`).
 */
export function ruleErrors(problem: Problem, index: number): Map<string, string> {
  const prefix = `/rules/${index}`;
  const found = new Map<string, string>();
  for (const e of problem.errors ?? []) {
    const message =
      e.offset === undefined ? e.message : `${e.message} (at character ${e.offset + 1})`;
    if (e.field === prefix) found.set('', message);
    else if (e.field.startsWith(`${prefix}/`)) found.set(e.field.slice(prefix.length), message);
  }
  return found;
}
