/**
 * Issue 46: recording in the studio through its control API. With a proxy target set, Record
 * records what the mock API forwards (not what it mocks); the server status says it is on;
 * stopped, the recording previews as an import does and is written into a new folder, which
 * the studio opens and serves. Without a target there is nothing to record: a 409.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type {
  ImportPreview,
  ProjectStatus,
  RecordingStatus,
  ServerStatus,
} from '../contract/control-api.js';
import { harText } from '../import/test-support/har-fixture.js';
import { startStudio } from '../studio/start-studio.js';
import { jsonRequest } from '../test-support/http-client.js';
import { EXAMPLES } from '../test-support/project-server.js';
import { startStudioFixture, type StudioFixture } from '../test-support/studio-fixture.js';

let f: StudioFixture;
let scratch: string;
let upstream: Server;
let target: string;

beforeEach(async () => {
  upstream = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'sid=s3cr3t' });
    if (req.url === '/members') res.end('[{"id":1,"name":"Ann"},{"id":2,"name":"Bo"}]');
    else if (req.url === '/members/2') res.end('{"id":2,"name":"Bo","team":"red"}');
    else res.end('{"ok":true}');
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  target = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  [f, scratch] = await Promise.all([
    startStudioFixture(EXAMPLES.todo),
    mkdtemp(join(tmpdir(), 'decorest-recording-')),
  ]);
});
afterEach(async () => {
  await f.dispose();
  upstream.closeAllConnections();
  await new Promise<void>((r) => upstream.close(() => r()));
  await rm(scratch, { recursive: true, force: true });
});

describe('recording in the studio', () => {
  it('needs a proxy target: without one, Record is a 409 saying so', async () => {
    const answer = await f.api('POST', '/recording/start');
    expect(answer.status).toBe(409);
    expect(answer.text).toMatch(/set a proxy target first/);
    expect((await f.api('GET', '/recording')).json).toEqual({ state: 'off', exchanges: 0 });
  });

  it('records what the proxy forwards, previews it as an import and writes a project the studio opens', async () => {
    expect((await f.api('PUT', '/behaviour', { routes: [], proxy: target })).status).toBe(200);
    const started = await f.api('POST', '/recording/start');
    expect(started.status, started.text).toBe(200);
    expect((started.json as RecordingStatus).state).toBe('recording');
    expect(((await f.api('GET', '/server')).json as ServerStatus).recording?.state).toBe(
      'recording',
    );
    // Mocked: not recorded. Forwarded: recorded.
    expect((await f.mock('GET', '/todos')).status).toBe(200);
    expect((await f.mock('GET', '/members')).json).toHaveLength(2);
    expect((await f.mock('GET', '/members/2')).status).toBe(200);
    expect((await f.mock('GET', '/ping')).status).toBe(200);
    const stopped = (await f.api('POST', '/recording/stop')).json as RecordingStatus;
    expect(stopped).toMatchObject({ state: 'stopped', exchanges: 3, target });

    const dir = join(scratch, 'members-api');
    const preview = await f.api('POST', '/recording/preview', { dir });
    expect(preview.status, preview.text).toBe(200);
    const plan = preview.json as ImportPreview;
    expect(plan.source.kind).toBe('recording');
    expect(plan.models.map((m) => [m.name, m.records, m.fields])).toEqual([
      [
        'Member',
        2,
        [
          { name: 'name', type: 'string', optional: false },
          { name: 'team', type: 'string', optional: true },
        ],
      ],
    ]);
    expect(plan.routes.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /ping']);
    expect(plan.notes).toContainEqual(expect.objectContaining({ kind: 'guess', at: 'Member' }));

    const opened = await f.api('POST', '/recording/import', { dir });
    expect(opened.status, opened.text).toBe(200);
    expect((opened.json as ProjectStatus).root).toBe(dir);
    expect(existsSync(join(f.dir, '.decorest', 'recording.jsonl'))).toBe(false);
    expect((await f.api('GET', '/recording')).json).toEqual({ state: 'off', exchanges: 0 });
    const user = await f.mock('GET', '/members/2');
    expect(user.json).toEqual({ id: 2, name: 'Bo', team: 'red' });
  });

  it('refuses a relative folder, and a preview while still recording', async () => {
    await f.api('PUT', '/behaviour', { routes: [], proxy: target });
    await f.api('POST', '/recording/start');
    const busy = await f.api('POST', '/recording/preview', {});
    expect(busy.status).toBe(409);
    expect(busy.text).toMatch(/stop the recording first/);
    await f.mock('GET', '/members');
    await f.api('POST', '/recording/stop');
    const relative = await f.api('POST', '/recording/import', { dir: 'x' });
    expect(relative.status).toBe(422);
    expect(relative.text).toMatch(/must be an absolute path/);
    const discarded = await f.api('POST', '/recording/discard');
    expect(discarded.json).toEqual({ state: 'off', exchanges: 0 });
    expect((await f.api('POST', '/recording/preview', {})).status).toBe(409);
  });

  it('keeps a recording the studio left when it closed: the next studio has it waiting', async () => {
    await f.api('PUT', '/behaviour', { routes: [], proxy: target });
    await f.api('POST', '/recording/start');
    await f.mock('GET', '/members');
    await f.studio.close();
    const next = await startStudio({
      dir: f.dir,
      apiPort: 0,
      controlPort: 0,
      staticDir: f.staticDir,
      configDir: f.configDir,
      logger: { error: () => {} },
    });
    try {
      const auth = { authorization: `Bearer ${next.token}` };
      const server = await jsonRequest(next.controlUrl, 'GET', '/api/server', undefined, auth);
      expect((server.json as ServerStatus).recording).toMatchObject({
        state: 'stopped',
        exchanges: 1,
        target,
      });
      const preview = await jsonRequest(
        next.controlUrl,
        'POST',
        '/api/recording/preview',
        {},
        auth,
      );
      expect((preview.json as ImportPreview).models.map((m) => m.name)).toEqual(['Member']);
    } finally {
      await next.close();
    }
  });
});

describe('New project from a file: a HAR', () => {
  it('previews a HAR file sent as text through the recording inference', async () => {
    const text = harText([
      { url: 'https://api.test/members', body: [{ id: 1, name: 'Ann' }] },
      { url: 'https://api.test/logo.png', mimeType: 'image/png', base64: Buffer.from([137, 80]) },
    ]);
    const answer = await f.api('POST', '/import/preview', { fileName: 'session.har', text });
    expect(answer.status, answer.text).toBe(200);
    const preview = answer.json as ImportPreview;
    expect(preview.source).toEqual({ kind: 'har', file: 'session.har' });
    expect(preview.models.map((m) => [m.name, m.records])).toEqual([['Member', 1]]);
    expect(preview.notes).toContainEqual({
      kind: 'not-imported',
      at: 'GET /logo.png',
      text: 'answered image/png (2 B), which is binary: not recorded',
    });
  });
});
