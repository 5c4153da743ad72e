/**
 * The harness of the hostile-input tests (issue 7): the two served projects, the state
 * snapshots and the checks every hostile exchange must pass. See hostile-input.test.ts.
 */

import { afterAll, beforeAll, expect } from 'vitest';

import type { ModelRuntime } from '../app/model-runtime.js';
import type { RouteDefinition } from '../http/types.js';
import { memoryRecords, type PlainRecord, replayDataDir } from './datafile-replay.js';
import { FIXTURES } from './fixtures.js';
import { percentEncode } from './hostile-inputs.js';
import { EXAMPLES } from './project-server.js';
import { exchange, type RawExchange, requestBytes } from './raw-http.js';
import { type SandboxServer, serveInSandbox, treeOf } from './sandbox-server.js';

export const LONG = process.env['DECOREST_LONG'] === '1';
/** Inputs per property and project. */
export const RUNS = LONG ? 5_000 : 150;
export const TIMEOUT_MS = 5_000;
/** vitest's time limit for each property test. */
export const PROPERTY_MS = LONG ? 1_800_000 : 60_000;
export const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

export class Target {
  /** Set in `beforeAll`. */
  served!: SandboxServer;

  constructor(
    readonly name: string,
    readonly source: string,
    /** A route that answers 200 while the server is healthy. */
    readonly health: string,
    /** A valid body per model class, seeded and used as the base of hostile bodies. */
    readonly seeds: Readonly<Record<string, Record<string, unknown>>>,
  ) {}
}

export const TARGETS: Target[] = [
  new Target('library fixture', FIXTURES.library, '/api/status', {
    Category: { slug: 'news' },
    Person: { name: 'Ann', email: 'ann@example.com', age: 30 },
    Magazine: { title: 'Wired', tags: ['tech'], priority: 'low', published: true, issue: 1 },
    StickyNote: { text: 'hello', colors: ['pink'] },
    TodoItem: { label: 'milk', scores: [1, 2] },
  }),
  new Target('examples/todo', EXAMPLES.todo, '/hello/health', {
    User: { name: 'Ann' },
    Todo: { content: 'write specs', completed: false },
    Quote: { text: 'Less is more.', author: 'Mies' },
  }),
];

/** Figures for RELIABILITY.md: inputs tried and answers by status, per test. */
export const figures = new Map<string, { inputs: number; byStatus: Record<string, number> }>();
export const measured: Record<string, number> = {};
let current = '';

/** Names the test whose inputs `count` tallies next. */
export function setCurrent(name: string): void {
  current = name;
}

/** Serves every target around the calling test file, and prints its figures when asked. */
export function useHostileTargets(): void {
  beforeAll(async () => {
    for (const target of TARGETS) target.served = await serveInSandbox(target.source);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(TARGETS.map((t) => t.served?.dispose()));
    if (process.env['DECOREST_REPORT'] === '1')
      console.log(
        `hostile-input figures ${JSON.stringify({ ...Object.fromEntries(figures), measured })}`,
      );
  });
}

export function count(status: number): void {
  const entry = figures.get(current) ?? { inputs: 0, byStatus: {} };
  entry.inputs++;
  const key = status === 0 ? 'closed' : `${Math.floor(status / 100)}xx`;
  entry.byStatus[key] = (entry.byStatus[key] ?? 0) + 1;
  figures.set(current, entry);
}

// ---------------------------------------------------------------------------------------------
// The project under test

export function defaultModels(target: Target): ModelRuntime[] {
  return target.served.project.runtimes.filter((r) => r.schema.dataSource === undefined);
}

/** The model a route serves: generated routes name it, manual ones carry its path. */
export function modelOf(target: Target, route: RouteDefinition): ModelRuntime | undefined {
  const runtimes = target.served.project.runtimes;
  if (route.model !== undefined) return runtimes.find((r) => r.schema.name === route.model);
  const segments = route.path.split('/');
  return runtimes.find((r) => segments.includes(r.schema.path));
}

export function fieldNames(runtime: ModelRuntime | undefined): string[] {
  if (!runtime) return [];
  return [
    'id',
    ...runtime.schema.fields.map((f) => f.name),
    ...runtime.schema.relations.map((r) => r.field),
  ];
}

