/**
 * The studio's control API server (CONTRACT §8): its own loopback port, three gates on every
 * request (Host, then Origin, then for `/api` the Bearer token), JSON operations under `/api`,
 * and the built UI's static files everywhere else, without the token.
 */
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import {
  CONTROL_OPERATIONS,
  CONTROL_PREFIX,
  type ControlOperationName,
  type ControlOperations,
  EVENT_ID_HEADER,
} from '../contract/control-api.js';
import type { BodyRule } from '../contract/control-bodies.js';
import { ClientGoneError, problems, unrouted } from '../errors.js';
import { readJsonBody } from '../http/body.js';
import { DEFAULT_WRITE_STALL_MS } from '../http/json-stream.js';
import { answerProtocolErrors } from '../http/protocol-errors.js';
import { createRouter, type Router } from '../http/router.js';
import { hostAllowed, originAllowed, ownOrigins, tokenMatches } from './auth.js';
import { bodyRuleOf, gateBody } from './body-gate.js';
import type { ControlContext } from './control-context.js';
import { type ControlHandler, type ControlRoute, STREAMED } from './control-route.js';
import { causing, EventCause, eventIdHeader } from './event-cause.js';
import { CONTROL_ROUTES } from './operations.js';
import { asProblem, CONTROL_HEADERS, sendJson, sendProblem } from './respond.js';
import { resolveStatic, sendStatic, UI_HEADERS } from './static-files.js';
import { studioCsp } from './studio-csp.js';

/**
 * Imports carry many records: larger than the mock API's 1 MiB, still bounded. An operation
 * may set its own (`ControlRoute.bodyLimit`); `putProjectFile` reads its body itself, a file
 * streamed to disk (`ControlRoute.readsOwnBody`).
 */
export const CONTROL_BODY_LIMIT = 32 * 1024 * 1024;

export interface ControlServerOptions {
  /** Loopback only: the studio never listens elsewhere. */
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  logError?: (message: string, error: unknown) => void;
  /** Told of every operation that succeeded, after its answer was made (the terminal's log). */
  answered?: (answer: ControlAnswer) => void;
  /**
   * Issue 40: an answer its client has not read for this long closes its connection (default
   * `DEFAULT_WRITE_STALL_MS`, 30 s). The event stream is exempt: it waits for events, not reads.
   */
  writeStallMs?: number;
}

/** An operation that succeeded: what it was sent and what it answered, typed by the contract. */
export type ControlAnswer = {
  [K in ControlOperationName]: {
    readonly operation: K;
    readonly body: ControlOperations[K] extends { body: infer B } ? B : undefined;
    readonly result: ControlOperations[K]['answer'];
  };
}[ControlOperationName];

