/**
 * The OpenAPI document `decorest openapi examples/todo` prints, for the inspector's unit tests:
 * made by the core's own builder when the tests load (the test setup builds core/dist first),
 * so it can never drift from what the studio serves.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import type { OpenApiDocument } from '../../../api';

const repo = (path: string) => fileURLToPath(new URL(`../../../../../${path}`, import.meta.url));

export const TODO_OPENAPI = JSON.parse(
  execFileSync(process.execPath, [repo('core/bin/decorest.js'), 'openapi', repo('examples/todo')], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  }),
) as OpenApiDocument;
