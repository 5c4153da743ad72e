/**
 * What goes out for a filled request (issue 30): the auth helper's `Authorization` header, the
 * body the method sends, and the `Content-Type` its kind implies unless a header says one, as
 * Bruno and Postman do. Issue 47: moved here from the renderer, so the Console and
 * `decorest run` send a request the same way. Pure: no `node:*` (`btoa` and `TextEncoder` are
 * in browsers and Node alike).
 */
import type {
  KeyValueRow,
  MultipartField,
  RequestAuth,
  RequestBody,
  RequestBodyKind,
} from './requests-api.js';

/** A request with its variables filled, as the Console holds it (the URL aside). */
export interface OutgoingParts {
  method: string;
  headers: readonly KeyValueRow[];
  bodyKind: RequestBodyKind;
  /** The JSON or text body. */
  body: string;
  formFields: readonly KeyValueRow[];
  multipartFields: readonly MultipartField[];
  auth: RequestAuth;
}

/** The Console sends a body with these methods only. */
export const takesBody = (method: string): boolean =>
  !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method.toUpperCase());

/** `user:password` as Basic credentials, UTF-8 first (RFC 7617 `charset="UTF-8"`). */
export function basicCredentials(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return `Basic ${btoa(binary)}`;
}

const hasHeader = (headers: readonly [string, string][], name: string) =>
  headers.some(([n]) => n.toLowerCase() === name.toLowerCase());

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function bodyOf(p: OutgoingParts): RequestBody {
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

/** The headers (in order) and the body that go out for `p`. */
export function outgoingOf(p: OutgoingParts): { headers: [string, string][]; body: RequestBody } {
  let headers: [string, string][] = p.headers
    .filter((h) => h.enabled && h.name)
    .map((h) => [h.name, h.value]);
  // The helper's header wins over a row of the same name, as in Bruno and Postman.
  if (p.auth.kind !== 'none') {
    const value =
      p.auth.kind === 'bearer'
        ? `Bearer ${p.auth.token}`
        : basicCredentials(p.auth.username, p.auth.password);
    headers = [...headers.filter(([n]) => n.toLowerCase() !== 'authorization')];
    headers.push(['Authorization', value]);
  }
  const body = bodyOf(p);
  // As Bruno and Postman do: the body's kind sets the Content-Type unless a header does.
  if (body.kind === 'json' && isJson(body.text) && !hasHeader(headers, 'content-type'))
    headers.push(['Content-Type', 'application/json']);
  if (body.kind === 'text' && !hasHeader(headers, 'content-type'))
    headers.push(['Content-Type', 'text/plain; charset=utf-8']);
  if (body.kind === 'form-urlencoded' && !hasHeader(headers, 'content-type'))
    headers.push(['Content-Type', 'application/x-www-form-urlencoded']);
  // The boundary is the sender's to choose: a typed multipart Content-Type would lack it.
  if (body.kind === 'multipart')
    headers = headers.filter(([n]) => n.toLowerCase() !== 'content-type');
  return { headers, body };
}
