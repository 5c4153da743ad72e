/**
 * Issue 30 ("remote hosts"): sends one Console request from the core process, where neither
 * CORS nor the page's sandbox apply: any http(s) host, and multipart parts read from the
 * project's files. Node's own fetch (undici), no extra dependency. Knows nothing of the
 * control API: its server and the desktop shell's main process both call {@link sendOutgoing}.
 *
 * Every failure is an `HttpProblem`: 400/422 for a request that cannot be sent as given
 * (checked before anything goes out), 413 for a file part over `UPLOAD_LIMIT` (checked by size
 * before the file is read), 502 when the host cannot be reached, 504 when it does not answer in
 * time. The caller's `signal` (the page closed its fetch) aborts the exchange: the promise then
 * rejects with the signal's reason, never with a problem, since nobody is left to read one.
 */
import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, isAbsolute, resolve } from 'node:path';

import {
  OUTGOING_BODY_LIMIT,
  OUTGOING_TIMEOUT_MS,
  type OutgoingRequest,
  type OutgoingResponse,
} from '../contract/outgoing-api.js';
import { OUTGOING_REQUEST_SCHEMA } from '../contract/request-schemas.js';
import { type MultipartField, type RequestBody, UPLOAD_LIMIT } from '../contract/requests-api.js';
import { sizeInWords } from '../contract/sizes.js';
import { type FieldError, HttpProblem, problems } from '../errors.js';
import { insideProject } from '../persistence/inside-project.js';
import { bodyProblem, checkBody } from '../validation/body-check.js';
import { checkRequest } from './check-request.js';

export interface SendOptions {
  /** The open project's folder: a relative file part's path is read from there. */
  projectDir: string;
  /** Aborts the exchange (the caller went away). */
  signal?: AbortSignal;
  /** Told what went out, once the body is built, for the traffic log. */
  onSend?: (sent: SentRequest) => void;
}

/** The request as it went out: the traffic log shows it. */
export interface SentRequest {
  readonly method: string;
  readonly url: string;
  /** Names lower case, as sent (the body's `content-type` included). */
  readonly headers: readonly (readonly [string, string])[];
  /** The body's bytes as sent (a multipart body is a Blob whose file parts read lazily). */
  readonly body: Blob | undefined;
}

// RFC 9110 §5.6.2: methods and header names are tokens.
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// RFC 9110 §5.5: a field value is visible characters, spaces and tabs; CR, LF or NUL would
// smuggle a second header or request.
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\uffff]*$/;
// A header goes out as bytes, one per character: fetch throws a bare TypeError (a 500) for a
// character above U+00FF (`Ā`, an emoji), which no byte can carry.
const BEYOND_LATIN1 = /[^\t\x20-\xff]/u;
/**
 * Headers the connection sets itself. fetch refuses some (`transfer-encoding`, `expect`) with a
 * bare "fetch failed" and silently replaces others (`host`): named here as a 400 instead.
 */
const CONNECTION_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'proxy-connection',
  'upgrade',
  'expect',
]);
/** Methods fetch will not send (the Fetch standard's forbidden methods). */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * An {@link OutgoingRequest} from untrusted JSON: a wrong shape is a 422 naming each field by
 * its JSON pointer (as the other control bodies); a URL, method or header that cannot be sent
 * is a 400.
 */
