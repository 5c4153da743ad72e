/** A mock API server over hand-made routes, for the http layer's tests. */
import { type RunningServer, type ServerOptions, startServer } from '../http/node-server.js';
import { buildRouteTable } from '../http/route-table.js';
import type { HandlerFunction, HttpMethod, RouteDefinition } from '../http/types.js';

/** A manual route, as an application's `get`/`post`/… registers one. */
export const manualRoute = (
  method: HttpMethod,
  path: string,
  handler: HandlerFunction,
): RouteDefinition => ({ method, path, handler, origin: 'manual' });

/** Serves `routes` on a free loopback port. */
export function serveRoutes(
  routes: RouteDefinition[],
  options: Omit<ServerOptions, 'port' | 'table'> = {},
): Promise<RunningServer> {
  return startServer({ port: 0, table: buildRouteTable(routes, []), ...options });
}
