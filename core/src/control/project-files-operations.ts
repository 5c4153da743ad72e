/**
 * Issue 30: `putProjectFile`, a file chosen for a multipart field copied into the project's
 * `files/` folder (core/src/requests/project-files.ts). Issue 40: its bytes are the request's
 * body (`POST /api/project-files?name=photo.png`), streamed to disk as they arrive
 * (core/src/requests/spooled-upload.ts), never held in memory, and at most `UPLOAD_LIMIT`, the
 * largest multipart body the mock API reads.
 */
import { PROJECT_FILE_NAME_PARAM, UPLOAD_LIMIT } from '../contract/requests-api.js';
import { type HttpProblem, problems } from '../errors.js';
import { putProjectFile } from '../requests/project-files.js';
import { spoolUpload } from '../requests/spooled-upload.js';
import type { ControlRoutes } from './control-route.js';

/** Longest `name` taken (a path's last part is used, cut to 100 characters). */
const NAME_LIMIT = 1000;

const MIB = 1024 * 1024;

function tooLarge(bytes?: number): HttpProblem {
  const size = bytes === undefined ? 'larger than that' : `${bytes} bytes`;
  return problems.payloadTooLarge(
    UPLOAD_LIMIT,
    `the file is ${size}; a file put into the project is at most ` +
      `${UPLOAD_LIMIT} bytes (${UPLOAD_LIMIT / MIB} MiB)`,
  );
}

export const PROJECT_FILES_ROUTES: Pick<ControlRoutes, 'putProjectFile'> = {
  putProjectFile: {
    readsOwnBody: true,
    handle: async ({ ctx, req, query }) => {
      const name = query.get(PROJECT_FILE_NAME_PARAM);
      if (name === null || name.length > NAME_LIMIT) {
        req.resume();
        throw problems.badQuery(
          PROJECT_FILE_NAME_PARAM,
          `must be the file's name, at most ${NAME_LIMIT} characters`,
        );
      }
      // Refused before a byte is read: the declared size, then a project to put it in.
      const declared = Number(req.headers['content-length']);
      if (declared > UPLOAD_LIMIT) throw tooLarge(declared);
      const root = (await ctx.projectStatus()).root;
      if (root === '') {
        req.resume();
        throw problems.projectUnavailable('no project is open');
      }
      const file = await spoolUpload(req, UPLOAD_LIMIT, () => tooLarge());
      try {
        return { path: await putProjectFile(root, name, file) };
      } finally {
        await file.dispose();
      }
    },
  },
};
