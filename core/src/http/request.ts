import type { IncomingMessage } from 'node:http';

import { formTypeOf } from './form-body.js';
import { formProblems } from './form-problems.js';
import type { HttpMethod } from './methods.js';
import type { ModelBody } from './record-types.js';

/** A class whose instances a request body can be bound to (`req.body(Todo)`). */
export type ModelClass<M = object> = abstract new (...args: never[]) => M;

/** Turns a parsed body into a validated model instance; supplied by the model layer. */
export type BodyBinder = (model: ModelClass, body: unknown, path: string) => unknown;

/**
 * The request a handler sees (spec §4.2, CONTRACT §6). The body is read and parsed before the
 * handler runs, so `req.body()` is synchronous as in the spec.
 */
export class Request {
  readonly method: HttpMethod | 'HEAD' | 'OPTIONS';
  /** The path without the query string, percent-decoded segments kept as sent. */
  readonly path: string;
  readonly raw: IncomingMessage;
  #params: Readonly<Record<string, string>>;
  #search: string;
  #query: URLSearchParams | undefined;
  #body: unknown;
  #binder: BodyBinder | undefined;

  constructor(init: {
    raw: IncomingMessage;
    method: HttpMethod | 'HEAD' | 'OPTIONS';
    path: string;
    search: string;
    params: Readonly<Record<string, string>>;
    body: unknown;
    binder?: BodyBinder | undefined;
  }) {
    this.raw = init.raw;
    this.method = init.method;
    this.path = init.path;
    this.#search = init.search;
    this.#params = init.params;
    this.#body = init.body;
    this.#binder = init.binder;
  }

  /** A path parameter (`/todos/:id` → `req.params('id')`), or all of them. */
  params(): Readonly<Record<string, string>>;
  params(name: string): string;
  params(name?: string): string | Readonly<Record<string, string>> {
    if (name === undefined) return this.#params;
    return this.#params[name] ?? '';
  }

  /** Whether the URL had a query string; lets hot paths skip parsing one that is not there. */
  get hasQuery(): boolean {
    return this.#search !== '';
  }

  /** The query string as sent, without `?` (`''` when there is none). */
  get queryString(): string {
    return this.#search;
  }

  /** A query parameter's first value, or the whole query. */
  query(): URLSearchParams;
  query(name: string): string | undefined;
  query(name?: string): string | undefined | URLSearchParams {
    this.#query ??= new URLSearchParams(this.#search);
    if (name === undefined) return this.#query;
    return this.#query.get(name) ?? undefined;
  }

  /** A request header, case-insensitive; repeated headers are joined with `, `. */
  header(name: string): string | undefined {
    const value = this.raw.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  /**
   * The parsed JSON body (`undefined` when none was sent); on a manual route, a form too
   * (issue 30): urlencoded as `FormFields`, multipart as a `MultipartBody` (form-types.ts).
   * Given a model class, the JSON body validated like a POST and bound to a new instance of it
   * (an invalid body answers 422; a form answers 415). Typed as what it holds (issue 18): a
   * `@BelongTo` as the parent's id, dates as ISO strings.
   */
  body(): unknown;
  body<M extends object>(model: ModelClass<M>): ModelBody<M>;
  body(model?: ModelClass): unknown {
    if (model === undefined) return this.#body;
    // A form's values are all strings: binding them would answer a 422 for every number or
    // boolean field, so a form is refused for what it is.
    const form = formTypeOf(this.#body);
    if (form !== undefined) throw formProblems.modelNeedsJson(form);
    if (!this.#binder) {
      throw new TypeError('req.body(Model) needs a project with models; none is loaded');
    }
    return this.#binder(model, this.#body, this.path);
  }
}
