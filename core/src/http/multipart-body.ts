/**
 * `multipart/form-data` for manual routes (issue 30), on busboy (what multer uses): the fields
 * and the files, held in memory up to {@link UPLOAD_LIMIT}. Every way a body can go wrong is a
 * problem (400 malformed, 413 too large, 422 forbidden field name), never a 500.
 */
import type { IncomingMessage } from 'node:http';

import type BusboyModule from 'busboy';

import { UPLOAD_LIMIT } from '../contract/requests-api.js';
import { ClientGoneError, HttpProblem } from '../errors.js';
import { requireCjs } from '../require-cjs.js';
import { DEFAULT_BODY_LIMIT, isForbiddenKey } from './body.js';
import { addField, countInWords, emptyFields, FORM_FIELD_LIMIT } from './form-fields.js';
import { formProblems, sizeInWords } from './form-problems.js';
import type { MultipartBody, UploadedFile } from './form-types.js';

/** The most files one body may carry. */
export const FILE_LIMIT = 100;

/** Longer field names are refused rather than silently cut by busboy. */
const FIELD_NAME_LIMIT = 1024;

// Loaded on the first upload: most projects never receive one, and start-up stays as it was.
const busboy = (): typeof BusboyModule => requireCjs('busboy') as typeof BusboyModule;

const tooLarge = (): HttpProblem =>
  formProblems.tooLarge(`the multipart body is larger than ${sizeInWords(UPLOAD_LIMIT)}`);

/** Reads a whole multipart body; rejects with an {@link HttpProblem} or a {@link ClientGoneError}. */
export function readMultipart(req: IncomingMessage): Promise<MultipartBody> {
  if (Number(req.headers['content-length']) > UPLOAD_LIMIT) {
    // Drained, so the 413 reaches a client still sending.
    req.resume();
    return Promise.reject(tooLarge());
  }
  let parser: BusboyModule.Busboy;
  try {
    parser = busboy()({
      headers: req.headers,
      // Browsers and fetch send file names as raw UTF-8; busboy's default would read latin1.
      defParamCharset: 'utf8',
      limits: {
        fileSize: UPLOAD_LIMIT,
        files: FILE_LIMIT,
        fields: FORM_FIELD_LIMIT,
        fieldSize: DEFAULT_BODY_LIMIT,
        fieldNameSize: FIELD_NAME_LIMIT,
      },
    });
  } catch (error) {
    req.resume();
    return Promise.reject(
      formProblems.malformed(`the multipart body cannot be read (${messageOf(error)})`),
    );
  }
  return collect(req, parser);
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // busboy's own words start with "Multipart: "; the detail says multipart already.
  return text.replace(/^Multipart: /, '').replace(/^./, (c) => c.toLowerCase());
}

function collect(req: IncomingMessage, parser: BusboyModule.Busboy): Promise<MultipartBody> {
  return new Promise((resolve, reject) => {
    const fields = emptyFields();
    const files: UploadedFile[] = [];
    let received = 0;
    let done = false;

    const fail = (error: unknown): void => {
      if (done) return;
      done = true;
      req.unpipe(parser);
      // Keep draining, so the problem can still be written on this socket.
      req.resume();
      reject(error);
    };

    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > UPLOAD_LIMIT) fail(tooLarge());
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      fail(error.code === 'ECONNRESET' ? new ClientGoneError(error.code) : error),
    );
    req.on('aborted', () => fail(new ClientGoneError('aborted')));

    parser.on('field', (name, value, info) => {
      if (done) return;
      if (info.nameTruncated) {
        fail(formProblems.tooLarge(`a field name is longer than ${sizeInWords(FIELD_NAME_LIMIT)}`));
      } else if (info.valueTruncated) {
        fail(
          formProblems.tooLarge(
            `the field ${JSON.stringify(name)} is larger than ${sizeInWords(DEFAULT_BODY_LIMIT)}`,
          ),
        );
      } else {
        try {
          addField(fields, name, value);
        } catch (error) {
          fail(error);
        }
      }
    });

    parser.on('file', (field, stream, info) => {
      // Every file stream gets an error listener: busboy destroys the open one with an error
      // when the body ends early, and an unheard stream error would crash the server.
      stream.on('error', (error) => fail(malformed(error)));
      if (done || isForbiddenKey(field)) {
        stream.resume();
        fail(formProblems.forbiddenField(field));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (!done) chunks.push(chunk);
      });
      stream.on('limit', () =>
        fail(
          formProblems.tooLarge(
            `the file ${JSON.stringify(info.filename ?? field)} is larger than ${sizeInWords(UPLOAD_LIMIT)}`,
          ),
        ),
      );
      stream.on('end', () => {
        if (done) return;
        files.push({
          field,
          name: info.filename ?? '',
          type: info.mimeType,
          size,
          data: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size),
        });
      });
    });

    parser.on('filesLimit', () =>
      fail(formProblems.tooLarge(`the form has more than ${countInWords(FILE_LIMIT)} files`)),
    );
    parser.on('fieldsLimit', () =>
      fail(
        formProblems.tooLarge(`the form has more than ${countInWords(FORM_FIELD_LIMIT)} fields`),
      ),
    );
    parser.on('error', (error) => fail(malformed(error)));
    parser.on('close', () => {
      if (done) return;
      done = true;
      resolve({ fields, files });
    });

    req.pipe(parser);
  });
}

function malformed(error: unknown): HttpProblem {
  return formProblems.malformed(`the multipart body is malformed (${messageOf(error)})`);
}
