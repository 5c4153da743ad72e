/**
 * Load (issue 7): 50 concurrent clients mixing reads and writes on examples/todo for a bounded
 * time end with the API, the datafiles and a fresh restart agreeing record for record, with no
 * 5xx and no acknowledged write lost; and memory stays flat across repeated loads of a project
 * in one process (a child under `--expose-gc`, on the compiled core).
 *
 * DECOREST_LONG=1 soaks for 60 s and loads 200 times; DECOREST_REPORT=1 prints the figures
 * RELIABILITY.md quotes.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterEach, describe, expect, it } from 'vitest';

import { memoryRecords, type PlainRecord, replayDataDir } from '../test-support/datafile-replay.js';
import { jsonRequest, type RawAnswer } from '../test-support/http-client.js';
import { EXAMPLES, serveCopy, type ServedProject } from '../test-support/project-server.js';

const LONG = process.env['DECOREST_LONG'] === '1';
const CLIENTS = 50;
const SOAK_MS = LONG ? 60_000 : 5_000;
const LOAD_CYCLES = LONG ? 200 : 24;
const report = (line: string): void => {
  if (process.env['DECOREST_REPORT'] === '1') console.log(line);
};

let served: ServedProject | undefined;
afterEach(async () => {
  await served?.dispose();
  served = undefined;
});

/** What the clients were told, for checking the end state against it. */
class Ledger {
  readonly statuses = new Map<string, number>();
  readonly serverErrors: string[] = [];
  readonly unexpected: string[] = [];
  readonly todos = new Set<number>();
  readonly users = new Set<number>();
  readonly deletedTodos = new Set<number>();
  readonly deletedUsers = new Set<number>();
  requests = 0;

  note(what: string, answer: RawAnswer, allowed: readonly number[]): void {
    this.requests++;
    const key = `${what} ${answer.status}`;
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
    if (answer.status >= 500) this.serverErrors.push(`${what} → ${answer.status} ${answer.text}`);
    else if (!allowed.includes(answer.status))
      this.unexpected.push(`${what} → ${answer.status} ${answer.text}`);
  }

  /** Any id the clients saw created, alive or not: requests on deleted ones must answer 404. */
  pick(ids: ReadonlySet<number>): number {
    const all = [...ids];
    return all.length === 0 ? 1 : all[Math.floor(Math.random() * all.length)]!;
  }
}

const oneOf = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** One client: random requests, one at a time, until `until`. */
async function client(url: string, ledger: Ledger, until: number): Promise<void> {
  const call = (method: string, path: string, body?: unknown) =>
    jsonRequest(url, method, path, body);
  while (Date.now() < until) {
    const todo = ledger.pick(ledger.todos);
    const user = ledger.pick(ledger.users);
    const owner = Math.random() < 0.3 ? null : user;
    const roll = Math.random();
    if (roll < 0.15) {
      ledger.note('GET /todos', await call('GET', '/todos'), [200]);
    } else if (roll < 0.2) {
      const query = oneOf(['?limit=5', '?completed=true', '?_sort=content&_order=desc', '?q=c']);
      ledger.note('GET /todos?query', await call('GET', `/todos${query}`), [200]);
    } else if (roll < 0.3) {
      ledger.note('GET /todos/:id', await call('GET', `/todos/${todo}`), [200, 404]);
    } else if (roll < 0.4) {
      ledger.note('GET /users/:id/todos', await call('GET', `/users/${user}/todos`), [200, 404]);
    } else if (roll < 0.45) {
      ledger.note('GET /users', await call('GET', '/users?embed=todos'), [200]);
    } else if (roll < 0.55) {
      const answer = await call('POST', '/users', { name: `client user ${roll}` });
      ledger.note('POST /users', answer, [201]);
      if (answer.status === 201) ledger.users.add((answer.json as { id: number }).id);
    } else if (roll < 0.7) {
      const body = { content: `todo ${roll}`, completed: false, ...(owner ? { user: owner } : {}) };
      const answer = await call('POST', '/todos', body);
      // 422: the user was deleted by another client meanwhile.
      ledger.note('POST /todos', answer, [201, 422]);
      if (answer.status === 201) ledger.todos.add((answer.json as { id: number }).id);
    } else if (roll < 0.8) {
      const body = oneOf([{ completed: true }, { content: `patched ${roll}` }, { user: owner }]);
      ledger.note('PATCH /todos/:id', await call('PATCH', `/todos/${todo}`, body), [200, 404, 422]);
    } else if (roll < 0.87) {
      const route = oneOf(['/todos', '/manual/todos']);
      const body = { content: `replaced ${roll}`, completed: true, user: owner };
      ledger.note(`PUT ${route}/:id`, await call('PUT', `${route}/${todo}`, body), [200, 404, 422]);
    } else if (roll < 0.95) {
      const route = oneOf(['/todos', '/manual/todos']);
      const answer = await call('DELETE', `${route}/${todo}`);
      ledger.note(`DELETE ${route}/:id`, answer, [200, 404]);
      if (answer.status === 200) ledger.deletedTodos.add(todo);
    } else if (roll < 0.97) {
      const answer = await call('DELETE', `/users/${user}`);
      ledger.note('DELETE /users/:id', answer, [200, 404]);
      if (answer.status === 200) ledger.deletedUsers.add(user);
    } else {
      ledger.note(
        'GET /users/:id/summary',
        await call('GET', `/users/${user}/summary`),
        [200, 404],
      );
    }
  }
}

async function list(url: string, path: string): Promise<PlainRecord[]> {
  const answer = await jsonRequest(url, 'GET', path);
  expect(answer.status).toBe(200);
  return answer.json as PlainRecord[];
}

