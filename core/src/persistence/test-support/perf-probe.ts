/**
 * Not a test: prints load time and insert throughput at 100,000 records (issue 6 figures).
 * Node 20 cannot run TypeScript, so compile it first (from the repository root):
 *   npx tsc --ignoreConfig core/src/persistence/test-support/perf-probe.ts \
 *     --outDir node_modules/.cache/decorest-perf --rootDir core/src --module nodenext \
 *     --moduleResolution nodenext --target es2022 --types node --skipLibCheck
 *   node node_modules/.cache/decorest-perf/persistence/test-support/perf-probe.js [records]
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { openFileCollection } from '../collections/file-collection.js';

const N = Number(process.argv[2] ?? 100_000);
const folder = mkdtempSync(join(tmpdir(), 'decorest-perf-'));
const file = join(folder, 'todos.db');
const todo = (i: number) => ({
  content: `todo number ${i}`,
  completed: i % 2 === 0,
  user: (i % 100) + 1,
});

async function main(): Promise<void> {
  let store = await openFileCollection(file, { idKind: 'number', indexes: ['user'] });
  let t = performance.now();
  for (let i = 0; i < N; i += 1_000) {
    const batch: Promise<unknown>[] = [];
    for (let j = i; j < Math.min(N, i + 1_000); j++) batch.push(store.insert(todo(j)));
    await Promise.all(batch);
  }
  const concurrent = performance.now() - t;
  console.log(
    `insert ${N} (1,000 in flight): ${concurrent.toFixed(0)} ms, ${Math.round(N / (concurrent / 1000))}/s, ${store.appendCount} appends`,
  );
  t = performance.now();
  const M = 10_000;
  for (let i = 0; i < M; i++) await store.insert(todo(i));
  const serial = performance.now() - t;
  console.log(
    `insert ${M} one at a time: ${serial.toFixed(0)} ms, ${Math.round(M / (serial / 1000))}/s`,
  );
  await store.close();
  console.log(`file: ${(statSync(file).size / 1e6).toFixed(1)} MB`);
  t = performance.now();
  store = await openFileCollection(file, { idKind: 'number', indexes: ['user'] });
  console.log(`load ${store.count()} records: ${(performance.now() - t).toFixed(0)} ms`);
  t = performance.now();
  await store.compact();
  console.log(`compact: ${(performance.now() - t).toFixed(0)} ms`);
  t = performance.now();
  let n = 0;
  for (let i = 0; i < 100_000; i++) n += store.page((i * 7) % store.count(), 10).length;
  console.log(`100k page(offset,10): ${(performance.now() - t).toFixed(0)} ms (${n})`);
  await store.close();
  rmSync(folder, { recursive: true, force: true });
}

void main();
