#!/usr/bin/env node
// Issue 29's bench: what response rules cost the mock API. One decorest project at N=1,000 todos
// is served twice, without `mock-rules.json` and with one, and loaded cell by cell:
//   - `GET /todos/:id` with no rules, against the same route with 20 rules none of which match
//     (the price of checking them: the target is ≥ 0.9× the plain route);
//   - a rule that matches and answers a fixed body, against a manual route returning the same
//     body from the same server (the price of a rule's answer: the target is ≥ 0.9×).
// wrk when installed, else autocannon; cells interleaved round by round (so drift of the shared
// machine hits every cell alike), each compared pair back to back, the median of the rounds'
// ratios reported. Prints the report and writes
// bench/RULES-RESULTS.md (`--no-write`: print only).
//
//   node bench/rules.mjs [--rounds 5] [--duration 5] [--connections 50] [--n 1000]
//                        [--client auto|wrk|autocannon] [--no-write] [--no-build]
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';

import { generateData, writeNedbFile } from './data.mjs';
import { pickClient } from './load.mjs';
import {
  freePort,
  HOST,
  httpJson,
  killAllSync,
  startChild,
  stopChild,
  waitReady,
} from './processes.mjs';
import { badCount, fmt, median } from './report.mjs';
import { ROOT, TODO_MODEL, USER_MODEL } from './targets.mjs';

const TARGET_RATIO = 0.9;
const log = (line) => process.stderr.write(`${line}\n`);

function readArgs(argv) {
  const opts = {
    rounds: 5,
    duration: 5,
    connections: 50,
    n: 1000,
    client: 'auto',
    write: true,
    build: true,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--rounds') opts.rounds = Math.max(1, Number(value()));
    else if (arg === '--duration') opts.duration = Math.max(1, Number(value()));
    else if (arg === '--connections') opts.connections = Math.max(1, Number(value()));
    else if (arg === '--n') opts.n = Math.max(1, Number(value()));
    else if (arg === '--client') opts.client = value();
    else if (arg === '--no-write') opts.write = false;
    else if (arg === '--no-build') opts.build = false;
    else throw new Error(`unknown option ${arg}`);
  }
  return opts;
}

/** The fixed body both the manual route and the matching rule answer. */
const FIXED = { id: 500, content: 'a fixed answer', completed: false, user: 1 };

// `/fixed/:id` answers FIXED by hand; `/ruled/:id` would too, but a rule answers it first.
const APP = `import { Application, type HttpRequestHandler, type Request, type Response, WebServlet } from 'decorest';

const FIXED = ${JSON.stringify(FIXED)};

class Fixed implements HttpRequestHandler {
  method(_req: Request, res: Response) {
    res.json(FIXED);
  }
}

@WebServlet('/*')
export default class BenchApp extends Application {
  execute() {
    this.generateRest();
    this.get('/fixed/:id', new Fixed());
    this.get('/ruled/:id', new Fixed());
  }
}
`;

/** 20 rules on `GET /todos/:id` that the bench's requests never match, over every part. */
function missingRules() {
  const parts = [
    (i) => ({ part: 'header', name: 'x-tenant', matcher: 'equals', value: `t${i}` }),
    (i) => ({ part: 'query', name: 'case', matcher: 'equals', value: `c${i}` }),
    (i) => ({ part: 'param', name: 'id', matcher: 'regex', value: `^x${i}-\\d+$` }),
    (i) => ({ part: 'header', name: 'authorization', matcher: 'exists', value: undefined, i }),
  ];
  return Array.from({ length: 20 }, (_, i) => {
    const condition = parts[i % parts.length](i);
    delete condition.i;
    if (condition.value === undefined) delete condition.value;
    return {
      id: `miss-${i}`,
      name: `never matches ${i}`,
      method: 'GET',
      path: '/todos/:id',
      enabled: true,
      when: [condition],
      responses: [{ status: 503, body: '{"down":true}' }],
    };
  });
}

const RULES = {
  rules: [
    ...missingRules(),
    {
      id: 'fixed',
      name: 'answers the fixed body',
      method: 'GET',
      path: '/ruled/:id',
      enabled: true,
      when: [],
      responses: [{ status: 200, body: JSON.stringify(FIXED) }],
    },
  ],
};

async function writeProject(dir, data, withRules) {
  await mkdir(join(dir, 'data'), { recursive: true });
  await writeFile(join(dir, 'todo.ts'), TODO_MODEL);
  await writeFile(join(dir, 'user.ts'), USER_MODEL);
  await writeFile(join(dir, 'app.ts'), APP);
  await writeNedbFile(join(dir, 'data/todos.db'), data.todos);
  await writeNedbFile(join(dir, 'data/users.db'), data.users);
  if (withRules) await writeFile(join(dir, 'mock-rules.json'), JSON.stringify(RULES, null, 2));
}

/** The cells: which server, which path, and what it is compared with. */
const CELLS = [
  { name: 'todo, no rules', server: 'plain', path: '/todos/500' },
  { name: 'todo, 20 rules, none match', server: 'rules', path: '/todos/500' },
  { name: 'manual route, fixed body', server: 'rules', path: '/fixed/500' },
  { name: 'rule answers the fixed body', server: 'rules', path: '/ruled/500' },
];
const VERDICTS = [
  { what: '20 rules that do not match vs no rules', cell: 1, against: 0 },
  { what: 'a matching rule vs a manual route, same body', cell: 3, against: 2 },
];

