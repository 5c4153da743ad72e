/**
 * The shape of one control operation's server side: the call a handler gets and the route
 * entry that ties it to its line of the contract. Its own module, so the operation tables
 * (records, data, model edits) and the table that gathers them import it without a cycle.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { ControlOperationName } from '../contract/control-api.js';
import type { BodyFinding } from '../validation/body-check.js';
import type { ControlContext } from './control-context.js';

export interface ControlCall {
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly body: unknown;
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly ctx: ControlContext;
}

/** A handler's answer: a value sent as JSON, or {@link STREAMED} when it wrote `res` itself. */
export type ControlHandler = (call: ControlCall) => unknown;

export const STREAMED = Symbol('streamed');

/** One operation's server side; its method and path are its line of `CONTROL_OPERATIONS`. */
export type ControlRoute = {
  /** 200 unless set (201 for a created record). */
  readonly status?: number;
  /**
   * The largest JSON body this operation reads, when it is not the server's
   * `CONTROL_BODY_LIMIT`.
   */
  readonly bodyLimit?: number;
  /**
   * The handler reads `req` itself (`putProjectFile` streams a file to disk, issue 40): the
   * server parses no JSON body for it.
   */
  readonly readsOwnBody?: true;
  /**
   * Issue 43: what the body's schema (its line of `CONTROL_BODIES`) cannot say: a path outside
   * the collection, a folder that is not absolute. Asked when the schema refused the body, so
   * the 422 names every problem at once; a body the schema passed meets the same check in the
   * handler, as the operation's other callers (a file, the desktop shell) do.
   */
  readonly check?: (body: unknown) => readonly BodyFinding[] | Promise<readonly BodyFinding[]>;
  readonly handle: ControlHandler;
};

export type ControlRoutes = { readonly [K in ControlOperationName]: ControlRoute };
