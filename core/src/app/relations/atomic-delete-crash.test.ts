/**
 * kill -9 during cascading deletes (issue 18): a child process seeds users with hundreds of
 * todos and some notes and deletes them through the write path; the test kills it at a random
 * moment, reopens the folder (recovering any interrupted batch) and checks every family it
 * knows: a user whose delete was acknowledged is gone with all its todos and its notes nulled;
 * a user whose delete may have been under way is either whole (user, every todo, every note
 * naming it) or wholly deleted; every other acknowledged family is whole; no child points at a
 * missing user. The folder carries over from round to round, recoveries included.
 * DECOREST_DELETE_KILLS sets the number of rounds (default 50).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { compileCoreForChild } from '../../test-support/compile-core.js';
import { openWorld } from '../../test-support/delete-world.js';

const ROUNDS = Number(process.env['DECOREST_DELETE_KILLS'] ?? 50);
let out: string;
let folder: string;

beforeAll(() => {
  out = compileCoreForChild('test-support/delete-child.ts');
  folder = mkdtempSync(join(tmpdir(), 'decorest-delete-kill-'));
});
afterAll(() => {
  rmSync(out, { recursive: true, force: true });
  rmSync(folder, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the child until its log has about `lines` lines, waits a random moment, kills it. */
async function runAndKill(lines: number): Promise<string[]> {
  const logFile = join(folder, 'child.log');
  rmSync(logFile, { force: true });
  const script = join(out, 'test-support', 'delete-child.js');
  const child = spawn(process.execPath, [script, folder], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const closed = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('close', (_code, signal) => resolve(signal)),
  );
  let running = true;
  void closed.then(() => (running = false));
  // A log line is about 10 bytes; poll the size rather than parse.
  while (running && (statSync(logFile, { throwIfNoEntry: false })?.size ?? 0) < lines * 10)
    await sleep(2);
  await sleep(Math.random() * 40);
  child.kill('SIGKILL');
  if ((await closed) !== 'SIGKILL')
    throw new Error(`the delete child exited on its own: ${stderr}`);
  const text = readFileSync(logFile, 'utf8').split('\n');
  text.pop(); // a line without its newline was cut by the kill
  return text;
}

interface Family {
  todos: number;
  notes: number;
  /** 'whole', 'maybe' (a delete under way at the kill), 'gone' (delete acknowledged). */
  state: 'whole' | 'maybe' | 'gone';
}

describe('kill -9 during cascading deletes', () => {
  it(`leaves every family whole or wholly deleted (${ROUNDS} kills)`, async () => {
    const families = new Map<number, Family>();
    const seen = { rolledForward: 0, rolledBack: 0, deletesAcked: 0, maybe: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      for (const line of await runAndKill(1 + Math.floor(Math.random() * 5))) {
        const [op, a, b, c] = line.split(' ');
        const user = Number(a);
        if (op === 'C') families.set(user, { todos: Number(b), notes: Number(c), state: 'whole' });
        if (op === 'd' && families.has(user)) families.get(user)!.state = 'maybe';
        if (op === 'D' && families.has(user)) families.get(user)!.state = 'gone';
        if (op === 'D') seen.deletesAcked++;
      }
      const world = await openWorld(folder);
      for (const note of world.recovered) {
        if (note.includes('completed')) seen.rolledForward++;
        else seen.rolledBack++;
      }
      const users = new Set<unknown>([...world.files.users.values()].map((u) => u.id));
      const todosOf = new Map<unknown, number>();
      for (const todo of world.files.todos.values()) {
        expect(users.has(todo['user']), `round ${round}: todo ${todo.id} is orphaned`).toBe(true);
        todosOf.set(todo['user'], (todosOf.get(todo['user']) ?? 0) + 1);
      }
      const notesOf = new Map<string, { mine: number; nulled: number }>();
      for (const note of world.files.notes.values()) {
        const owner = String(note['text']).split('-')[0]!;
        const count = notesOf.get(owner) ?? { mine: 0, nulled: 0 };
        if (note['user'] === null) count.nulled++;
        else {
          expect(users.has(note['user']), `round ${round}: note ${note.id} is orphaned`).toBe(true);
          count.mine++;
        }
        notesOf.set(owner, count);
      }
      for (const [user, family] of families) {
        const present = users.has(user);
        const found = {
          todos: todosOf.get(user) ?? 0,
          notes: notesOf.get(`u${user}`) ?? { mine: 0, nulled: 0 },
        };
        const whole = { todos: family.todos, notes: { mine: family.notes, nulled: 0 } };
        const deleted = { todos: 0, notes: { mine: 0, nulled: family.notes } };
        const where = `round ${round}: user ${user} (${family.state})`;
        if (family.state === 'whole') expect(present, where).toBe(true);
        if (family.state === 'gone') expect(present, where).toBe(false);
        if (family.state === 'maybe') seen.maybe++;
        expect(found, where).toEqual(present ? whole : deleted);
        // What survived is what the next round builds on.
        family.state = present ? 'whole' : 'gone';
      }
      await world.close();
    }
    // The kills did land: deletes were acknowledged and some were caught under way.
    expect(seen.deletesAcked).toBeGreaterThan(0);
    expect(seen.maybe).toBeGreaterThan(0);
    if (process.env['DEBUG_DELETE_KILLS']) console.log(seen);
  }, 120_000);
});
