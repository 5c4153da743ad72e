/**
 * Child process for the kill -9 test (issue 7). Writes forever with 16 concurrent workers
 * and logs one line per event to `<datafile>.log` with a synchronous write(2) each, so
 * whatever was logged is in the log when the SIGKILL lands (stdout to a pipe is not: Node
 * buffers it when the pipe is full, and a SIGKILL drops the buffer):
 *   `I <id>`      insert acknowledged
 *   `R <id> <v>`  replace to version v acknowledged
 *   `d <id>`      about to remove (printed BEFORE the write, so the parent knows it may land)
 *   `D <id>`      remove acknowledged
 * Usage: node crash-writer.js <datafile>
 */
import { openSync, writeSync } from 'node:fs';

import { openFileCollection } from '../collections/file-collection.js';

const file = process.argv[2]!;
const log = openSync(`${file}.log`, 'w');
const say = (line: string): void => void writeSync(log, `${line}\n`);

async function main(): Promise<void> {
  // A small slack so compactions run, and get killed, too.
  const store = await openFileCollection(file, {
    idKind: 'number',
    autoCompact: { ratio: 1.5, slack: 40 },
  });
  const live: number[] = [];
  let version = 0;
  for (const record of store.values()) {
    live.push(record.id as number);
    version = Math.max(version, Number(record['v'] ?? 0));
  }
  say(`S ${store.count()}`);
  const worker = async (): Promise<never> => {
    for (;;) {
      const dice = Math.random();
      if (dice < 0.4 || live.length < 5) {
        const record = await store.insert({
          v: 0,
          pad: 'x'.repeat(Math.floor(Math.random() * 200)),
        });
        live.push(record.id as number);
        say(`I ${record.id}`);
      } else if (dice < 0.85) {
        const id = live[Math.floor(Math.random() * live.length)]!;
        const v = ++version;
        if (await store.replace(id, { v })) say(`R ${id} ${v}`);
      } else {
        const id = live.splice(Math.floor(Math.random() * live.length), 1)[0]!;
        say(`d ${id}`);
        if (await store.remove(id)) say(`D ${id}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

main().catch((error: unknown) => {
  process.stderr.write(`${String((error as Error).stack ?? error)}\n`);
  process.exit(1);
});
