import type { IncomingMessage, ServerResponse } from 'node:http';

import { ClientGoneError, HttpProblem, problems, unrouted } from '../errors.js';
import { answerProblem } from './answer-problem.js';
import type { ActiveBehaviour } from './behaviour.js';
import { delay } from './behaviour.js';
import { readJsonBody } from './body.js';
import { CORS_HEADERS, preflightHeaders } from './cors.js';
import { readFormBody } from './form-body.js';
import { proxyExchange } from './proxy.js';
import { Request } from './request.js';
import { Response } from './response.js';
import type { RuleAnswer, RulesSource } from './response-rules.js';
import type { RouteTable } from './route-table.js';
import { ExchangeCapture, type TrafficBus } from './traffic.js';
import type { HttpMethod } from './types.js';
import type { WriteGate } from './write-gate.js';

/** Where the server reports handler failures; the stack goes here, never into a body. */
export interface ServerLogger {
  error(message: string, error?: unknown): void;
}

/** A request in flight, watched for the handler timeout. */
export interface PendingExchange {
  readonly startedAt: number;
  readonly method: string;
  readonly path: string;
  readonly res: Response;
}

export interface DispatchContext {
  table(): RouteTable;
  readonly bodyLimit: number;
  readonly traffic: TrafficBus;
  readonly logger: ServerLogger;
  readonly pending: Set<PendingExchange>;
  /** Issue 16: simulated latency, failures and the proxy; `current` is undefined when unset. */
  readonly behaviour?: { readonly current: ActiveBehaviour | undefined };
  /** Issue 29: response rules; `current` is undefined while no rule applies. */
  readonly rules?: RulesSource;
  /** Issue 24: held by a model edit; writes wait at it (the studio sets one). */
  readonly writes?: WriteGate;
  /** Issue 40: how long an answer waits for its client to read (`ServerOptions.writeStallMs`). */
  readonly writeStallMs?: number;
}

function toProblem(error: unknown, ctx: DispatchContext, req: IncomingMessage): HttpProblem {
  if (error instanceof HttpProblem) return error;
  ctx.logger.error(`${req.method ?? '?'} ${req.url ?? '?'} failed`, error);
  return problems.internal();
}

/** What a preflight allows while a proxy is set: a method no route mocks is forwarded. */
const PROXIED_METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Methods that wait for a model edit only when it changes a database (issue 24, 26). */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A method a preflight may ask for: an HTTP token of letters (it goes back in a header). */
const METHOD_TOKEN = /^[A-Za-z]{1,20}$/;

/**
 * Answers one request. With a write gate (the studio), a write waits while a model edit holds
 * it, and the route table is read only once it is let in, so it meets the edited model; a
 * read waits only for an edit of a database's tables.
 */
export function dispatch(
  ctx: DispatchContext,
  rawReq: IncomingMessage,
  rawRes: ServerResponse,
): Promise<void> {
  const gate = ctx.writes;
  if (gate === undefined) return answer(ctx, rawReq, rawRes);
  if (READS.has((rawReq.method ?? 'GET').toUpperCase())) {
    // Issue 26: a database edit holds reads too, until the new version serves.
    if (!gate.readsHeld) return answer(ctx, rawReq, rawRes);
    return gate.opened().then(
      () => answer(ctx, rawReq, rawRes),
      (problem: unknown) => refuse(ctx, rawReq, rawRes, problem),
    );
  }
  const entered = gate.enter();
  if (typeof entered === 'function') return answer(ctx, rawReq, rawRes).finally(entered);
  return entered.then(
    (leave) => answer(ctx, rawReq, rawRes).finally(leave),
    (problem: unknown) => refuse(ctx, rawReq, rawRes, problem),
  );
}

/** A request the gate did not let in before its deadline: the 503 problem. */
function refuse(
  ctx: DispatchContext,
  rawReq: IncomingMessage,
  rawRes: ServerResponse,
  problem: unknown,
): void {
  rawReq.resume();
  const path = (rawReq.url ?? '/').split('?')[0]!;
  answerProblem(
    new Response(rawRes, CORS_HEADERS, () => {}, ctx.writeStallMs),
    toProblem(problem, ctx, rawReq),
    path,
  );
}

/**
 * Answers one request against the current route table: CORS preflight, HEAD as GET, 404/405,
 * body parsing, the handler, and every failure as a problem.
 */
