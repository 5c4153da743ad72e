/**
 * Proxy what is not mocked (issue 16): a request no route matches is forwarded to the real
 * backend, method, path, query, headers and body as sent, both bodies streamed (nothing is
 * buffered, so an upload or a long download passes through). No answer: a 502 problem; no
 * answer in time: a 504 problem. Once the upstream's head was sent, a failure can only cut
 * the connection.
 */
import {
  type IncomingHttpHeaders,
  type IncomingMessage,
  request,
  type ServerResponse,
} from 'node:http';
import type * as Https from 'node:https';

import { type HttpProblem, problems } from '../errors.js';
import { requireCjs } from '../require-cjs.js';
import { answerProblem } from './answer-problem.js';
import type { ActiveBehaviour, ProxyTarget } from './behaviour.js';
import { CORS_HEADERS } from './cors.js';
import type { Exchange } from './exchange.js';
import type { ProxyRecorder } from './proxy-recorder.js';
import { applyEffect } from './simulate.js';
import { CAPTURE_BODY_LIMIT } from './traffic.js';

/** RFC 9110 §7.6.1: meant for one connection, never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'upgrade',
]);

function forwardedHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const named = String(headers.connection ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase());
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || named.includes(name)) continue;
    out[name] = value;
  }
  return out;
}

/**
 * The mock API's CORS headers on a forwarded answer (issue 23), so a page on another port reads
 * it as it reads a mocked one. A backend that states its own CORS policy keeps it.
 */
function withCors(headers: Record<string, string | string[]>): Record<string, string | string[]> {
  if ('access-control-allow-origin' in headers) return headers;
  return { ...headers, ...CORS_HEADERS };
}

export interface ProxyOutcome {
  /** The status the client got (the upstream's, or the problem's). */
  readonly status: number;
  readonly requestBytes: number;
  readonly responseBytes: number;
  /** The first {@link CAPTURE_BODY_LIMIT} bytes of the answer, for the traffic view. */
  readonly responseHead: readonly Buffer[];
  /** The head sent to the client (the upstream's, with CORS), none when it never answered. */
  readonly responseHeaders: Readonly<Record<string, string | string[]>>;
}

/**
 * Forwards `req` to `target` and streams the answer to `res`. `fail` answers a problem while
 * nothing was sent yet; `done` runs once the exchange ended either way. With a `recorder`
 * (issue 46), an answer that ends cleanly is handed to it too.
 */
