import { DecoratorUsageError, INTERNAL_ERROR_CODES } from '../errors.js';
import type { ClassDecoratorFn } from '../metadata/decorate.js';
import { WEB_SERVLET_KEY } from '../metadata/keys.js';
import { defineClassMetadata } from '../metadata/store.js';

/** `/*` or `/prefix/*`: what a servlet mapping may be here. */
const PATTERN = /^(\/[A-Za-z0-9._~-]+)*\/\*$/;

/**
 * Maps an application to a path pattern (spec §2.2). `/*` serves every route at the root;
 * `/api/*` serves every route, generated and manual, under `/api`.
 *
 * @example
 * ```ts
 * @WebServlet('/api/*')
 * export default class Api extends Application { execute() { this.generateRest(); } }
 * ```
 */
export function WebServlet(pattern: string): ClassDecoratorFn {
  if (typeof pattern !== 'string' || !PATTERN.test(pattern)) {
    throw new DecoratorUsageError(
      INTERNAL_ERROR_CODES.BAD_SERVLET_PATTERN,
      '@WebServlet',
      `the pattern must look like '/*' or '/api/*', got ${JSON.stringify(pattern)}`,
    );
  }
  return (target) => defineClassMetadata(WEB_SERVLET_KEY, target, { pattern });
}

/** `/api/*` → `/api`; `/*` → `` (no prefix). */
export function servletPrefix(pattern: string | undefined): string {
  return pattern === undefined ? '' : pattern.slice(0, -2);
}