async function answer(
  ctx: DispatchContext,
  rawReq: IncomingMessage,
  rawRes: ServerResponse,
): Promise<void> {
  const startedAt = performance.now();
  const time = Date.now();
  const url = rawReq.url ?? '/';
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const search = q === -1 ? '' : url.slice(q + 1);
  const method = (rawReq.method ?? 'GET').toUpperCase();
  const table = ctx.table();
  // Issue 16: one check on the hot path; everything else only when some behaviour is set.
  const shaped = ctx.behaviour?.current;
  let tag: 'simulated' | 'proxied' | undefined;
  let rule: RuleAnswer['rule'] | undefined;
  let requestBytes = 0;
  // Issue 12: headers and bodies only while the studio listens; one boolean test otherwise.
  const captured = ctx.traffic.capturing ? new ExchangeCapture(rawReq) : undefined;

  const res = new Response(
    rawRes,
    CORS_HEADERS,
    () => {
      if (!ctx.traffic.hasListeners) return;
      ctx.traffic.publish({
        seq: ctx.traffic.nextSeq(),
        time,
        method,
        url,
        status: res.statusCode,
        durationMs: performance.now() - startedAt,
        requestBytes,
        responseBytes: res.bodyBytes,
        // Plain properties, possibly undefined: spreading optional ones builds two more objects
        // per request.
        capture: captured?.answered(res.sentHeaders, res.sentBody, res.headersSetOnRaw),
        tag,
        rule,
      });
    },
    ctx.writeStallMs,
  );
  // Issue 16, off the hot path: no route for this request and a proxy set.
  const proxied = (active: ActiveBehaviour): Promise<void> =>
    proxyExchange(
      ctx.traffic,
      active,
      rawReq,
      rawRes,
      res,
      { time, startedAt, method, url, path, captured },
      (t) => {
        tag = t;
      },
    );

  // RFC 9112 §3.2: an HTTP/1.1 request without Host is a 400.
  if (rawReq.httpVersionMinor === 1 && rawReq.headers.host === undefined) {
    rawReq.resume();
    return answerProblem(res, problems.malformedRequest('no Host header'), path);
  }

  if (method === 'OPTIONS') {
    rawReq.resume();
    // A browser's preflight is answered here even for a proxied path (issue 23): a backend
    // that speaks no CORS would otherwise make every proxied call fail in the page, and any
    // method may be forwarded, so every method is allowed.
    const requested = rawReq.headers['access-control-request-method'];
    const preflight = requested !== undefined;
    let allowed = shaped?.proxy && preflight ? PROXIED_METHODS : table.allowedMethods(path);
    // As json-server's CORS does: a browser's preflight is allowed whatever the route table
    // says, so the request itself goes out and gets its real answer (a 404, a 405 naming what
    // the path takes), CORS headers and all, where the page would see only "CORS error".
    if (preflight && METHOD_TOKEN.test(requested)) {
      const method = requested.toUpperCase();
      if (!allowed.includes(method)) allowed = [...allowed, method];
    }
    if (allowed.length === 0) {
      if (shaped?.proxy) return proxied(shaped);
      return answerProblem(res, problems.routeNotFound(method, path), path);
    }
    for (const [k, v] of Object.entries(
      preflightHeaders(allowed, rawReq.headers['access-control-request-headers']),
    )) {
      res.header(k, v);
    }
    res.status(204).send();
    return;
  }

  const match = table.match(method === 'HEAD' ? 'GET' : method, path);
  if (match === null && shaped?.proxy) return proxied(shaped);
  if (match === null) {
    rawReq.resume();
    const allowed = table.allowedMethods(path);
    // HEAD is answered wherever GET is.
    const withHead = allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
    return answerProblem(res, unrouted(method, path, withHead), path);
  }

  if (shaped !== undefined) {
    const effect = shaped.effect(match.value);
    if (effect !== undefined) {
      tag = 'simulated';
      if (effect.delayMs > 0) await delay(effect.delayMs);
      if (effect.failStatus !== undefined) {
        rawReq.resume();
        return answerProblem(res, problems.simulatedFailure(effect.failStatus, method, path), path);
      }
    }
  }

  let pending: PendingExchange | undefined;
  try {
    let body: unknown;
    if (method === 'GET' || method === 'HEAD') rawReq.resume();
    else {
      // Issue 30: a manual route also reads forms; a generated one keeps JSON only (CONTRACT §2).
      body = await readJsonBody(
        rawReq,
        ctx.bodyLimit,
        match.value.origin === 'manual' ? readFormBody : undefined,
      );
      requestBytes = Number(rawReq.headers['content-length'] ?? 0);
    }
    // Issue 29: a rule answers in the route's place, once the body it may read is parsed (a
    // malformed one was a 400 above). Before the handler timeout starts: a rule's delay is
    // what the user asked for, not a stuck handler.
    const ruled = ctx.rules?.current?.forRoute(match.value);
    if (ruled !== undefined) {
      const hit = ruled.answer({
        method,
        params: match.params,
        search,
        headers: rawReq.headers,
        body,
      });
      if (hit !== undefined) {
        rule = hit.rule;
        if (hit.delayMs > 0) await delay(hit.delayMs);
        res.status(hit.status);
        for (const name in hit.headers) res.header(name, hit.headers[name]!);
        res.send(hit.body);
        return;
      }
    }
    // Issue 7: the handler timeout starts once the body is in. A client trickling its body (slow
    // loris) is the client's delay: Node's requestTimeout cuts it with a 408, not a 504.
    pending = { startedAt: performance.now(), method, path, res };
    ctx.pending.add(pending);
    const req = new Request({
      raw: rawReq,
      method: method as HttpMethod | 'HEAD',
      path,
      search,
      params: match.params,
      body,
      binder: table.binder,
    });
    const returned = await match.value.handler(req, res);
    if (!res.sent && returned !== undefined) res.json(returned);
  } catch (error) {
    // A client that left mid-body has no socket to answer on: nothing to send, nothing to log.
    if (error instanceof ClientGoneError) return;
    answerProblem(res, toProblem(error, ctx, rawReq), path);
  } finally {
    // A handler may answer later (a callback); the timeout sweep watches those.
    if (pending && res.sent) ctx.pending.delete(pending);
  }
}