/** Keeps at least three records in every default-datasource model, so ids resolve. */
export async function ensureSeeded(target: Target): Promise<void> {
  for (const runtime of defaultModels(target)) {
    const seed = target.seeds[runtime.schema.name];
    if (!seed) continue;
    while ((await runtime.store.records()).count() < 3) {
      await runtime.store.insert(runtime.validator.create(structuredClone(seed)));
    }
  }
}

/** An id in a path: one of the model's existing records, or hostile text (already encoded). */
export type IdChoice = { existing: number } | { raw: string };

export async function idText(
  target: Target,
  route: RouteDefinition,
  choice: IdChoice,
): Promise<string> {
  if ('raw' in choice) return choice.raw;
  const runtime = modelOf(target, route);
  const ids = runtime ? [...(await runtime.store.records()).values()].map((r) => r.id) : [1];
  return percentEncode(String(ids[choice.existing % Math.max(1, ids.length)] ?? 1));
}

// ---------------------------------------------------------------------------------------------
// Invariants

export interface State {
  memory: Record<string, PlainRecord[]>;
  files: Record<string, PlainRecord[]>;
  tree: string[];
}

export async function stateOf(target: Target): Promise<State> {
  const { project, sandbox, dataDir } = target.served;
  return {
    memory: await memoryRecords(project),
    files: await replayDataDir(dataDir),
    tree: (await treeOf(sandbox, dataDir)).filter((p) => !p.endsWith('.compacting')),
  };
}

/** Object.prototype's own keys before any hostile input: any key added later is pollution. */
const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();

/**
 * The server runs in this process, so a body that reached Object.prototype (a merge through a
 * `__proto__` key) shows here under whatever name it used, and one that replaced a stored
 * record's prototype shows on that record.
 */
export async function expectNoPrototypeTampering(target: Target): Promise<void> {
  expect(Object.getOwnPropertyNames(Object.prototype).sort(), 'Object.prototype polluted').toEqual(
    PROTOTYPE_KEYS,
  );
  for (const runtime of defaultModels(target)) {
    for (const record of (await runtime.store.records()).values()) {
      const proto: unknown = Object.getPrototypeOf(record);
      if (proto !== Object.prototype && proto !== null)
        expect.fail(`${runtime.schema.name} ${String(record.id)} has a foreign prototype`);
    }
  }
}

export function expectProblem(answer: RawExchange, method: string): void {
  expect(answer.headers['content-type'], answer.text).toBe(PROBLEM_TYPE);
  if (method === 'HEAD') return; // no body on HEAD
  const body = answer.json as Record<string, unknown>;
  expect(body, answer.text).toMatchObject({
    status: answer.status,
    type: expect.any(String),
    title: expect.any(String),
    detail: expect.any(String),
  });
  expect(body['message']).toBe(body['detail']);
  expect(answer.text).not.toMatch(/\bat .*\.(ts|js):\d+/); // never a stack trace
}

/** A success, or a 4xx problem; a manual route may answer its own 4xx JSON (`{message}`). */
export function expectSuccessOrProblem(
  answer: RawExchange,
  method: string,
  route: RouteDefinition | undefined,
): void {
  expect(answer.status, 'the server closed the connection without answering').not.toBe(0);
  expect(answer.status, `5xx: ${answer.text}`).toBeLessThan(500);
  if (answer.status >= 400) {
    const own =
      route?.origin === 'manual' &&
      answer.headers['content-type']?.startsWith('application/json') === true &&
      (method === 'HEAD' ||
        typeof (answer.json as { message?: unknown } | undefined)?.message === 'string');
    if (!own) expectProblem(answer, method);
  } else if (method !== 'HEAD' && answer.body.length > 0) {
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json, answer.text.slice(0, 200)).not.toBeUndefined();
  }
}

export function sortById(records: PlainRecord[]): PlainRecord[] {
  return [...records].sort((a, b) =>
    typeof a['id'] === 'number' && typeof b['id'] === 'number'
      ? a['id'] - b['id']
      : String(a['id']).localeCompare(String(b['id'])),
  );
}

/**
 * After an accepted generated write, exactly its record changed: one more on create, one
 * replaced on PUT/PATCH, one fewer on DELETE, and elsewhere only children whose relation to
 * the deleted record was cleared (CONTRACT §3).
 */