describe(`${CLIENTS} concurrent clients mixing reads and writes`, () => {
  it(
    `leave the API, the datafiles and a restart agreeing record for record (${SOAK_MS / 1000} s)`,
    async () => {
      served = await serveCopy(EXAMPLES.todo);
      const ledger = new Ledger();
      for (let i = 0; i < 5; i++) {
        const user = await jsonRequest(served.url, 'POST', '/users', { name: `seed ${i}` });
        ledger.users.add((user.json as { id: number }).id);
      }
      const started = Date.now();
      await Promise.all(
        Array.from({ length: CLIENTS }, () => client(served!.url, ledger, started + SOAK_MS)),
      );

      expect(ledger.serverErrors, 'no 5xx').toEqual([]);
      expect(ledger.unexpected).toEqual([]);
      const todos = await list(served.url, '/todos');
      const users = await list(served.url, '/users');
      const files = await replayDataDir(served.dataDir);
      expect(files['todos'], 'todos.db replays to GET /todos').toEqual(todos);
      expect(files['users'], 'users.db replays to GET /users').toEqual(users);
      expect(await memoryRecords(served.project)).toEqual({ todos, users });

      // Nothing acknowledged is lost; nothing acknowledged as deleted is back.
      const todoIds = new Set(todos.map((t) => t['id']));
      const lost = [...ledger.todos].filter(
        (id) => !ledger.deletedTodos.has(id) && !todoIds.has(id),
      );
      expect(lost, 'acknowledged todos lost').toEqual([]);
      expect([...ledger.deletedTodos].filter((id) => todoIds.has(id))).toEqual([]);
      const userIds = new Set(users.map((u) => u['id']));
      expect(
        [...ledger.users].filter((id) => !ledger.deletedUsers.has(id) && !userIds.has(id)),
      ).toEqual([]);

      // Every todo's user exists: a child written during its parent's delete is never orphaned
      // (the parent model's relation lock, core/src/app/relation-lock.ts).
      const orphans = todos.filter((t) => t['user'] !== null && !userIds.has(t['user']));
      expect(orphans, 'todos pointing at a deleted user').toEqual([]);
      // The nested list agrees with the flat one for every user.
      for (const user of users) {
        const mine = await list(served.url, `/users/${String(user['id'])}/todos`);
        expect(mine).toEqual(todos.filter((t) => t['user'] === user['id']));
      }

      served = await served.restart();
      expect(await list(served.url, '/todos'), 'todos after a restart').toEqual(todos);
      expect(await list(served.url, '/users'), 'users after a restart').toEqual(users);

      const writes = [...ledger.statuses]
        .filter(([k]) => !k.startsWith('GET'))
        .reduce((n, [, c]) => n + c, 0);
      report(
        `load-soak figures ${JSON.stringify({
          clients: CLIENTS,
          seconds: SOAK_MS / 1000,
          requests: ledger.requests,
          writes,
          todosCreated: ledger.todos.size,
          todosDeleted: ledger.deletedTodos.size,
          usersDeleted: ledger.deletedUsers.size,
          finalTodos: todos.length,
          finalUsers: users.length,
          serverErrors: ledger.serverErrors.length,
          acknowledgedLost: lost.length,
          statuses: Object.fromEntries(ledger.statuses),
        })}`,
      );
    },
    SOAK_MS + 60_000,
  );
});

interface CycleReport {
  samples: { heapUsed: number; resources: number }[];
  alive: { tables: number; stores: number; servers: number };
  /** Active resources before the first load and after the last. */
  baseline: string[];
  resources: string[];
}

function runCycles(dir: string, cycles: number): Promise<CycleReport> {
  const script = fileURLToPath(new URL('../test-support/load-cycles.mjs', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', script, dir, String(cycles)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`load-cycles exited with ${String(code)}: ${stderr}`));
      else resolve(JSON.parse(stdout) as CycleReport);
    });
  });
}

describe('repeated loads of a project in one process', () => {
  it(
    `free every route table, datastore and server, and keep the heap flat (${LOAD_CYCLES} loads)`,
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'decorest-cycles-'));
      try {
        await cp(EXAMPLES.todo, dir, { recursive: true, filter: (src) => !src.includes('/data') });
        const { samples, alive, baseline, resources } = await runCycles(dir, LOAD_CYCLES);
        expect(samples).toHaveLength(LOAD_CYCLES);
        // After warm-up (caches, JIT), the heap stays within a bound however many loads follow.
        const MiB = 1024 * 1024;
        const floor = (from: number, to?: number) =>
          Math.min(...samples.slice(from, to).map((s) => s.heapUsed));
        const warm = floor(3, 6);
        const last = floor(-3);
        const growth = (last - warm) / MiB;
        report(
          `load-cycles figures ${JSON.stringify({
            loads: LOAD_CYCLES,
            heapAfterWarmupMiB: +(warm / MiB).toFixed(2),
            heapAtEndMiB: +(last / MiB).toFixed(2),
            growthMiB: +growth.toFixed(2),
            alive,
          })}`,
        );
        // Earlier loads were collected: nothing holds a closed project's table, stores or
        // server. A leak keeps one per load; one straggler still reachable at the moment of
        // counting (seen once in a 200-load run, under CPU contention) is tolerated.
        expect(alive.tables).toBeLessThanOrEqual(1);
        expect(alive.stores).toBeLessThanOrEqual(1);
        expect(alive.servers).toBeLessThanOrEqual(1);
        // No handle (timer, socket, file) outlives its load.
        expect(samples.map((s) => s.resources)).toEqual(samples.map(() => samples[0]!.resources));
        expect(resources).toEqual(baseline);
        expect(growth, 'heap growth after warm-up (MiB)').toBeLessThan(LONG ? 5 : 3);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    120_000 + LOAD_CYCLES * 1_000,
  );
});
