import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { rawRequest } from '../test-support/http-client.js';
import { EXAMPLES } from '../test-support/project-server.js';
import { startStudioFixture, type StudioFixture } from '../test-support/studio-fixture.js';

let f: StudioFixture;
let port: string;

beforeAll(async () => {
  f = await startStudioFixture(EXAMPLES.todo);
  port = new URL(f.base).port;
});
afterAll(() => f.dispose());

const PROBLEM = 'application/problem+json; charset=utf-8';

describe('the control API token', () => {
  it('answers 401 as a problem without a token', async () => {
    const answer = await rawRequest(f.base, 'GET', '/api/project');
    expect(answer.status).toBe(401);
    expect(answer.headers['content-type']).toBe(PROBLEM);
    expect(answer.json).toMatchObject({
      status: 401,
      type: 'unauthorized',
      instance: '/api/project',
    });
  });

  it.each([
    ['a wrong token', 'Bearer nope'],
    ['the token one character short', () => `Bearer ${f.studio.token.slice(0, -1)}`],
    ['the token with another scheme', () => `Basic ${f.studio.token}`],
    ['the bare token', () => f.studio.token],
  ])('answers 401 for %s', async (_name, value) => {
    const authorization = typeof value === 'function' ? value() : value;
    const answer = await rawRequest(f.base, 'GET', '/api/models', { headers: { authorization } });
    expect(answer.status).toBe(401);
  });

  it('accepts the scheme in any case (RFC 9110 §11.1)', async () => {
    const answer = await rawRequest(f.base, 'GET', '/api/project', {
      headers: { authorization: `bearer ${f.studio.token}` },
    });
    expect(answer.status).toBe(200);
  });

  it('holds at least 128 random bits', () => {
    expect(Buffer.from(f.studio.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(f.studio.studioUrl).toBe(`${f.base}/#token=${f.studio.token}`);
  });
});

describe('the Host and Origin gates', () => {
  it.each(['evil.example', `evil.example:${'PORT'}`, '127.0.0.1:1', 'localhost.evil.example'])(
    'answers 403 to Host %s even with the token',
    async (host) => {
      const answer = await f.api('GET', '/project', undefined, {
        host: host.replace('PORT', port),
      });
      expect(answer.status).toBe(403);
      expect(answer.headers['content-type']).toBe(PROBLEM);
    },
  );

  it.each(['127.0.0.1', 'localhost', '[::1]', 'LOCALHOST'])(
    'serves Host %s with the control port',
    async (name) => {
      const answer = await f.api('GET', '/project', undefined, { host: `${name}:${port}` });
      expect(answer.status).toBe(200);
    },
  );

  it('answers 403 to a foreign Origin, with no CORS header, token or not', async () => {
    for (const origin of ['http://evil.example', 'null', `http://127.0.0.1:${Number(port) + 1}`]) {
      const answer = await f.api('POST', '/server/stop', {}, { origin });
      expect(answer.status).toBe(403);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await rawRequest(f.base, 'OPTIONS', '/api/server/stop', {
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.status).toBe(403);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    }
    expect((await f.api('GET', '/server')).json).toMatchObject({ state: 'running' });
  });

  it('serves its own origin and sends no CORS headers to it', async () => {
    const answer = await f.api('GET', '/project', undefined, { origin: f.base });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe('no-store');
  });
});

describe('the studio UI files', () => {
  it('serves index.html without the token, with a strict CSP', async () => {
    const answer = await rawRequest(f.base, 'GET', '/');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.text).toContain('<title>studio</title>');
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    // The Console calls the mock API from the page: loopback on any port, nothing else.
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:* http://localhost:*;");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves assets and falls back to index.html for client routes', async () => {
    const js = await rawRequest(f.base, 'GET', '/assets/app.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const route = await rawRequest(f.base, 'GET', '/data/Todo');
    expect(route.text).toContain('<title>studio</title>');
    expect((await rawRequest(f.base, 'GET', '/missing.js')).status).toBe(404);
  });

  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2e%2e%2fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/%00index.html',
    '/.env',
    '/%E0%A4%A.js',
  ])('refuses %s', async (path) => {
    const answer = await rawRequest(f.base, 'GET', path);
    expect([400, 403, 404]).toContain(answer.status);
    expect(answer.text).not.toContain('outside the UI folder');
    expect(answer.headers['content-type']).toBe(PROBLEM);
  });

  it('answers 405 to writes outside /api', async () => {
    const answer = await rawRequest(f.base, 'POST', '/index.html', { body: '{}' });
    expect(answer.status).toBe(405);
  });

  it('answers an unknown /api path 404 and a wrong method 405, after the token', async () => {
    expect((await rawRequest(f.base, 'GET', '/api/nope')).status).toBe(401);
    expect((await f.api('GET', '/nope')).status).toBe(404);
    const wrong = await f.api('DELETE', '/project');
    expect(wrong.status).toBe(405);
  });
});

describe('an extra origin (the desktop shell)', () => {
  let shell: StudioFixture;
  beforeAll(async () => {
    shell = await startStudioFixture(EXAMPLES.todo, { extraOrigins: ['app://studio'] });
  });
  afterAll(() => shell.dispose());

  it('gets CORS headers for itself only, preflight included, and still needs the token', async () => {
    const preflight = await rawRequest(shell.base, 'OPTIONS', '/api/project', {
      headers: {
        origin: 'app://studio',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('app://studio');
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Authorization/);

    const call = await shell.api('GET', '/project', undefined, { origin: 'app://studio' });
    expect(call.status).toBe(200);
    expect(call.headers['access-control-allow-origin']).toBe('app://studio');
    expect(call.headers['vary']).toBe('Origin');

    const noToken = await rawRequest(shell.base, 'GET', '/api/project', {
      headers: { origin: 'app://studio' },
    });
    expect(noToken.status).toBe(401);

    const other = await shell.api('GET', '/project', undefined, { origin: 'app://other' });
    expect(other.status).toBe(403);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('gives the event stream the same CORS headers, so the desktop window hears events', async () => {
    const controller = new AbortController();
    const answer = await fetch(`${shell.base}/api/events`, {
      headers: { authorization: `Bearer ${shell.studio.token}`, origin: 'app://studio' },
      signal: controller.signal,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(answer.headers.get('access-control-allow-origin')).toBe('app://studio');
    controller.abort();
  });
});
