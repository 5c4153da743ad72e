/**
 * The mock API's CORS (CONTRACT §7) over real HTTP: any origin, preflight included, our headers
 * exposed; a browser's preflight allowed whatever the route table says, so a page reads the
 * real 404 or 405.
 */
import { afterEach, describe, expect, it } from 'vitest';

import { jsonRequest, rawRequest } from '../test-support/http-client.js';
import { manualRoute as route, serveRoutes } from '../test-support/route-server.js';
import type { RunningServer } from './node-server.js';
import type { RouteDefinition } from './types.js';

let server: RunningServer | undefined;

async function serve(routes: RouteDefinition[]): Promise<string> {
  server = await serveRoutes(routes, { logger: { error: () => {} } });
  return server.url;
}

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('CORS', () => {
  it('answers CORS for any origin, preflight included, and exposes our headers', async () => {
    const url = await serve([
      route('POST', '/todos', (_req, res) =>
        res.status(201).header('Location', '/todos/1').json({}),
      ),
    ]);
    const pre = await rawRequest(url, 'OPTIONS', '/todos', {
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    expect(pre.headers['access-control-allow-methods']).toContain('POST');
    expect(pre.headers['access-control-allow-headers']).toBe('content-type');
    const answer = await jsonRequest(
      url,
      'POST',
      '/todos',
      {},
      { origin: 'http://localhost:5173' },
    );
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['access-control-expose-headers']).toBe(
      'Location, X-Total-Count, Link, X-Limit-Clamped',
    );
    const missing = await rawRequest(url, 'GET', '/nope');
    expect(missing.headers['access-control-allow-origin']).toBe('*');
  });

  it('lets a browser send what the route table refuses, so the page reads the real 404 or 405', async () => {
    const url = await serve([route('POST', '/todos', (_req, res) => res.status(201).json({}))]);
    const origin = { origin: 'http://localhost:5173' };
    for (const [method, path, status] of [
      ['DELETE', '/nope', 404],
      ['DELETE', '/todos', 405],
    ] as const) {
      const pre = await rawRequest(url, 'OPTIONS', path, {
        headers: { ...origin, 'access-control-request-method': method },
      });
      expect(pre.status, `${method} ${path}`).toBe(204);
      expect(String(pre.headers['access-control-allow-methods'])).toContain(method);
      const answer = await rawRequest(url, method, path, { headers: origin });
      expect(answer.status).toBe(status);
      expect(answer.headers['access-control-allow-origin']).toBe('*');
    }
    // A plain OPTIONS (no preflight) of an unknown path is still a 404; a hostile method
    // asked for is not echoed.
    expect((await rawRequest(url, 'OPTIONS', '/nope')).status).toBe(404);
    const hostile = await rawRequest(url, 'OPTIONS', '/nope', {
      headers: { ...origin, 'access-control-request-method': 'GET, X' },
    });
    expect(hostile.status).toBe(404);
  });
});
