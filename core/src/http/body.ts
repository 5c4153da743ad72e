import type { IncomingMessage } from 'node:http';

import { ClientGoneError, type FieldError, problems, ValidationProblem } from '../errors.js';
import { describeJsonSyntaxError } from './json-syntax.js';

/** CONTRACT §4: bodies over 1 MiB get 413. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** Keys that would reach an object's prototype if a handler merged the body (CONTRACT §4). */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Whether a key is one a body may not hold; form field names follow the same rule. */
export function isForbiddenKey(key: string): boolean {
  return FORBIDDEN_KEYS.has(key);
}

// fatal: a body that is not valid UTF-8 is malformed, not silently repaired with U+FFFD.
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** `application/json`, `application/merge-patch+json` and any other `+json`, parameters allowed. */
export function isJsonContentType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const semicolon = contentType.indexOf(';');
  const essence = (semicolon === -1 ? contentType : contentType.slice(0, semicolon))
    .trim()
    .toLowerCase();
  return (
    essence === 'application/json' ||
    (essence.startsWith('application/') && essence.endsWith('+json'))
  );
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return length !== '0';
  return req.headers['transfer-encoding'] !== undefined;
}

/**
 * Finds forbidden keys in document order. Iterative on purpose (issue 7): a body nested
 * 10,000 levels deep fits well under the 1 MiB limit, and the recursive walk it replaced
 * overflowed the call stack and answered 500.
 */
function collectForbiddenKeys(root: unknown, found: FieldError[]): void {
  type Step = { value: unknown; path: string } | { forbidden: string };
  const stack: Step[] = [{ value: root, path: '' }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    if ('forbidden' in step) {
      found.push({ field: step.forbidden, message: 'is a forbidden key' });
      continue;
    }
    const { value, path } = step;
    if (value === null || typeof value !== 'object') continue;
    const next: Step[] = [];
    if (Array.isArray(value)) {
      value.forEach((item, i) => next.push({ value: item, path: `${path}[${i}]` }));
    } else {
      for (const key of Object.keys(value)) {
        const here = path === '' ? key : `${path}.${key}`;
        next.push(
          FORBIDDEN_KEYS.has(key)
            ? { forbidden: here }
            : { value: (value as Record<string, unknown>)[key], path: here },
        );
      }
    }
    for (let i = next.length - 1; i >= 0; i--) stack.push(next[i]!);
  }
}

/**
 * Rejects `__proto__`, `constructor` and `prototype` anywhere in a parsed body. The scan runs
 * only when the raw text could hold such a key (the names, or a `\u` escape that might spell
 * one), which keeps the common path free of a second walk.
 */
function rejectForbiddenKeys(text: string, value: unknown): void {
  if (
    !text.includes('__proto__') &&
    !text.includes('constructor') &&
    !text.includes('prototype') &&
    !text.includes('\\u')
  ) {
    return;
  }
  const found: FieldError[] = [];
  collectForbiddenKeys(value, found);
  if (found.length > 0) throw new ValidationProblem('Invalid request body', found);
}

/** Buffers a whole body; over `limit`, rejects with a 413 and keeps draining the socket. */
export function readRaw(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const fail = (error: unknown): void => {
      if (done) return;
      done = true;
      reject(error);
    };
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        // Stop buffering but keep draining, so the 413 can still be written on this socket.
        chunks.length = 0;
        fail(problems.payloadTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      fail(error.code === 'ECONNRESET' ? new ClientGoneError(error.code) : error),
    );
    req.on('aborted', () => fail(new ClientGoneError('aborted')));
  });
}

/**
 * Reads a body that is not JSON, in place of the 415 (a manual route's forms, issue 30). It
 * owns the request stream and its own size limits; `limit` is the JSON one.
 */
export type OtherBodyReader = (
  req: IncomingMessage,
  contentType: string | undefined,
  limit: number,
) => Promise<unknown>;

/**
 * Reads and parses a request body. Resolves to `undefined` when none was sent; rejects with
 * an {@link HttpProblem} for 413 (too large), 415 (not JSON) or 400 (malformed JSON). With
 * `otherwise`, a body that is not JSON goes to it instead of the 415; it is consulted only
 * once the JSON check failed, so a JSON body pays nothing for it.
 */
export async function readJsonBody(
  req: IncomingMessage,
  limit = DEFAULT_BODY_LIMIT,
  otherwise?: OtherBodyReader,
): Promise<unknown> {
  if (!hasBody(req)) return undefined;
  const contentType = req.headers['content-type'];
  const json = isJsonContentType(contentType);
  // Before the size check: an upload has a limit of its own.
  if (!json && otherwise !== undefined) return otherwise(req, contentType, limit);
  const declared = Number(req.headers['content-length']);
  if (declared > limit) throw problems.payloadTooLarge(limit);
  if (!json) {
    req.resume();
    throw problems.unsupportedMediaType(contentType);
  }
  const raw = await readRaw(req, limit);
  if (raw.length === 0) return undefined;
  let text: string;
  try {
    text = UTF8.decode(raw);
  } catch {
    throw problems.malformedJson('the body is not valid UTF-8');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw problems.malformedJson(describeJsonSyntaxError(text));
  }
  rejectForbiddenKeys(text, value);
  return value;
}
