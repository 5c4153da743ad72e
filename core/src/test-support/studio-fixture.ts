/**
 * A real studio for tests: a temp copy of a project, a temp config folder and a stand-in UI
 * build, started on 127.0.0.1 port 0; plus a control client and an event-stream reader.
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { EventBatch, StudioEvent } from '../contract/control-api.js';
import { startStudio, type Studio, type StudioOptions } from '../studio/start-studio.js';
import { jsonRequest, type RawAnswer, rawRequest } from './http-client.js';

export interface StudioFixture {
  readonly studio: Studio;
  readonly dir: string;
  readonly base: string;
  readonly staticDir: string;
  readonly configDir: string;
  /** A control call with the token. */
  api(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<RawAnswer>;
  /** A mock API call. */
  mock(method: string, path: string, body?: unknown): Promise<RawAnswer>;
  dispose(): Promise<void>;
}

export const INDEX_HTML =
  '<!doctype html><title>studio</title><script src="/assets/app.js"></script>';

/**
 * Copies `source` into a fresh temp folder without its data folder, nor its saved requests and
 * environments (examples/todo has some since issue 47): every test starts from an empty
 * collection and saves what it tests.
 */
export async function copyProject(source: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'decorest-studio-'));
  await cp(source, dir, {
    recursive: true,
    filter: (src) =>
      !/[\\/]data([\\/]|$)|^[\\/](requests|environments)([\\/]|$)/.test(src.slice(source.length)),
  });
  return dir;
}

export async function startStudioFixture(
  source: string,
  options: Partial<StudioOptions> = {},
): Promise<StudioFixture> {
  const dir = await copyProject(source);
  const scratch = await mkdtemp(join(tmpdir(), 'decorest-studio-ui-'));
  const staticDir = join(scratch, 'dist');
  const configDir = join(scratch, 'config');
  await mkdir(join(staticDir, 'assets'), { recursive: true });
  await writeFile(join(staticDir, 'index.html'), INDEX_HTML);
  await writeFile(join(staticDir, 'assets', 'app.js'), 'console.log("studio");\n');
  await writeFile(join(scratch, 'secret.txt'), 'outside the UI folder\n');
  const studio = await startStudio({
    dir,
    apiPort: 0,
    controlPort: 0,
    staticDir,
    configDir,
    debounceMs: 50,
    logger: { error: () => {} },
    ...options,
  });
  const base = studio.controlUrl;
  const auth = { authorization: `Bearer ${studio.token}` };
  return {
    studio,
    dir,
    base,
    staticDir,
    configDir,
    api: (method, path, body, headers = {}) =>
      jsonRequest(base, method, `/api${path}`, body, { ...auth, ...headers }),
    mock: (method, path, body) => {
      if (studio.apiUrl === null) throw new Error('the mock API is stopped');
      return jsonRequest(studio.apiUrl, method, path, body);
    },
    dispose: async () => {
      await studio.close();
      await rm(dir, { recursive: true, force: true });
      await rm(scratch, { recursive: true, force: true });
    },
  };
}

/** One open event stream: every batch received, parsed, and a way to wait for an event. */
export interface EventReader {
  readonly batches: EventBatch[];
  /** Every event so far, in arrival order (the same array, growing). */
  events(): (StudioEvent & { id: number })[];
  /** Resolves once `predicate` holds for the events so far (the test's timeout bounds it). */
  waitFor(predicate: (events: (StudioEvent & { id: number })[]) => boolean): Promise<void>;
  close(): void;
}

export function readEvents(
  base: string,
  token: string,
  lastEventId?: number,
): Promise<EventReader> {
  const url = new URL('/api/events', base);
  return new Promise((resolve, reject) => {
    const batches: EventBatch[] = [];
    const all: (StudioEvent & { id: number })[] = [];
    const waiters: (() => void)[] = [];
    let buffer = '';
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname, headers },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`events answered ${res.statusCode}`));
          return;
        }
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const message = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = message
              .split('\n')
              .filter((l) => l.startsWith('data: '))
              .map((l) => l.slice(6))
              .join('\n');
            if (data === '') continue;
            const batch = JSON.parse(data) as EventBatch;
            batches.push(batch);
            all.push(...batch.events);
          }
          for (const wake of waiters.splice(0)) wake();
        });
        const reader: EventReader = {
          batches,
          events: () => all,
          waitFor: async (predicate) => {
            while (!predicate(reader.events())) {
              await new Promise<void>((wake) => waiters.push(wake));
            }
          },
          close: () => req.destroy(),
        };
        resolve(reader);
      },
    );
    req.on('error', () => {});
    req.end();
  });
}

export { rawRequest };