export function forward(
  target: ProxyTarget,
  url: string,
  req: IncomingMessage,
  res: ServerResponse,
  fail: (problem: HttpProblem) => void,
  done: (outcome: ProxyOutcome) => void,
  recorder?: ProxyRecorder,
  time = Date.now(),
): void {
  const base = target.url;
  const headers = forwardedHeaders(req.headers);
  headers['host'] = base.host;
  // `node:https` (and TLS) only for an https backend: loading it cost ~5 ms of every start.
  const send =
    base.protocol === 'https:' ? (requireCjs('node:https') as typeof Https).request : request;
  const upstream = send({
    protocol: base.protocol,
    hostname: base.hostname.replace(/^\[|\]$/g, ''),
    port: base.port,
    method: req.method,
    path: `${base.pathname.replace(/\/+$/, '')}${url}`,
    headers,
  });
  let requestBytes = 0;
  let responseBytes = 0;
  const responseHead: Buffer[] = [];
  let responseHeaders: Readonly<Record<string, string | string[]>> = {};
  let finished = false;
  let timedOut = false;
  const end = (status: number): void => {
    if (finished) return;
    finished = true;
    done({ status, requestBytes, responseBytes, responseHead, responseHeaders });
  };
  const failWith = (problem: HttpProblem): void => {
    req.resume();
    if (!res.headersSent) {
      fail(problem);
      end(problem.status);
    } else {
      res.destroy();
      end(res.statusCode);
    }
  };

  upstream.setTimeout(target.timeoutMs, () => {
    timedOut = true;
    upstream.destroy();
  });
  upstream.on('error', (error: NodeJS.ErrnoException) => {
    if (timedOut) failWith(problems.proxyTimeout(base.origin, target.timeoutMs));
    else failWith(problems.proxyFailed(base.origin, error.code ?? error.message));
  });
  upstream.on('response', (answer) => {
    responseHeaders = withCors(forwardedHeaders(answer.headers));
    res.writeHead(answer.statusCode ?? 502, responseHeaders);
    // Issue 46: the chunks a recording holds (references to what passed, never copies).
    let held: Buffer[] | undefined = recorder ? [] : undefined;
    let heldBytes = 0;
    answer.on('data', (chunk: Buffer) => {
      // Kept for the traffic view (a "save as record" of a proxied answer needs its body).
      const room = CAPTURE_BODY_LIMIT - Math.min(responseBytes, CAPTURE_BODY_LIMIT);
      if (room > 0) responseHead.push(chunk.subarray(0, room));
      responseBytes += chunk.length;
      if (held === undefined) return;
      if (recorder!.hold(chunk.length, heldBytes)) {
        held.push(chunk);
        heldBytes += chunk.length;
      } else {
        // Past the recording's bounds: streamed on, not kept, its size still counted.
        held = undefined;
        recorder!.release(heldBytes);
        heldBytes = 0;
      }
    });
    // Recorded as the answer ends, before `pipe` ends the client's response (this listener runs
    // first): a chunked answer reaches its end at the client only once it is recorded.
    if (recorder)
      answer.on('end', () => {
        recorder.record({
          time,
          method: req.method ?? 'GET',
          url,
          requestHeaders: req.headers,
          status: answer.statusCode ?? 502,
          headers: answer.headers,
          body: held,
          bytes: responseBytes,
        });
        recorder.release(heldBytes);
        heldBytes = 0;
      });
    answer.pipe(res);
    answer.on('end', () => end(answer.statusCode ?? 502));
    answer.on('error', () => {
      res.destroy();
      recorder?.release(heldBytes);
      heldBytes = 0;
      end(answer.statusCode ?? 502);
    });
  });
  // The client left: stop the upstream exchange too.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.on('data', (chunk: Buffer) => {
    requestBytes += chunk.length;
  });
  req.pipe(upstream);
}

/**
 * The request path's proxy step (issue 16): a request no route matches goes to the proxy, after
 * the global delay or failure rule if one is set. A problem (502, 504, simulated) goes through
 * `ex.res` and its traffic report; a streamed answer is reported here, tagged `proxied`.
 */
export async function proxyExchange(ex: Exchange, active: ActiveBehaviour): Promise<void> {
  const { method, path, res, captured } = ex;
  const { traffic } = ex.ctx;
  // Issue 46: read once, as the behaviour is: a recording switched on mid-request starts with
  // the next one.
  const recorder = ex.ctx.recorder?.current;
  ex.tag = 'proxied';
  const effect = active.effect(undefined);
  if (effect !== undefined && (await applyEffect(ex, effect))) return;
  await new Promise<void>((resolve) => {
    forward(
      active.proxy as ProxyTarget,
      ex.url,
      ex.rawReq,
      ex.rawRes,
      (problem) => answerProblem(res, problem, path),
      (outcome) => {
        resolve();
        if (res.sent || !traffic.hasListeners) return;
        traffic.publish({
          seq: traffic.nextSeq(),
          time: ex.time,
          method,
          url: ex.url,
          status: outcome.status,
          durationMs: performance.now() - ex.startedAt,
          requestBytes: outcome.requestBytes,
          responseBytes: outcome.responseBytes,
          ...(captured
            ? {
                capture: captured.answered(
                  outcome.responseHeaders,
                  Buffer.concat(outcome.responseHead),
                ),
              }
            : {}),
          tag: 'proxied',
        });
      },
      recorder,
      ex.time,
    );
  });
}
