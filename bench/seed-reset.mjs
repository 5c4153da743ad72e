// `node bench/seed-reset.mjs [--records 10000] [--resets 20] [--fake 100000]`: how long a seed
// reset takes (issue 16's target: 10,000 records in under 100 ms, so a test suite can reset
// between tests) and how long faking 100,000 records takes. Runs the built core (`npm run
// build` or `npx tsc -b core` first) on a temp copy of the todo example; writes
// bench/SEED-RESULTS.md; asserts nothing.
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const RECORDS = arg('records', 10_000);
const RESETS = arg('resets', 20);
const FAKE = arg('fake', 100_000);
const USERS = 100;

const { openProject } = await import(join(ROOT, 'core/dist/project/open-project.js'));
const { resetToSeed } = await import(join(ROOT, 'core/dist/seed/seed-data.js'));
const { fakeRecords } = await import(join(ROOT, 'core/dist/seed/fake-records.js'));

const dir = await mkdtemp(join(tmpdir(), 'decorest-bench-seed-'));
const source = join(ROOT, 'examples/todo');
await cp(source, dir, {
  recursive: true,
  filter: (src) => !/[\\/]data([\\/]|$)/.test(src.slice(source.length)),
});
const users = Array.from({ length: USERS }, (_, i) => ({ id: i + 1, name: `User ${i}` }));
const todos = Array.from({ length: RECORDS - USERS }, (_, i) => ({
  id: i + 1,
  content: `Todo number ${i} with a few words of content`,
  completed: i % 2 === 0,
  user: 1 + (i % USERS),
}));
await writeFile(join(dir, 'seed/users.json'), JSON.stringify(users));
await writeFile(join(dir, 'seed/todos.json'), JSON.stringify(todos));

const ms = (t0) => performance.now() - t0;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)];

const project = await openProject(dir);
const todo = project.runtimes.find((r) => r.schema.name === 'Todo');
let t0 = performance.now();
await resetToSeed(project);
const cold = ms(t0);
const times = [];
for (let i = 0; i < RESETS; i++) {
  // Dirty the data between resets, as a test would.
  await fakeRecords(todo, 20, i);
  t0 = performance.now();
  await resetToSeed(project);
  times.push(ms(t0));
}
await resetToSeed(project);
t0 = performance.now();
await fakeRecords(todo, FAKE, 1);
const fake = ms(t0);
await project.close();
await rm(dir, { recursive: true, force: true });

const f1 = (x) => x.toFixed(1);
const report = `# Seed reset and fake records (issue 16)

\`node bench/seed-reset.mjs\` on ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), load average
${loadavg()[0].toFixed(1)} at the end, ${new Date().toISOString().slice(0, 16)}Z.

| What | Time |
| --- | --- |
| First reset of ${RECORDS.toLocaleString('en')} records (reads, parses, validates the seed) | ${f1(cold)} ms |
| Reset of ${RECORDS.toLocaleString('en')} records, seed unchanged: median of ${RESETS} | ${f1(median(times))} ms |
| Same, 90th percentile | ${f1(p90(times))} ms |
| Fake ${FAKE.toLocaleString('en')} todos (values, parents, validation, one append) | ${f1(fake)} ms |

A reset is one journaled batch (fsync of the journal, one append per datafile); the seed's
parsed and validated rows are reused while its files are unchanged (same mtime and size).
`;
await writeFile(join(ROOT, 'bench/SEED-RESULTS.md'), report);
console.log(report);
