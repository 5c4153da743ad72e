/**
 * Issue 30: `putProjectFile`, a file chosen for a multipart field copied into the project's
 * `files/` folder (core/src/requests/project-files.ts), sent as base64 in the control API's
 * JSON. Its body may be larger than the other operations' (`bodyLimit`); the decoded content
 * is held to `UPLOAD_LIMIT`, the largest multipart body the mock API reads.
 */
import { UPLOAD_LIMIT } from '../contract/requests-api.js';
import { HttpProblem, problems } from '../errors.js';
import { putProjectFile } from '../requests/project-files.js';
import type { ControlRoutes } from './control-route.js';

/** Longest `name` taken (a path's last part is used, cut to 100 characters). */
const NAME_LIMIT = 1000;

/**
 * The largest body: {@link UPLOAD_LIMIT} bytes as base64, plus room for the name and the JSON
 * around them. A larger body is a 413 before it is read.
 */
export const PUT_FILE_BODY_LIMIT = Math.ceil(UPLOAD_LIMIT / 3) * 4 + 1024 * 1024;

const MIB = 1024 * 1024;

function tooLarge(bytes: number): HttpProblem {
  return problems.payloadTooLarge(
    UPLOAD_LIMIT,
    `the file is ${bytes} bytes; a file put into the project is at most ` +
      `${UPLOAD_LIMIT} bytes (${UPLOAD_LIMIT / MIB} MiB)`,
  );
}

function refuse(field: string, message: string): never {
  throw problems.invalidBody('Invalid request body', [{ field, message }]);
}

/** The bytes of standard (or URL-safe) padded base64; anything else is a 422 naming `/base64`. */
function decode(base64: unknown): Buffer {
  if (typeof base64 !== 'string' || base64.length % 4 !== 0)
    refuse('/base64', "must be the file's bytes as padded base64");
  const pad = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  const size = (base64.length / 4) * 3 - pad;
  // Refused before a buffer of that size is made.
  if (size > UPLOAD_LIMIT) throw tooLarge(size);
  const bytes = Buffer.from(base64, 'base64');
  // Node skips characters outside the alphabet: fewer bytes than the length says means some.
  if (bytes.length !== size) refuse('/base64', "must be the file's bytes as padded base64");
  return bytes;
}

export const PROJECT_FILES_ROUTES: Pick<ControlRoutes, 'putProjectFile'> = {
  putProjectFile: {
    bodyLimit: PUT_FILE_BODY_LIMIT,
    handle: async ({ ctx, body }) => {
      if (body === null || typeof body !== 'object' || Array.isArray(body))
        refuse('', 'must be a JSON object');
      const { name, base64 } = body as Record<string, unknown>;
      if (typeof name !== 'string' || name.length > NAME_LIMIT)
        refuse('/name', `must be the file's name, at most ${NAME_LIMIT} characters`);
      const bytes = decode(base64);
      const root = (await ctx.projectStatus()).root;
      if (root === '') throw problems.projectUnavailable('no project is open');
      return { path: await putProjectFile(root, name, bytes) };
    },
  },
};
