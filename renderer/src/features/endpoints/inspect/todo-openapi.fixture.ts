/**
 * The OpenAPI document `decorest openapi examples/todo` prints, for the inspector's unit tests:
 * made by the core's own builder when the tests load (the test setup builds core/dist first),
 * so it can never drift from what the studio serves. It reads a copy of the example: the
 * example's own data folder may be served by another test at the same time (one process per
 * data folder).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { OpenApiDocument } from '../../../api';

const repo = (path: string) => fileURLToPath(new URL(`../../../../../${path}`, import.meta.url));

function todoOpenApi(): OpenApiDocument {
  const home = mkdtempSync(join(tmpdir(), 'decorest-openapi-'));
  // The folder's name is the document's title, as for the example itself.
  const dir = join(home, 'todo');
  try {
    cpSync(repo('examples/todo'), dir, { recursive: true });
    return JSON.parse(
      execFileSync(process.execPath, [repo('core/bin/decorest.js'), 'openapi', dir], {
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      }),
    ) as OpenApiDocument;
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

export const TODO_OPENAPI = todoOpenApi();
