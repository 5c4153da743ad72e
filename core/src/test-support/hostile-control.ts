/**
 * The studio the hostile control-API tests attack (issues 7, 12 and 24 §4), shared by the
 * `control/hostile-control-*.test.ts` files: `useHostileControl()` starts one studio on a copy of
 * examples/todo for the calling test file; raw requests carry its token; `expectAnswered` is the
 * check every answer passes, and the snapshots show a refused write or edit changed nothing.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { afterAll, beforeAll, expect } from 'vitest';

import { type PlainRecord, replayDataDir } from './datafile-replay.js';
import { EXAMPLES } from './project-server.js';
import { exchange, type RawExchange, requestBytes } from './raw-http.js';
import { startStudioFixture, type StudioFixture } from './studio-fixture.js';

const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

/** The studio under attack and its control port: set by `useHostileControl()`'s `beforeAll`. */
export let f: StudioFixture;
export let port: number;

/** Starts the studio before the calling file's tests and stops it after them. */
export function useHostileControl(): void {
  beforeAll(async () => {
    f = await startStudioFixture(EXAMPLES.todo);
    port = Number(new URL(f.base).port);
  }, 60_000);
  afterAll(() => f.dispose());
}

/** The example's models: path, fields, and a valid body that hostile bodies start from. */
export const MODELS: Record<
  string,
  { path: string; fields: string[]; seed: Record<string, unknown> }
> = {
  User: { path: 'users', fields: ['id', 'name', 'todos'], seed: { name: 'Ann' } },
  Todo: {
    path: 'todos',
    fields: ['id', 'content', 'completed', 'user'],
    seed: { content: 'x', completed: false },
  },
};

/** A raw request to the control port with the token and `connection: close`; `headers` win. */
export function send(
  method: string,
  target: string,
  headers: [string, string][] = [],
  body?: Buffer,
): Promise<RawExchange> {
  const base: [string, string][] = [
    ['host', `127.0.0.1:${port}`],
    ['authorization', `Bearer ${f.studio.token}`],
    ['connection', 'close'],
  ];
  const names = new Set(headers.map(([n]) => n.toLowerCase()));
  const all = [...base.filter(([n]) => !names.has(n)), ...headers];
  if (body !== undefined) all.push(['content-length', String(body.length)]);
  return exchange(port, requestBytes(method, target, all, body));
}

/** A success or a 4xx problem without a stack: never a 5xx, never a closed connection. */
export function expectAnswered(answer: RawExchange): void {
  expect(answer.status, 'the connection closed without an answer').not.toBe(0);
  expect(answer.status, `5xx: ${answer.text}`).toBeLessThan(500);
  if (answer.status >= 400) {
    expect(answer.headers['content-type'], answer.text).toBe(PROBLEM_TYPE);
    expect(answer.text).not.toMatch(/\bat .*\.(ts|js):\d+/);
  }
}

/** Records as the control API exports them and as the datafiles replay, by model path. */
export async function state(): Promise<{
  memory: Record<string, PlainRecord[]>;
  files: Record<string, PlainRecord[]>;
}> {
  const memory: Record<string, PlainRecord[]> = {};
  for (const [name, { path }] of Object.entries(MODELS)) {
    memory[path] = (await f.api('GET', `/models/${name}/export`)).json as PlainRecord[];
  }
  return { memory, files: await replayDataDir(join(f.dir, 'data')) };
}

/** The id of one of `model`'s records (`pick` modulo their count), so paths name a real one. */
export async function someId(model: string, pick: number): Promise<string> {
  const records = (await f.api('GET', `/models/${model}/export`)).json as { id: number }[];
  return String(records[pick % Math.max(1, records.length)]?.id ?? 1);
}

/** The project's model sources and datafiles, to show a refused edit wrote nothing. */
export async function projectFiles(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of ['todo.ts', 'user.ts', 'data/todos.db', 'data/users.db'])
    out[name] = await readFile(join(f.dir, name), 'utf8');
  return out;
}

/** A JSON body as text: `"@deep:<n>"` becomes `n` nested arrays, which `JSON.stringify` of a
 * real value that deep would overflow the test's own stack building. */
function bodyText(body: unknown): Buffer {
  return Buffer.from(
    JSON.stringify(body).replace(/"@deep:(\d+)"/g, (_m, n: string) => {
      const levels = Number(n);
      return `${'['.repeat(levels)}1${']'.repeat(levels)}`;
    }),
  );
}

/** A model-edit call with `body` as JSON text; its answer passes `expectAnswered`. */
export async function postEdit(path: string, body: unknown): Promise<RawExchange> {
  const answer = await send(
    'POST',
    `/api${path}`,
    [['content-type', 'application/json']],
    bodyText(body),
  );
  expectAnswered(answer);
  return answer;
}

/** The hashes an apply needs, as the files are now (`gadget.ts`: a new model's file). */
async function currentHashes(): Promise<Record<string, string | null>> {
  const source = (await f.api('GET', '/models/Todo/source')).json as { file: string; hash: string };
  const user = (await f.api('GET', '/models/User/source')).json as { file: string; hash: string };
  return { [source.file]: source.hash, [user.file]: user.hash, 'gadget.ts': null };
}

/**
 * Each edit is refused with a 422 naming `field` (and a message matching `message`) at the
 * preview and at the apply, and nothing on disk changes.
 */
export async function expectRefused(edit: unknown, field: string, message: RegExp): Promise<void> {
  const before = await projectFiles();
  const preview = await postEdit('/model-edits/preview', { edit });
  expect(preview.status, preview.text).toBe(422);
  const error = (JSON.parse(preview.text) as { errors: { field: string; message: string }[] })
    .errors[0]!;
  expect(error.field, preview.text).toBe(field);
  expect(error.message).toMatch(message);
  const apply = await postEdit('/model-edits', { edit, hashes: await currentHashes() });
  expect(apply.status, apply.text).toBe(422);
  expect(await projectFiles()).toEqual(before);
}
