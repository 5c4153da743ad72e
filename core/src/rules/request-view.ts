/**
 * One request as rules read it: a parameter, the first value of a query parameter, a header
 * (case-insensitive) or a JSON pointer into the body. Built only for a route that has rules,
 * and the query string is parsed only when a rule asks for it.
 */
import type { RuleRequest } from '../http/response-rules.js';
import { valueAt } from './json-pointer.js';

export class RequestView {
  readonly method: string;
  readonly #req: RuleRequest;
  #query: URLSearchParams | undefined;

  constructor(req: RuleRequest) {
    this.#req = req;
    this.method = req.method;
  }

  param(name: string): string | undefined {
    const params = this.#req.params;
    return Object.hasOwn(params, name) ? params[name] : undefined;
  }

  query(name: string): string | undefined {
    this.#query ??= new URLSearchParams(this.#req.search);
    return this.#query.get(name) ?? undefined;
  }

  /**
   * `name` lower-cased; a repeated header's values joined as RFC 9110 §5.3 allows. Own
   * properties only: Node's header object inherits `constructor`, `toString`, … from Object.
   */
  header(name: string): string | undefined {
    const headers = this.#req.headers;
    if (!Object.hasOwn(headers, name)) return undefined;
    const value = headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  /** The body's value at a pointer's tokens; `undefined` when absent (or no body was sent). */
  body(tokens: readonly string[]): unknown {
    return valueAt(this.#req.body, tokens);
  }
}

/** A body value as text: a string as it is, anything else as its JSON. */
export function bodyText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}