async function main() {
  const opts = readArgs(process.argv.slice(2));
  const client = pickClient(opts.client);
  if (opts.build) {
    log('building core (core/build.mjs) ...');
    const built = spawnSync(process.execPath, ['core/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('core/build.mjs failed');
  }
  const scratch = await mkdtemp(join(os.tmpdir(), 'decorest-rules-bench-'));
  const children = [];
  const onExit = () => killAllSync(children);
  process.on('exit', onExit);
  try {
    const data = generateData(opts.n);
    const servers = {};
    for (const name of ['plain', 'rules']) {
      const dir = join(scratch, name);
      await writeProject(dir, data, name === 'rules');
      const port = await freePort();
      const child = startChild(`decorest (${name})`, [
        join(ROOT, 'core/bin/decorest.js'),
        ...['serve', dir, '--port', String(port), '--quiet'],
      ]);
      children.push(child);
      const url = `http://${HOST}:${port}`;
      await waitReady(child, `${url}/todos/1`, 30_000);
      servers[name] = url;
    }
    // The bench measures what it means to: the rule answers, the others do not.
    const check = async (server, path, status, body) => {
      const res = await httpJson('GET', `${servers[server]}${path}`);
      if (res.status !== status || (body !== undefined && res.text !== body))
        throw new Error(`${server} ${path}: ${res.status} ${res.text.slice(0, 200)}`);
    };
    await check('plain', '/todos/500', 200);
    await check('rules', '/todos/500', 200);
    await check('rules', '/fixed/500', 200, JSON.stringify(FIXED));
    await check('rules', '/ruled/500', 200, JSON.stringify(FIXED));

    const run = (cell, durationSec) =>
      client.run({
        url: servers[cell.server],
        connections: opts.connections,
        durationSec,
        plan: { method: 'GET', path: cell.path, headers: {} },
      });
    log(`warming up (${client.label}) ...`);
    for (const cell of CELLS) await run(cell, 1);
    const results = CELLS.map(() => []);
    for (let round = 0; round < opts.rounds; round++) {
      // Each compared pair runs back to back (the machine's drift hits both alike), first one
      // way round, then the other.
      const pairs = round % 2 === 0 ? VERDICTS : [...VERDICTS].reverse();
      const order = pairs.flatMap((v) =>
        round % 2 === 0 ? [v.against, v.cell] : [v.cell, v.against],
      );
      for (const i of order) {
        const result = await run(CELLS[i], opts.duration);
        results[i].push(result);
        log(
          `round ${round + 1}/${opts.rounds} ${CELLS[i].name}: ${fmt.rps(result.rps)} req/s, ${badCount(result)} bad`,
        );
      }
    }
    const report = reportOf(opts, client, results);
    process.stdout.write(`${report}\n`);
    if (opts.write) {
      // Formatted as the repository's `npm run format` checks it (aligned table columns).
      const file = join(ROOT, 'bench/RULES-RESULTS.md');
      const prettier = await import('prettier');
      const config = (await prettier.resolveConfig(file)) ?? {};
      await writeFile(file, await prettier.format(`${report}\n`, { ...config, filepath: file }));
      log('wrote bench/RULES-RESULTS.md');
    }
    for (const child of children) await stopChild(child);
    const bad = results.flat().reduce((sum, r) => sum + badCount(r), 0);
    return bad === 0 ? 0 : 1;
  } finally {
    killAllSync(children);
    process.off('exit', onExit);
    await rm(scratch, { recursive: true, force: true });
  }
}

function reportOf(opts, client, results) {
  const rps = results.map((rs) => median(rs.map((r) => r.rps)));
  const lines = [
    '# Response rules bench (issue 29)',
    '',
    `\`node bench/rules.mjs\`: decorest serving N=${fmt.n(opts.n)} todos on ${HOST}, ` +
      `${client.label}, ${opts.connections} connections, ${opts.rounds} interleaved rounds of ` +
      `${opts.duration} s per cell; node ${process.version}, ${os.cpus().length} CPUs ` +
      `(${os.cpus()[0]?.model ?? 'unknown'}).`,
    '',
    `| cell | req/s (median of ${opts.rounds}) | range | p50 ms | p99 ms | errors + non-2xx |`,
    '|---|---:|---|---:|---:|---:|',
  ];
  CELLS.forEach((cell, i) => {
    const all = results[i].map((r) => r.rps);
    lines.push(
      `| ${cell.name} (\`GET ${cell.path}\`) | ${fmt.rps(rps[i])} | ${fmt.rps(Math.min(...all))}–${fmt.rps(Math.max(...all))} | ` +
        `${fmt.ms(median(results[i].map((r) => r.p50)))} | ${fmt.ms(median(results[i].map((r) => r.p99)))} | ` +
        `${results[i].reduce((s, r) => s + badCount(r), 0)} |`,
    );
  });
  lines.push('', `Targets (≥ ${TARGET_RATIO}×):`, '');
  for (const v of VERDICTS) {
    // The median of each round's ratio: a pair ran back to back, so this is the steadier figure
    // on a shared machine than the ratio of the two medians.
    const ratios = results[v.cell].map((r, i) => r.rps / results[v.against][i].rps);
    const ratio = median(ratios);
    const met = ratio >= TARGET_RATIO;
    const text = `${fmt.ratio(ratio)} (${met ? 'met' : 'not met'}; rounds ${ratios.map(fmt.ratio).join(', ')})`;
    lines.push(`- ${v.what}: ${met ? text : `**${text}**`}`);
  }
  return lines.join('\n');
}

main().then(
  (code) => process.exit(code),
  (error) => {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
