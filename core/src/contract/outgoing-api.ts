/**
 * Issue 30 ("remote hosts"): a request the core process sends on behalf of the token holder,
 * `POST /api/outgoing`. The Console's page cannot reach a host that does not answer CORS, nor
 * read a multipart part's file from disk; the core can. Types and constants only (the renderer
 * imports them).
 *
 * Failures are problems (RFC 9457): 400 for a URL that is not absolute http(s), a method that
 * is not an HTTP token or a header that would not be sent as given; 413 when a file part is
 * larger than `UPLOAD_LIMIT` (./requests-api.ts); 422 when a file part's file does not exist;
 * 502 `Could not reach <origin>: <reason>`; 504 `No answer from <origin> within <n> s`.
 */
import type { RequestBody } from './requests-api.js';

/** `timeoutMs` when none is given, and its bounds. */
export const OUTGOING_TIMEOUT_MS = 30_000;
export const OUTGOING_TIMEOUT_MAX_MS = 300_000;
/**
 * Bytes of a response body answered; the rest is read and dropped, and `truncated` says so. A
 * body sent packed (`content-encoding: gzip`, `br`…) is counted unpacked, and is read no
 * further than this: past it the answer is a 502 problem (a gzip bomb unpacks to gigabytes).
 */
export const OUTGOING_BODY_LIMIT = 10 * 1024 * 1024;

/** `POST /api/outgoing`: `{{variables}}` already filled in by the caller. */
export interface OutgoingRequest {
  /** An HTTP token (`GET`, `PATCH`, `PROPFIND`), sent upper case. */
  method: string;
  /** An absolute `http:` or `https:` URL. */
  url: string;
  /** In order; a repeated name is sent repeated. */
  headers: [string, string][];
  /** A multipart file part's `path` is relative to the open project's folder, or absolute. */
  body: RequestBody;
  /** 1 to {@link OUTGOING_TIMEOUT_MAX_MS}; {@link OUTGOING_TIMEOUT_MS} when absent. */
  timeoutMs?: number;
}

export interface OutgoingResponse {
  status: number;
  statusText: string;
  /** As received, in order, names lower case. */
  headers: [string, string][];
  /** UTF-8 text, or base64 when the body is not valid UTF-8 text (see `bodyEncoding`). */
  body: string;
  bodyEncoding: 'utf8' | 'base64';
  /** Bytes of the whole body as received (after content decoding), kept or not. */
  size: number;
  /** From sending the request to the last byte of the body. */
  timeMs: number;
  /** The body was longer than {@link OUTGOING_BODY_LIMIT}: `body` holds its first bytes. */
  truncated: boolean;
}
