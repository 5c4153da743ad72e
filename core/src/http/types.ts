/**
 * The handler contract of the spec (§4.2): `HttpRequestHandler.method(req, res)`, or a plain
 * function of the same shape. Types only, so every layer can import it.
 */
import type { Request } from './request.js';
import type { Response } from './response.js';

export { HTTP_METHODS, type HttpMethod } from './methods.js';
import type { HttpMethod } from './methods.js';

/** The spec's `HttpRequestHandler`: one method, sync or async. */
export interface HttpRequestHandler {
  method(req: Request, res: Response): unknown;
}

/** A plain function handler; a value it returns without answering is sent as JSON. */
export type HandlerFunction = (req: Request, res: Response) => unknown;

export type Handler = HttpRequestHandler | HandlerFunction;

/** Where a route came from: hand-mapped in `execute()` or made by `generateRest()`. */
export type RouteOrigin = 'manual' | 'generated';

/** One entry of the route table, as the CLI, OpenAPI and the studio list it. */
export interface RouteDefinition {
  readonly method: HttpMethod;
  readonly path: string;
  readonly handler: HandlerFunction;
  readonly origin: RouteOrigin;
  /** The model a generated route serves, by class name. */
  readonly model?: string;
  /** What the route does, for listings (`list`, `create`, `relation` …). */
  readonly operation?: string;
  /** A manual route's registration stack (raw, unmapped), for the studio's file and line. */
  readonly callSite?: string;
}