export function checkOutgoingRequest(v: unknown): OutgoingRequest {
  // Issue 43: the shape is the contract's schema (its body a saved request's), checked by Ajv.
  const shape = bodyProblem('Invalid request body', checkBody(OUTGOING_REQUEST_SCHEMA, v));
  if (shape !== undefined) throw shape;
  // What the schema lets through: the headers and the body may be left out.
  const {
    method,
    url,
    timeoutMs: timeout,
    ...rest
  } = v as Omit<OutgoingRequest, 'headers' | 'body'> & {
    headers?: [string, string][];
    body?: unknown;
  };
  const headers = (rest.headers ?? []).map(([name, value]): [string, string] => [name, value]);
  // The saved request's normalising, so both read a body the same way (`none` when absent).
  const checked = checkRequest({ name: 'outgoing', method: 'GET', url: '', body: rest.body });
  if (!checked.ok)
    throw bodyProblem(
      'Invalid request body',
      checked.findings.filter((f) => f.pointer.startsWith('/body')),
    )!;

  const refused: FieldError[] = [];
  const upper = method.toUpperCase();
  if (!TOKEN.test(upper))
    refused.push({ field: '/method', message: 'must be an HTTP method (GET, POST, …)' });
  else if (FORBIDDEN_METHODS.has(upper))
    refused.push({ field: '/method', message: `${upper} cannot be sent` });
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    refused.push({ field: '/url', message: 'must be an absolute URL (https://host/path)' });
  }
  if (parsed && parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    refused.push({
      field: '/url',
      message: `must be an http or https URL, not ${parsed.protocol}`,
    });
  else if (parsed && (parsed.username !== '' || parsed.password !== ''))
    // fetch refuses credentials in a URL: they belong in an Authorization header.
    refused.push({ field: '/url', message: 'must not hold a user name or password' });
  headers.forEach(([name, value], i) => {
    if (!TOKEN.test(name))
      refused.push({ field: `/headers/${i}/0`, message: 'must be a header name (a token)' });
    else if (CONNECTION_HEADERS.has(name.toLowerCase()))
      refused.push({
        field: `/headers/${i}/0`,
        message: `${name} is set by the connection; remove it`,
      });
    const wide = BEYOND_LATIN1.exec(value)?.[0];
    if (!FIELD_VALUE.test(value))
      refused.push({
        field: `/headers/${i}/1`,
        message: 'must not contain line breaks or control characters',
      });
    else if (wide !== undefined)
      refused.push({
        field: `/headers/${i}/1`,
        message:
          `${name} holds ${JSON.stringify(wide)}, which a header cannot carry ` +
          '(characters up to U+00FF only): percent-encode it or send it in the body',
      });
  });
  const body = checked.value.body;
  if ((upper === 'GET' || upper === 'HEAD') && body.kind !== 'none')
    refused.push({ field: '/body', message: `a ${upper} request cannot have a body` });
  if (refused.length > 0)
    throw problems.badRequest(refused.map((e) => `${e.field}: ${e.message}`).join('; '), refused);

  return {
    method: upper,
    url: (parsed as URL).href,
    headers,
    body,
    ...(timeout === undefined ? {} : { timeoutMs: timeout }),
  };
}

/** A file part's file, by size first: a huge file is refused before one byte is read. */
async function filePart(
  field: Extract<MultipartField, { kind: 'file' }>,
  pointer: string,
  projectDir: string,
) {
  const path = isAbsolute(field.path) ? field.path : resolve(projectDir, field.path);
  let file = path;
  let size: number;
  try {
    // Issue 40: a path the project names (`files/photo.png`) is read only inside it, whatever
    // link it is; an absolute one is the user's own choice of file (CONTRACT: either is allowed).
    if (!isAbsolute(field.path)) file = await insideProject(projectDir, path);
    const info = await stat(file);
    if (!info.isFile()) throw new Error('not a file');
    size = info.size;
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    throw problems.invalidBody('A file part cannot be read', [
      { field: pointer, message: `${field.path} is not a file that can be read` },
    ]);
  }
  const name = field.fileName ?? basename(path);
  if (size > UPLOAD_LIMIT)
    throw problems.uploadTooLarge(basename(path), sizeInWords(size), sizeInWords(UPLOAD_LIMIT));
  // Read as it is sent, not into memory first; typed by its name as a browser's form does
  // (mime-types loads its table only when a file is sent).
  const { lookup } = await import('mime-types');
  const type = lookup(name) || 'application/octet-stream';
  return { name, blob: await openAsBlob(file, { type }) };
}

// HTML's multipart/form-data encoding: `"`, CR and LF in a name are percent-escaped.
const quoted = (s: string): string =>
  s.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/**
 * The multipart body as one Blob: its size (the `content-length`) is known and its first bytes
 * can be shown in the traffic log without reading the files, which FormData's encoder allows
 * neither of.
 */
