/**
 * `require` for the CommonJS packages the core uses. Importing them from ESM makes Node scan
 * each file for its named exports first; `require` skips that, which shortens every start
 * (issue 6: cold start). Types still come from `import type`.
 */
import { createRequire } from 'node:module';

export const requireCjs = createRequire(import.meta.url);
