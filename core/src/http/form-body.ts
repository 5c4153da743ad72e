/**
 * Form bodies for manual routes (issue 30): `application/x-www-form-urlencoded` as
 * {@link FormFields}, `multipart/form-data` as a {@link MultipartBody}. Generated routes never
 * come here; they keep CONTRACT §4's JSON-only 415.
 */
import type { IncomingMessage } from 'node:http';

import { HttpProblem } from '../errors.js';
import { readRaw } from './body.js';
import { addField, countInWords, emptyFields, FORM_FIELD_LIMIT } from './form-fields.js';
import { formProblems, sizeInWords } from './form-problems.js';
import type { FormFields } from './form-types.js';
import { readMultipart } from './multipart-body.js';

const URLENCODED = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The media type a form body came as, by the body itself: `req.body(Model)` asks, and a
 * WeakMap keeps {@link Request} and the dispatcher free of a flag for it.
 */
const formTypes = new WeakMap<object, string>();

/** `application/x-www-form-urlencoded` or `multipart/form-data` when `body` is a form body. */
export function formTypeOf(body: unknown): string | undefined {
  return typeof body === 'object' && body !== null ? formTypes.get(body) : undefined;
}

function essenceOf(contentType: string): string {
  const semicolon = contentType.indexOf(';');
  return (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
}

async function readUrlencoded(req: IncomingMessage, limit: number): Promise<FormFields> {
  const tooLarge = (): HttpProblem =>
    formProblems.tooLarge(`the form body is larger than ${sizeInWords(limit)}`);
  if (Number(req.headers['content-length']) > limit) {
    req.resume();
    throw tooLarge();
  }
  let raw: Buffer;
  try {
    raw = await readRaw(req, limit);
  } catch (error) {
    // readRaw's 413 counts bytes; a form's says the limit in words, as an upload's does.
    throw error instanceof HttpProblem && error.status === 413 ? tooLarge() : error;
  }
  let text: string;
  try {
    text = UTF8.decode(raw);
  } catch {
    throw formProblems.malformed('the form body is not valid UTF-8');
  }
  const fields = emptyFields();
  let count = 0;
  for (const [name, value] of new URLSearchParams(text)) {
    if (++count > FORM_FIELD_LIMIT) {
      throw formProblems.tooLarge(
        `the form has more than ${countInWords(FORM_FIELD_LIMIT)} fields`,
      );
    }
    addField(fields, name, value);
  }
  return fields;
}

/**
 * The {@link OtherBodyReader} of manual routes: a form, read and marked as one; any other
 * media type is the 415, naming what a manual route reads.
 */
export async function readFormBody(
  req: IncomingMessage,
  contentType: string | undefined,
  limit: number,
): Promise<unknown> {
  const essence = contentType === undefined ? '' : essenceOf(contentType);
  let body: object;
  if (essence === URLENCODED) body = await readUrlencoded(req, limit);
  else if (essence === MULTIPART) body = await readMultipart(req);
  else {
    req.resume();
    throw formProblems.unsupported(contentType);
  }
  formTypes.set(body, essence);
  return body;
}
