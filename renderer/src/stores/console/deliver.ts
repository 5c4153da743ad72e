/**
 * Issue 30: how the Console's request goes out. From the page when the page can do all of it
 * (a request to the mock API, which answers CORS, with no file to read and no header to check
 * beyond what CORS exposes); through the studio otherwise (`sendOutgoing`: a remote host that
 * does not answer CORS, a file part read from the project, a header assertion that needs every
 * header). The studio's send is marked "outgoing" in Traffic when it leaves the mock API.
 */
import {
  client,
  ControlError,
  headerOfSource,
  type MultipartField,
  outgoingOf,
  type OutgoingRequest,
  type OutgoingResponse,
  type RequestAssertion,
  type RequestAuth,
  type RequestBody,
  type RequestBodyKind,
} from '../../api';
import type { Row } from './console-method';
import type { ConsoleResponse } from './console-state';
import { mockPathOf, resolveUrl, unreachable } from './request-text';

/** A request with its variables filled, as the Console holds it. */
export interface FilledParts {
  method: string;
  url: string;
  pathParams: readonly Row[];
  headers: readonly Row[];
  bodyKind: RequestBodyKind;
  body: string;
  formFields: readonly Row[];
  multipartFields: readonly MultipartField[];
  auth: RequestAuth;
  assertions: readonly RequestAssertion[];
  /** Issue 47: what the answer saves (`set`): a header's value needs the studio's way. */
  set?: Readonly<Record<string, string>>;
}

export interface Plan {
  method: string;
  target: string;
  /** Path and query when the target is the mock API. */
  mockPath: string | null;
  headers: [string, string][];
  body: RequestBody;
  via: 'page' | 'studio';
}

/**
 * What goes out and which way; throws an Error saying why it cannot. The headers and the body
 * are the contract's (`outgoingOf`, shared with `decorest run`); the way is the page's choice.
 */
export function planRequest(p: FilledParts, mockUrl: string | null): Plan {
  const target = resolveUrl(p.url, [...p.pathParams], mockUrl);
  const { headers, body } = outgoingOf(p);
  const mockPath = mockPathOf(target, mockUrl);
  const needsStudio =
    mockPath === null ||
    (body.kind === 'multipart' && body.fields.some((f) => f.kind === 'file')) ||
    p.assertions.some((a) => a.kind.startsWith('header-')) ||
    // Issue 47: a value saved from a header needs every header, as a header test does.
    Object.values(p.set ?? {}).some((source) => headerOfSource(source) !== undefined);
  return {
    method: p.method,
    target,
    mockPath,
    headers,
    body,
    via: needsStudio ? 'studio' : 'page',
  };
}

function pageBody(body: RequestBody): BodyInit | undefined {
  switch (body.kind) {
    case 'none':
      return undefined;
    case 'json':
    case 'text':
      return body.text;
    case 'form-urlencoded':
      return new URLSearchParams(body.fields.map((f) => [f.name, f.value]));
    case 'multipart': {
      const form = new FormData();
      for (const f of body.fields) if (f.kind === 'text') form.append(f.name, f.value);
      return form;
    }
  }
}

function answerOf(
  plan: Plan,
  sentAt: number,
  r: Omit<ConsoleResponse, 'method' | 'mockPath' | 'sentAt' | 'contentType'>,
): ConsoleResponse {
  const contentType = r.headers.find(([n]) => n.toLowerCase() === 'content-type')?.[1] ?? '';
  return { ...r, method: plan.method, mockPath: plan.mockPath, sentAt, contentType };
}

async function fromPage(plan: Plan, signal: AbortSignal, mockUrl: string | null) {
  const sentAt = Date.now();
  const started = performance.now();
  let answer: Response;
  let bytes: Uint8Array;
  try {
    answer = await fetch(plan.target, {
      method: plan.method,
      headers: plan.headers,
      body: pageBody(plan.body),
      signal,
    });
    bytes = new Uint8Array(await answer.arrayBuffer());
  } catch (error) {
    if (signal.aborted) throw error;
    // The mock API allows any preflight (a 404 or 405 reaches the page as itself), so a
    // failure here means it is down.
    throw new Error(unreachable(plan.target, mockUrl));
  }
  return answerOf(plan, sentAt, {
    status: answer.status,
    statusText: answer.statusText,
    timeMs: Math.round(performance.now() - started),
    size: bytes.byteLength,
    headers: [...answer.headers],
    body: new TextDecoder().decode(bytes),
  });
}

/**
 * The desktop app sends through its main process (the preload's bridge); the browser studio
 * through the control API, which only the token holder may call.
 */
type OutgoingSender = (request: OutgoingRequest, signal: AbortSignal) => Promise<OutgoingResponse>;
let viaBridge: OutgoingSender | null = null;
export function setOutgoingBridge(sender: OutgoingSender | null): void {
  viaBridge = sender;
}

async function fromStudio(plan: Plan, signal: AbortSignal, mockUrl: string | null) {
  const sentAt = Date.now();
  const request: OutgoingRequest = {
    method: plan.method,
    url: plan.target,
    headers: plan.headers,
    body: plan.body,
  };
  let r: OutgoingResponse;
  try {
    r = viaBridge
      ? await viaBridge(request, signal)
      : await client().call('sendOutgoing', { body: request, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    // The studio could not reach the mock API: say so as the page would.
    if (error instanceof ControlError && error.status === 502 && plan.mockPath !== null)
      throw new Error(unreachable(plan.target, mockUrl));
    throw error instanceof Error ? error : new Error(String(error));
  }
  return answerOf(plan, sentAt, {
    status: r.status,
    statusText: r.statusText,
    timeMs: r.timeMs,
    size: r.size,
    headers: r.headers,
    body:
      r.bodyEncoding === 'base64'
        ? `(binary body, ${r.size} bytes${r.truncated ? ', cut' : ''})`
        : r.body,
  });
}

/** Sends `plan`; rejects with an Error in words (or the abort, when `signal` aborted). */
export function deliver(
  plan: Plan,
  signal: AbortSignal,
  mockUrl: string | null,
): Promise<ConsoleResponse> {
  return plan.via === 'page' ? fromPage(plan, signal, mockUrl) : fromStudio(plan, signal, mockUrl);
}
