/**
 * `GET /db` and `GET /` beside the generated REST (issue 42), as json-server 0.17 serves them:
 * `/db` is the whole database, `{ "posts": [...], "profile": {...} }`, and `/` a home page,
 * here an index of the routes as JSON (a frontend or a curl reads it; the studio is the page
 * for people). Both are generated routes, so a project's own route or a model on the same path
 * wins (CONTRACT §6).
 *
 * `/db` holds, for every `GET /name` route of one static segment, what it answers without a
 * query: a generated list is read from its store (bounded by {@link DB_RECORD_LIMIT}), a route
 * of the app (how an import serves json-server's singular resources, `GET /profile`) is asked
 * in-process, as a client's GET would ask it, and kept when it answers 200 with JSON.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';

import { DB_RECORD_LIMIT, homeIndex, resourceName } from '../app/home-index.js';
import type { ModelRuntime } from '../app/model-runtime.js';
import { problems } from '../errors.js';
import { Request } from '../http/request.js';
import { Response } from '../http/response.js';
import type { RouteTable } from '../http/route-table.js';
import type { RouteDefinition } from '../http/types.js';
import { recordPages } from '../persistence/store-reads.js';

export { DB_RECORD_LIMIT };

/** What a route of the app answers to a bare GET, or `undefined` unless it is 200 JSON. */
async function askRoute(route: RouteDefinition, path: string): Promise<unknown> {
  let sent: { status: number; type: string } | undefined;
  const chunks: Buffer[] = [];
  // A response that writes into memory: `Response` hands it its head and body, in one `end` or,
  // for a long array, page by page as a socket would take them.
  const sink = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
    }),
    { writeHead: () => sink, getHeaders: () => ({}), req: { method: 'GET' }, socket: null },
  ) as unknown as ServerResponse;
  const res = new Response(sink, {}, () => {
    sent = { status: res.statusCode, type: String(res.sentHeaders['content-type'] ?? '') };
  });
  const req = new Request({
    raw: { headers: {}, method: 'GET', url: path } as IncomingMessage,
    method: 'GET',
    path,
    search: '',
    params: {},
    body: undefined,
  });
  try {
    const returned = await route.handler(req, res);
    if (!res.sent) return returned;
    // A streamed answer tells `onSent` once its last page is written.
    while (sent === undefined) await new Promise((resolve) => setImmediate(resolve));
    if (sent.status !== 200 || !sent.type.includes('json')) return undefined;
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    // A route that needs what a bare in-process GET lacks (a header, the socket) is left out.
    return undefined;
  }
}

/** The whole database, or a 400 past `limit` records. */
async function database(
  table: RouteTable,
  runtimes: readonly ModelRuntime[],
  prefix: string,
  limit: number,
): Promise<Record<string, unknown>> {
  const db: Record<string, unknown> = {};
  let count = 0;
  for (const route of table.routes) {
    const name = resourceName(route, prefix);
    if (name === undefined) continue;
    if (route.origin === 'manual') {
      const answer = await askRoute(route, route.path);
      if (answer !== undefined) db[name] = answer;
      continue;
    }
    const runtime = runtimes.find((r) => r.schema.name === route.model);
    if (runtime === undefined) continue;
    const records: unknown[] = [];
    for await (const page of recordPages(runtime.store)) {
      count += page.length;
      if (count > limit) throw problems.databaseTooLarge(`${prefix}/db`, limit, route.path);
      records.push(...page);
    }
    db[name] = records;
  }
  return db;
}

/** The routes json-server answers at `/db` and `/`, for a project whose app calls `generateRest()`. */
export function homeRoutes(
  table: () => RouteTable,
  runtimes: readonly ModelRuntime[],
  prefix: string,
  limit = DB_RECORD_LIMIT,
): RouteDefinition[] {
  return [
    {
      method: 'GET',
      path: `${prefix}/db`,
      origin: 'generated',
      operation: 'database',
      handler: () => database(table(), runtimes, prefix, limit),
    },
    {
      method: 'GET',
      path: `${prefix}/`,
      origin: 'generated',
      operation: 'index',
      handler: () => homeIndex(table().routes, prefix),
    },
  ];
}
