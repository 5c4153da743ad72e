/**
 * Child process for the kill -9 test of atomic delete rules (issue 18). Forever: seeds a user
 * with 200–1,000 todos (cascaded) and 0–30 notes (nullified), then deletes the new user or an
 * older one. Each child's content names its user (`u<id>-<n>`), so the parent can tell a whole
 * family from part of one. Logs with one synchronous write(2) per line, complete at the kill:
 *   `C <user> <todos> <notes>`  the user and all its children acknowledged
 *   `d <user>`                  about to delete (it may land)
 *   `D <user>`                  delete acknowledged
 * Usage: node delete-child.js <folder>
 */
import { openSync, writeSync } from 'node:fs';
import { join } from 'node:path';

import { deleteRecord } from '../app/write/record-writes.js';
import { openWorld } from './delete-world.js';

const folder = process.argv[2]!;
const log = openSync(join(folder, 'child.log'), 'w');
const say = (line: string): void => void writeSync(log, `${line}\n`);

async function main(): Promise<void> {
  const world = await openWorld(folder);
  const live = [...world.files.users.values()].map((u) => u.id as number);
  say(`S ${live.length}`);
  for (;;) {
    const user = (await world.files.users.insert({ name: 'someone' })).id as number;
    const todos = 200 + Math.floor(Math.random() * 800);
    const notes = Math.floor(Math.random() * 31);
    await Promise.all(
      Array.from({ length: todos }, (_, i) =>
        world.files.todos.insert({ content: `u${user}-${i}`, user }),
      ),
    );
    await Promise.all(
      Array.from({ length: notes }, (_, i) =>
        world.files.notes.insert({ text: `u${user}-${i}`, user }),
      ),
    );
    say(`C ${user} ${todos} ${notes}`);
    live.push(user);
    // Mostly the new user; an older one too, and always while families pile up from kills.
    const older = live.length > 3 || Math.random() < 0.3;
    const victim = older
      ? live.splice(Math.floor(Math.random() * live.length), 1)[0]!
      : live.pop()!;
    say(`d ${victim}`);
    await deleteRecord(world.users, victim);
    say(`D ${victim}`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String((error as Error).stack ?? error)}\n`);
  process.exit(1);
});