async function multipart(
  fields: readonly MultipartField[],
  projectDir: string,
): Promise<{ blob: Blob; type: string }> {
  const boundary = `----decorest${randomBytes(12).toString('hex')}`;
  const parts: (string | Blob)[] = [];
  for (const [i, field] of fields.entries()) {
    if (!field.enabled) continue;
    const disposition = `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(field.name)}"`;
    if (field.kind === 'text') {
      parts.push(`${disposition}\r\n\r\n`, field.value, '\r\n');
      continue;
    }
    const file = await filePart(field, `/body/fields/${i}/path`, projectDir);
    parts.push(
      `${disposition}; filename="${quoted(file.name)}"\r\nContent-Type: ${file.blob.type}\r\n\r\n`,
      file.blob,
      '\r\n',
    );
  }
  parts.push(`--${boundary}--\r\n`);
  return { blob: new Blob(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** The body's bytes and the content type it implies (a header of the request may override). */
async function encodeBody(
  body: RequestBody,
  projectDir: string,
): Promise<{ blob: Blob; type: string; fixed?: boolean } | undefined> {
  switch (body.kind) {
    case 'none':
      return undefined;
    case 'json':
      return { blob: new Blob([body.text]), type: 'application/json' };
    case 'text':
      return { blob: new Blob([body.text]), type: body.contentType ?? 'text/plain; charset=utf-8' };
    case 'form-urlencoded': {
      const params = new URLSearchParams();
      for (const f of body.fields) if (f.enabled) params.append(f.name, f.value);
      return {
        blob: new Blob([params.toString()]),
        type: 'application/x-www-form-urlencoded;charset=UTF-8',
      };
    }
    case 'multipart':
      // The boundary is ours: a Content-Type header of the request would not match it.
      return { ...(await multipart(body.fields, projectDir)), fixed: true };
  }
}

const seconds = (ms: number): string => `${Math.round(ms) / 1000} s`;

/** Why fetch failed, in a word when Node gives one (`ECONNREFUSED`, `ENOTFOUND`). */
function reasonOf(error: unknown): string {
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown; message?: unknown }) : undefined;
  if (cause && typeof cause.code === 'string' && cause.code !== '') return cause.code;
  if (cause && typeof cause.message === 'string' && cause.message !== '') return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** A `content-encoding` fetch undoes (gzip, br…), or undefined for bytes as sent. */
function unpacked(response: Response): string | undefined {
  const encoding = response.headers.get('content-encoding')?.trim().toLowerCase();
  return encoding === undefined || encoding === '' || encoding === 'identity'
    ? undefined
    : encoding;
}

/**
 * Reads the body: the first {@link OUTGOING_BODY_LIMIT} bytes kept, the rest counted. A body
 * fetch unpacks is read no further than the limit: a few hundred KiB of gzip can unpack to
 * gigabytes (a gzip bomb), all of it inflated and counted if read on; reading stops there and
 * the answer is a problem naming the limit.
 */
async function readBody(
  response: Response,
  origin: string,
): Promise<{ kept: Buffer; size: number }> {
  const encoding = unpacked(response);
  const chunks: Buffer[] = [];
  let kept = 0;
  let size = 0;
  if (response.body)
    for await (const chunk of response.body) {
      const bytes = chunk as Uint8Array;
      size += bytes.length;
      // Leaving the loop cancels the stream: fetch stops inflating.
      if (encoding !== undefined && size > OUTGOING_BODY_LIMIT)
        throw problems.outgoingUnpackedTooLarge(origin, encoding, sizeInWords(OUTGOING_BODY_LIMIT));
      if (kept >= OUTGOING_BODY_LIMIT) continue;
      const part = bytes.subarray(0, OUTGOING_BODY_LIMIT - kept);
      chunks.push(Buffer.from(part));
      kept += part.length;
    }
  return { kept: Buffer.concat(chunks), size };
}

/** UTF-8 text when the bytes are (a cut last character allowed when cut), base64 otherwise. */
function textOrBase64(
  bytes: Buffer,
  truncated: boolean,
): Pick<OutgoingResponse, 'body' | 'bodyEncoding'> {
  try {
    // `stream` lets a character the cut split end the text instead of failing it.
    const body = new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: truncated });
    return { body, bodyEncoding: 'utf8' };
  } catch {
    return { body: bytes.toString('base64'), bodyEncoding: 'base64' };
  }
}

/**
 * Sends `request` (as {@link checkOutgoingRequest} answers it) and reads the whole answer.
 *
 * @example
 * const answer = await sendOutgoing(
 *   { method: 'GET', url: 'https://example.com/', headers: [], body: { kind: 'none' } },
 *   { projectDir: '/projects/todo' },
 * );
 */
export async function sendOutgoing(
  request: OutgoingRequest,
  options: SendOptions,
): Promise<OutgoingResponse> {
  const url = new URL(request.url);
  const origin = url.origin;
  const timeoutMs = request.timeoutMs ?? OUTGOING_TIMEOUT_MS;
  const encoded = await encodeBody(request.body, options.projectDir);
  options.signal?.throwIfAborted();

  const headers = new Headers();
  for (const [name, value] of request.headers) {
    // A multipart body's own Content-Type carries its boundary; the request's would break it.
    if (encoded?.fixed && name.toLowerCase() === 'content-type') continue;
    headers.append(name, value);
  }
  if (encoded && !headers.has('content-type')) headers.set('content-type', encoded.type);
  options.onSend?.({
    method: request.method,
    url: url.href,
    headers: [...headers],
    body: encoded?.blob,
  });

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const signal = options.signal
    ? AbortSignal.any([options.signal, timeout.signal])
    : timeout.signal;
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: request.method,
      headers,
      ...(encoded ? { body: encoded.blob } : {}),
      signal,
    });
    const { kept, size } = await readBody(response, origin);
    const truncated = size > kept.length;
    return {
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
      ...textOrBase64(kept, truncated),
      size,
      timeMs: Math.round((performance.now() - started) * 1000) / 1000,
      truncated,
    };
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (error instanceof HttpProblem) throw error;
    if (timeout.signal.aborted) throw problems.outgoingTimeout(origin, seconds(timeoutMs));
    throw problems.outgoingUnreachable(origin, reasonOf(error));
  } finally {
    clearTimeout(timer);
  }
}
