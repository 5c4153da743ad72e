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
  type MultipartField,
  type OutgoingRequest,
  type OutgoingResponse,
  type RequestAssertion,
  type RequestAuth,
  type RequestBody,
  type RequestBodyKind,
} from '../../api';
import type { Row } from './console-method';
import { takesBody } from './console-method';
import type { ConsoleResponse } from './console-state';
import { jsonError, mockPathOf, resolveUrl, unreachable } from './request-text';

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

const hasHeader = (headers: [string, string][], name: string) =>
  headers.some(([n]) => n.toLowerCase() === name.toLowerCase());

/** `user:password` as Basic credentials, UTF-8 first (RFC 7617 `charset="UTF-8"`). */
export function basicCredentials(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return `Basic ${btoa(binary)}`;
}

function bodyOf(p: FilledParts): RequestBody {
  if (!takesBody(p.method)) return { kind: 'none' };
  switch (p.bodyKind) {
    case 'json':
      return p.body.trim() === '' ? { kind: 'none' } : { kind: 'json', text: p.body };
    case 'text':
      return p.body === '' ? { kind: 'none' } : { kind: 'text', text: p.body };
    case 'form-urlencoded':
      return { kind: 'form-urlencoded', fields: p.formFields.filter((f) => f.enabled && f.name) };
    case 'multipart':
      return { kind: 'multipart', fields: p.multipartFields.filter((f) => f.enabled && f.name) };
    case 'none':
      return { kind: 'none' };
  }
}

/** What goes out and which way; throws an Error saying why it cannot. */
export function planRequest(p: FilledParts, mockUrl: string | null): Plan {
  const target = resolveUrl(p.url, [...p.pathParams], mockUrl);
  const headers: [string, string][] = p.headers
    .filter((h) => h.enabled && h.name)
    .map((h) => [h.name, h.value]);
  // The helper's header wins over a row of the same name, as in Bruno and Postman.
  if (p.auth.kind !== 'none') {
    const value =
      p.auth.kind === 'bearer'
        ? `Bearer ${p.auth.token}`
        : basicCredentials(p.auth.username, p.auth.password);
    const rest = headers.filter(([n]) => n.toLowerCase() !== 'authorization');
    headers.length = 0;
    headers.push(...rest, ['Authorization', value]);
  }
  const body = bodyOf(p);
  // As Bruno and Postman do: the body's kind sets the Content-Type unless a header does.
  if (body.kind === 'json' && jsonError(body.text) === null && !hasHeader(headers, 'content-type'))
    headers.push(['Content-Type', 'application/json']);
  if (body.kind === 'text' && !hasHeader(headers, 'content-type'))
    headers.push(['Content-Type', 'text/plain; charset=utf-8']);
  if (body.kind === 'form-urlencoded' && !hasHeader(headers, 'content-type'))
    headers.push(['Content-Type', 'application/x-www-form-urlencoded']);
  if (body.kind === 'multipart') {
    // The boundary is the sender's to choose: a typed multipart Content-Type would lack it.
    const rest = headers.filter(([n]) => n.toLowerCase() !== 'content-type');
    headers.length = 0;
    headers.push(...rest);
  }
  const mockPath = mockPathOf(target, mockUrl);
  const needsStudio =
    mockPath === null ||
    (body.kind === 'multipart' && body.fields.some((f) => f.kind === 'file')) ||
    p.assertions.some((a) => a.kind.startsWith('header-'));
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
