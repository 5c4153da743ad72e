/**
 * Child script of `load-soak.test.ts` (issue 7: "memory stays flat across repeated loads of a
 * project in one process"). Run with `node --expose-gc load-cycles.mjs <project> <cycles>`:
 * opens the project with the compiled core, serves it, answers a few requests, stops the
 * server and closes the project, `cycles` times. After each cycle it collects garbage and
 * samples the heap and the active handles; it keeps a WeakRef to each cycle's route table,
 * datastores and server, so a leak shows as a reference that is still alive. Prints one JSON
 * report on stdout.
 */
import { request } from 'node:http';

const dist = new URL('../../dist/', import.meta.url);
const { openProject } = await import(new URL('project/open-project.js', dist).href);
const { startServer } = await import(new URL('http/node-server.js', dist).href);

const [dir, cyclesText] = process.argv.slice(2);
const cycles = Number(cyclesText);
const gc = globalThis.gc;
if (typeof gc !== 'function') throw new Error('run with node --expose-gc');

/** One request on its own connection (no agent: nothing pooled between cycles): status and JSON. */
function call(port, method, path, body) {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: {
          connection: 'close',
          ...(text === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

async function collect() {
  // WeakRefs are cleared only after the current job: collect, yield, collect again.
  for (let i = 0; i < 3; i++) {
    gc();
    await tick();
  }
}

/** One load: open, serve, answer, stop, close. Returns WeakRefs to what must then be freed. */
async function cycle(n) {
  const project = await openProject(dir);
  const server = await startServer({ port: 0, table: project.table, logger: { error() {} } });
  // Net zero: what a cycle creates it deletes, so the data, and the heap it takes, stay the same.
  const user = await call(server.port, 'POST', '/users', { name: `user ${n}` });
  const todo = await call(server.port, 'POST', '/todos', {
    content: 'x',
    completed: false,
    user: user.body.id,
  });
  const statuses = [
    user.status,
    todo.status,
    (await call(server.port, 'GET', '/todos')).status,
    (await call(server.port, 'GET', `/users/${user.body.id}/todos`)).status,
    (await call(server.port, 'PATCH', `/todos/${todo.body.id}`, { completed: true })).status,
    (await call(server.port, 'DELETE', `/todos/${todo.body.id}`)).status,
    (await call(server.port, 'DELETE', `/users/${user.body.id}`)).status,
  ];
  if (statuses.some((s) => s >= 300)) throw new Error(`cycle ${n}: ${statuses.join(' ')}`);
  await server.close();
  await project.close();
  return {
    table: new WeakRef(project.table),
    stores: project.runtimes.map((r) => new WeakRef(r.store)),
    server: new WeakRef(server.server),
  };
}

// Node's own `net` reads `process.stderr` when it destroys a socket, which opens stderr's pipe
// handle the first time: opened here, it is part of the baseline rather than of a load.
void process.stderr;
await collect();
const baseline = process.getActiveResourcesInfo();
const refs = [];
const samples = [];
for (let n = 0; n < cycles; n++) {
  refs.push(await cycle(n));
  await collect();
  samples.push({
    heapUsed: process.memoryUsage().heapUsed,
    resources: process.getActiveResourcesInfo().length,
  });
}
// A last, longer collection: sockets of the last cycle may still be closing.
for (let i = 0; i < 5; i++) {
  await collect();
  await new Promise((resolve) => setTimeout(resolve, 20));
}
const alive = {
  tables: refs.filter((r) => r.table.deref() !== undefined).length,
  stores: refs.filter((r) => r.stores.some((s) => s.deref() !== undefined)).length,
  servers: refs.filter((r) => r.server.deref() !== undefined).length,
};
// Sampled before touching process.stdout, whose pipe would count as one more resource.
const resources = process.getActiveResourcesInfo();
process.stdout.write(`${JSON.stringify({ samples, alive, baseline, resources })}\n`);