export interface RunningControlServer {
  readonly port: number;
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

interface ControlRouteEntry {
  readonly operation: ControlOperationName;
  readonly status: number;
  readonly bodyLimit: number;
  readonly readsOwnBody: boolean;
  /** Issue 43: the body's schema and the operation's own check, run before `handle`. */
  readonly body: BodyRule | undefined;
  readonly check: ControlRoute['check'];
  readonly handle: ControlHandler;
}

/** Operations that write records or the seed: they wait while a model edit runs (issue 24). */
const RECORD_WRITES: ReadonlySet<ControlOperationName> = new Set<ControlOperationName>([
  'createRecord',
  'replaceRecord',
  'patchRecord',
  'deleteRecord',
  'importRecords',
  'fakeRecords',
  'resetData',
  'saveSeed',
]);

/** Operations that read records: they wait only while a model edit changes a database's tables. */
const RECORD_READS: ReadonlySet<ControlOperationName> = new Set<ControlOperationName>([
  'listRecords',
  'getRecord',
  'deleteImpact',
  'sampleRecord',
  'exportRecords',
]);

async function gated<T>(ctx: ControlContext, call: () => T | Promise<T>): Promise<T> {
  const entered = ctx.writes.enter();
  const leave = typeof entered === 'function' ? entered : await entered;
  try {
    return await call();
  } finally {
    leave();
  }
}

function buildRouter(): Router<ControlRouteEntry> {
  const router = createRouter<ControlRouteEntry>();
  for (const [name, route] of Object.entries(CONTROL_ROUTES)) {
    const operation = name as ControlOperationName;
    const { method, path } = CONTROL_OPERATIONS[operation];
    router.add(method, `${CONTROL_PREFIX}${path}`, {
      operation,
      status: route.status ?? 200,
      bodyLimit: route.bodyLimit ?? CONTROL_BODY_LIMIT,
      readsOwnBody: route.readsOwnBody === true,
      body: bodyRuleOf(operation),
      check: route.check,
      handle: route.handle,
    });
  }
  router.seal();
  return router;
}

const UI_MISSING =
  'The studio UI is not built. Run `npm run build` in the decorest folder, then reload.\n';

export async function startControlServer(
  ctx: ControlContext,
  options: ControlServerOptions = {},
): Promise<RunningControlServer> {
  const host = options.host ?? '127.0.0.1';
  const router = buildRouter();
  const writeStallMs = options.writeStallMs ?? DEFAULT_WRITE_STALL_MS;
  const logError = options.logError ?? ((message, error) => console.error(message, error));
  let port = 0;
  let allowedOrigins = new Set<string>();
  const extraOrigins = new Set(ctx.extraOrigins.map((o) => o.toLowerCase()));

  const handleApi = async (
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    path: string,
    search: string,
    cors: Record<string, string>,
  ): Promise<void> => {
    // CORS preflights carry no Authorization: answered for the allowed extra origins only.
    if (method === 'OPTIONS' && cors['access-control-allow-origin'] !== undefined) {
      req.resume();
      res.writeHead(204, {
        ...cors,
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
        'access-control-allow-headers': 'Authorization, Content-Type, Last-Event-ID',
        'access-control-max-age': '600',
      });
      res.end();
      return;
    }
    if (!tokenMatches(ctx.token, req.headers.authorization)) {
      req.resume();
      return sendProblem(res, problems.unauthorized(), path, cors);
    }
    const match = router.match(method, path);
    if (match === null) {
      req.resume();
      const problem = unrouted(method, path, router.allowedMethods(path));
      return sendProblem(res, problem, path, cors);
    }
    let body: unknown;
    if (method === 'GET' || method === 'DELETE') req.resume();
    else if (!match.value.readsOwnBody) body = await readJsonBody(req, match.value.bodyLimit);
    if (match.value.body !== undefined) await gateBody(match.value.body, body, match.value.check);
    // A streamed answer (the event stream) writes its own head: give it the CORS headers too.
    for (const [name, value] of Object.entries(cors)) res.setHeader(name, value);
    // Issue 43: the events the handler causes are noted, for the answer to name them.
    const cause = new EventCause();
    const call = () =>
      causing(cause, () =>
        match.value.handle({
          params: match.params,
          query: new URLSearchParams(search),
          body,
          req,
          res,
          ctx,
        }),
      );
    // Issue 24: a record write waits while a model edit holds the writes, as the mock API's do.
    if (ctx.writes.readsHeld && RECORD_READS.has(match.value.operation)) await ctx.writes.opened();
    let result: unknown;
    let caused: readonly number[] = [];
    try {
      result = RECORD_WRITES.has(match.value.operation) ? await gated(ctx, call) : await call();
    } finally {
      caused = cause.close();
    }
    if (result === STREAMED) return;
    const headers =
      caused.length === 0 ? cors : { ...cors, [EVENT_ID_HEADER]: eventIdHeader(caused) };
    sendJson(res, match.value.status, result, headers, writeStallMs);
    // The handler kept its side of the contract: its body was checked, its answer is typed.
    options.answered?.({ operation: match.value.operation, body, result } as ControlAnswer);
  };

  const handleUi = async (
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    path: string,
  ): Promise<void> => {
    req.resume();
    const mockUrl = ctx.server.status().url;
    const headers = {
      ...UI_HEADERS,
      'content-security-policy': studioCsp({ apiOrigin: mockUrl }),
    };
    if (method !== 'GET' && method !== 'HEAD') {
      return sendProblem(res, problems.methodNotAllowed(method, path, ['GET', 'HEAD']), path);
    }
    if (ctx.staticDir === undefined || !existsSync(ctx.staticDir)) {
      res.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
      res.end(method === 'HEAD' ? undefined : UI_MISSING);
      return;
    }
    const answer = await resolveStatic(ctx.staticDir, path);
    if (answer.kind === 'refused') {
      const problem =
        answer.status === 404
          ? problems.notFound(`no file ${path} in the studio UI`)
          : answer.status === 403
            ? problems.forbidden(`${path}: ${answer.reason}`)
            : problems.badRequest(`${path}: ${answer.reason}`);
      return sendProblem(res, problem, path, headers);
    }
    sendStatic(res, answer, method === 'HEAD', headers['content-security-policy']);
  };

  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const search = q === -1 ? '' : url.slice(q + 1);
    const method = (req.method ?? 'GET').toUpperCase();
    // Gate 1, DNS rebinding: only this machine's names with this port.
    if (!hostAllowed(req.headers.host, port)) {
      req.resume();
      return sendProblem(
        res,
        problems.forbidden('the Host header does not name this studio'),
        path,
      );
    }
    // Gate 2, cross-site requests: only pages of this studio (or the desktop shell).
    const origin = req.headers.origin;
    const extra = origin !== undefined && extraOrigins.has(origin.toLowerCase());
    if (!extra && !originAllowed(origin, allowedOrigins)) {
      req.resume();
      return sendProblem(res, problems.forbidden(`requests from ${origin} are not allowed`), path);
    }
    // An allowed extra origin (the desktop shell's page) reads the answer's Event-Id too.
    const cors: Record<string, string> = extra
      ? {
          'access-control-allow-origin': origin,
          'access-control-expose-headers': EVENT_ID_HEADER,
          vary: 'Origin',
        }
      : {};
    const isApi = path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`);
    const work = isApi
      ? handleApi(req, res, method, path, search, cors)
      : handleUi(req, res, method, path);
    work.catch((error: unknown) => {
      if (error instanceof ClientGoneError) return;
      sendProblem(
        res,
        asProblem(error, (e) => logError(`control ${method} ${path} failed`, e)),
        path,
        cors,
      );
    });
  });
  // Requests Node's parser rejects (a raw byte in the path, a bad header) get a problem too,
  // written as the mock API's are (issue 7), with the control API's headers instead of CORS.
  answerProtocolErrors(server, CONTROL_HEADERS);
  server.headersTimeout = 20_000;
  server.requestTimeout = 120_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  allowedOrigins = ownOrigins(port);

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        ctx.hub.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
