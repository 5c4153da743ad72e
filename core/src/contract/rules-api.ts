/**
 * Response rules on the wire and on disk (issue 29): "when <request part> <matches> <value> then
 * answer <status, headers, body>", per route, without code. The project keeps them in one
 * readable file beside its models, `mock-rules.json` (this shape, pretty-printed, one rule per
 * object), so a team commits them and `decorest serve` honours them without the studio.
 */

/** The file a project keeps its rules in, relative to the project folder. */
export const RULES_FILE = 'mock-rules.json';

/** The largest body a response may hold (a larger one is refused with the limit named). */
export const RULE_BODY_LIMIT = 1024 * 1024;

/** Which part of the request a condition reads. */
export type RulePart =
  /** A path parameter by name (`id` of `/todos/:id`). */
  | 'param'
  /** A query parameter by name (its first value). */
  | 'query'
  /** A header by name, case-insensitive. */
  | 'header'
  /** A JSON pointer into the parsed JSON body (`/user/name`; `""` is the whole body). */
  | 'body'
  /** The request's method (for a rule on a route that answers several, such as HEAD and GET). */
  | 'method';

export type RuleMatcher = 'equals' | 'regex' | 'exists' | 'missing';

export interface RuleCondition {
  part: RulePart;
  /** Parameter, query or header name, or the body's JSON pointer; unused for `method`. */
  name?: string;
  matcher: RuleMatcher;
  /** For `equals` (compared as text) and `regex` (JavaScript syntax, no flags but `i`). */
  value?: string;
  /** `regex` only: case-insensitive. */
  ignoreCase?: boolean;
}

/**
 * One answer. `body` is text sent as it is after placeholders are filled in: `{{params.id}}`,
 * `{{query.q}}`, `{{body.name}}` (a JSON pointer's value, `{{body./user/name}}` for a deeper
 * one), `{{header.x-user}}`, `{{fake.person.fullName}}` (any faker method of no argument),
 * `{{now}}` (ISO date-time). A JSON body is sent as `application/json` unless a Content-Type
 * header is set.
 */
export interface RuleResponse {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Milliseconds to wait before answering (0 to 60,000). */
  delayMs?: number;
}

export interface ResponseRule {
  /** Stable across edits: Traffic names the rule that answered by it. */
  id: string;
  /** What the rule is for, as the user wrote it ("no token → 401"). */
  name: string;
  /** The route as mounted: `GET` and `/todos/:id`. */
  method: string;
  path: string;
  /** A switched-off rule is kept and never applied. */
  enabled: boolean;
  /** All must hold (an empty list always matches). */
  when: RuleCondition[];
  /**
   * One response, or several: `sequence` answers them in turn (then again from the first), or
   * `random` picks one each time.
   */
  responses: RuleResponse[];
  order?: 'sequence' | 'random';
}

/** `mock-rules.json`. Rules are evaluated in file order; the first that matches answers. */
export interface RulesFile {
  rules: ResponseRule[];
}

/** A mistake in the rules: the JSON pointer of the value and, in a template, where it is. */
export interface RuleProblem {
  /** `/rules/2/when/0/value`. */
  pointer: string;
  message: string;
  /** In a body template: the 0-based offset of the placeholder. */
  offset?: number;
}

/** `GET /api/rules` and the answer of `PUT /api/rules`. */
export interface RulesState {
  /** Absolute path of the file (it may not exist yet). */
  file: string;
  rules: ResponseRule[];
  /** Ids of rules whose route the project no longer serves: kept, shown, not applied. */
  orphaned: string[];
  /**
   * The file as it is on disk does not load (a hand edit): these problems, and the last good
   * rules (`rules`) keep answering.
   */
  problems?: RuleProblem[];
}

/** `POST /api/rules/preview`: a body template filled in for a made-up request. */
export interface RulePreviewBody {
  template: string;
  /** Values for the request placeholders; missing ones render empty. */
  request?: {
    params?: Record<string, string>;
    query?: Record<string, string>;
    headers?: Record<string, string>;
    body?: unknown;
  };
}

export interface RulePreview {
  text: string;
}
