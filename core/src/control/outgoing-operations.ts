/**
 * Issue 30 ("remote hosts"): `POST /api/outgoing`, a Console request the core sends for the
 * token holder (core/src/requests/send-outgoing.ts does the sending). Each exchange that went
 * out is published to the studio's Traffic as an exchange tagged `outgoing`, numbered by the
 * mock API's own `seq` counter, with its full URL; one that got no answer shows the 502 or
 * 504 the caller got. The caller closing its connection (the page aborted its fetch) aborts
 * the outgoing request.
 */
import type { OutgoingResponse } from '../contract/outgoing-api.js';
import { ClientGoneError, HttpProblem } from '../errors.js';
import { CAPTURE_BODY_LIMIT, type TrafficEvent } from '../http/traffic.js';
import { checkOutgoingRequest, sendOutgoing, type SentRequest } from '../requests/send-outgoing.js';
import type { ControlContext } from './control-context.js';
import type { ControlRoutes } from './control-route.js';

/** What sending needs of the studio: the desktop shell's main process calls it without HTTP. */
export type OutgoingHost = Pick<ControlContext, 'hub' | 'nextTrafficSeq' | 'projectStatus'> & {
  readonly server: Pick<ControlContext['server'], 'status'>;
};

/** Whether `url` is on the studio's own mock API, whose Traffic already logs it. */
function onMockApi(url: string, host: OutgoingHost): boolean {
  const mock = host.server.status().url;
  if (mock === null) return false;
  try {
    return new URL(url).origin === new URL(mock).origin;
  } catch {
    return false;
  }
}

/** Headers as the traffic view shows them: names lower case, repeats joined with ", ". */
function headerRecord(pairs: readonly (readonly [string, string])[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of pairs) {
    const key = name.toLowerCase();
    out[key] = out[key] === undefined ? value : `${out[key]}, ${value}`;
  }
  return out;
}

/** The first bytes the traffic capture keeps (a multipart body's files are not read past them). */
async function firstBytes(body: Blob | undefined): Promise<Buffer[]> {
  if (body === undefined || body.size === 0) return [];
  return [Buffer.from(await body.slice(0, CAPTURE_BODY_LIMIT).arrayBuffer())];
}

function responseBytes(answer: OutgoingResponse): Buffer {
  const kept =
    answer.bodyEncoding === 'base64'
      ? Buffer.from(answer.body, 'base64')
      : Buffer.from(answer.body.slice(0, CAPTURE_BODY_LIMIT), 'utf8');
  return Buffer.from(kept.subarray(0, CAPTURE_BODY_LIMIT));
}

/**
 * Checks `body`, sends it and publishes the exchange. Rejects with a problem, or with the
 * signal's reason once `signal` aborted.
 */
export async function sendAndRecord(
  host: OutgoingHost,
  body: unknown,
  signal?: AbortSignal,
): Promise<OutgoingResponse> {
  const request = checkOutgoingRequest(body);
  const projectDir = (await host.projectStatus()).root;
  let sent: SentRequest | undefined;
  const time = Date.now();
  const started = performance.now();
  const publish = async (
    status: number,
    headers: Record<string, string>,
    responseBody: Buffer,
    size: number,
  ): Promise<void> => {
    // A request to the mock API (a file part, a header test) shows once, as the mock API's.
    if (sent === undefined || onMockApi(sent.url, host)) return;
    const durationMs = performance.now() - started;
    const bytes = sent.body?.size ?? 0;
    let requestBody: Buffer[];
    try {
      requestBody = await firstBytes(sent.body);
    } catch {
      // A file part changed or vanished since it was sent: the log shows no body, the caller
      // still gets its answer.
      requestBody = [];
    }
    const event: TrafficEvent = {
      // Taken when the exchange ends, as the mock API's are: the log stays in seq order.
      seq: host.nextTrafficSeq(),
      time,
      method: sent.method,
      url: sent.url,
      status,
      durationMs,
      requestBytes: bytes,
      responseBytes: size,
      tag: 'outgoing',
      capture: {
        requestHeaders: headerRecord(sent.headers),
        requestBody,
        requestBodyBytes: bytes,
        responseHeaders: headers,
        responseBody,
      },
    };
    host.hub.publishTraffic(event);
  };
  try {
    const answer = await sendOutgoing(request, {
      projectDir,
      ...(signal ? { signal } : {}),
      onSend: (request) => (sent = request),
    });
    await publish(answer.status, headerRecord(answer.headers), responseBytes(answer), answer.size);
    return answer;
  } catch (error) {
    // A request that went out and got no answer (502, 504) is traffic too, with what the
    // caller was told; one refused before sending (400, 413, 422) or aborted is not.
    if (error instanceof HttpProblem && !signal?.aborted) {
      const doc = Buffer.from(JSON.stringify(error.toDocument('/api/outgoing')));
      await publish(error.status, { 'content-type': 'application/problem+json' }, doc, doc.length);
    }
    throw error;
  }
}

export const OUTGOING_ROUTES: Pick<ControlRoutes, 'sendOutgoing'> = {
  sendOutgoing: {
    handle: async ({ ctx, req, res, body }) => {
      const gone = new AbortController();
      // The caller's fetch aborted: its connection closes before the answer is written.
      const onClose = (): void => {
        if (!res.writableEnded) gone.abort(new ClientGoneError('the caller closed the connection'));
      };
      if (res.destroyed || req.socket.destroyed) onClose();
      else res.once('close', onClose);
      try {
        return await sendAndRecord(ctx, body, gone.signal);
      } catch (error) {
        // Nobody is left to read a problem: the server drops a ClientGoneError silently.
        if (gone.signal.aborted) throw new ClientGoneError('the caller closed the connection');
        throw error;
      } finally {
        res.off('close', onClose);
      }
    },
  },
};
