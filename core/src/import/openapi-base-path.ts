/**
 * The base path a document serves under (issue 41): the path of its first server's URL
 * (`https://petstore3.swagger.io/api/v3` → `/api/v3`), server variables replaced by their
 * defaults. It becomes the application's `@WebServlet('/api/v3/*')`; a path the servlet pattern
 * cannot hold, and every further server, is a note.
 */
import type { ImportNote } from './import-plan.js';
import { isObject, type JsonObject } from './openapi-document.js';

/** What `@WebServlet` takes before its `/*`. */
const SERVLET_PATH = /^(\/[A-Za-z0-9._~-]+)+$/;

function pathOfServer(server: unknown): string | undefined {
  if (!isObject(server) || typeof server.url !== 'string') return undefined;
  const variables = isObject(server.variables) ? server.variables : {};
  const url = server.url.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const variable = variables[name];
    return isObject(variable) && typeof variable.default === 'string' ? variable.default : whole;
  });
  return url
    .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '')
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '');
}

/** The base path to serve under, or undefined for the root; notes for what is not kept. */
export function basePathOf(root: JsonObject, notes: ImportNote[]): string | undefined {
  if (!Array.isArray(root.servers) || root.servers.length === 0) return undefined;
  const path = pathOfServer(root.servers[0]);
  root.servers.slice(1).forEach((server, i) => {
    const other = pathOfServer(server);
    if (other !== undefined && other !== path)
      notes.push({
        kind: 'not-imported',
        at: `#/servers/${i + 1}`,
        text: `base path ${other || '/'} is not served: decorest serves the first server's ${path || '/'}`,
      });
  });
  if (path === undefined || path === '') return undefined;
  if (!SERVLET_PATH.test(path)) {
    notes.push({
      kind: 'not-imported',
      at: '#/servers/0',
      text: `base path ${path} is no @WebServlet path (letters, digits, . _ ~ - between slashes): served from /`,
    });
    return undefined;
  }
  return path;
}