export function expectOnlyTargetChanged(
  before: State,
  after: State,
  target: Target,
  route: RouteDefinition,
  answer: RawExchange,
): void {
  const runtime = modelOf(target, route);
  if (!runtime || route.origin !== 'generated') return;
  const path = runtime.schema.path;
  const record = JSON.parse(answer.text) as PlainRecord;
  const others = before.memory[path]!.filter((r) => r['id'] !== record['id']);
  if (route.operation === 'create') {
    expect(sortById(after.memory[path]!)).toEqual(sortById([...before.memory[path]!, record]));
  } else if (route.operation === 'replace' || route.operation === 'patch') {
    expect(sortById(after.memory[path]!)).toEqual(sortById([...others, record]));
  } else if (route.operation === 'delete') {
    expect(sortById(after.memory[path]!)).toEqual(sortById(others));
  }
  for (const [model, records] of Object.entries(before.memory)) {
    if (model === path) continue;
    const now = after.memory[model]!;
    if (route.operation !== 'delete') {
      expect(now, `${model} changed`).toEqual(records);
      continue;
    }
    expect(now.length).toBe(records.length);
    records.forEach((was, i) => {
      const is = now[i]!;
      for (const key of Object.keys(was)) {
        if (JSON.stringify(is[key]) !== JSON.stringify(was[key]))
          expect([key, was[key], is[key]]).toEqual([key, record['id'], null]);
      }
    });
  }
}

export interface HostileRequest {
  method: string;
  target: string;
  headers: [string, string][];
  body?: Buffer;
  /** Send the body with chunked transfer encoding instead of Content-Length. */
  chunked?: boolean;
}

export function wire(served: SandboxServer, request: HostileRequest): Buffer {
  const headers: [string, string][] = [];
  if (!request.headers.some(([name]) => name.toLowerCase() === 'host'))
    headers.push(['host', `127.0.0.1:${served.port}`]);
  headers.push(...request.headers, ['connection', 'close']);
  let body = request.body;
  if (body !== undefined && request.chunked) {
    headers.push(['transfer-encoding', 'chunked']);
    const half = Math.floor(body.length / 2);
    const chunk = (b: Buffer): Buffer[] =>
      b.length === 0 ? [] : [Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from('\r\n')];
    body = Buffer.concat([
      ...chunk(body.subarray(0, half)),
      ...chunk(body.subarray(half)),
      Buffer.from('0\r\n\r\n'),
    ]);
  } else if (body !== undefined) headers.push(['content-length', String(body.length)]);
  return requestBytes(request.method, request.target, headers, body);
}

export const isWrite = (method: string): boolean =>
  ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);

/** Sends one hostile request and checks every invariant; returns the answer. */
export async function expectSafe(t: Target, request: HostileRequest): Promise<RawExchange> {
  const served = t.served;
  await ensureSeeded(t);
  const before = await stateOf(t);
  const answer = await exchange(served.port, wire(served, request), TIMEOUT_MS);
  count(answer.status);
  const what = `${request.method} ${request.target.slice(0, 200)} → ${answer.status} ${answer.text.slice(0, 300)}`;
  const logged = served.logged.splice(0).map((e) => (e instanceof Error ? e.stack : String(e)));
  expect(logged, what).toEqual([]);
  // The route that answered, as the server's own table matches it (a hostile path or method
  // may reach another route than the one it was made from, or none).
  const path = request.target.split('?')[0]!;
  const route = served.project.table.match(
    request.method === 'HEAD' ? 'GET' : request.method,
    path,
  )?.value;
  expectSuccessOrProblem(answer, request.method, route);

  const health = await exchange(
    served.port,
    wire(served, { method: 'GET', target: t.health, headers: [] }),
  );
  expect(health.status, 'the server still answers').toBe(200);

  const after = await stateOf(t);
  expect(after.files, 'the datafiles replay to what memory holds').toEqual(after.memory);
  expect(after.tree, 'no file created or removed outside the datafiles').toEqual(before.tree);
  expect(answer.text).not.toContain(served.canary);
  expect(answer.text).not.toMatch(/root:.*:0:0:/);
  await expectNoPrototypeTampering(t);
  const accepted = isWrite(request.method) && answer.status >= 200 && answer.status < 300;
  if (!accepted)
    expect(after.memory, `${what}: a rejected request changed records`).toEqual(before.memory);
  else if (route) expectOnlyTargetChanged(before, after, t, route, answer);
  return answer;
}
