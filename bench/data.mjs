// Deterministic bench data: the same seed gives the same todos and users on every machine, so
// every target of one run (and every run of one size) serves byte-identical records.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const WORDS = [
  'write', 'review', 'ship', 'fix', 'plan', 'call', 'buy', 'read', 'test', 'deploy',
  'specs', 'milk', 'invoice', 'release', 'notes', 'slides', 'bug', 'tickets', 'docs', 'budget',
  'today', 'tomorrow', 'before', 'lunch', 'friday', 'soon', 'again', 'carefully', 'with', 'team',
]; // prettier-ignore

/** mulberry32: a tiny seeded PRNG, enough for reproducible test data (not for anything secret). */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * N todos with ids 1..N, each belonging to one of about N/100 users (at least 1), so a user has
 * about 100 todos at every size. Todos carry decorest's relation field `"user": <id>`; the
 * json-server files rename it `userId` (its foreign-key convention), see {@link jsonServerTodo}.
 * `todosOf[userId - 1]` lists that user's todos in id order (the nested-route checks).
 */
export function generateData(n, seed = 20260101) {
  const random = prng(seed);
  const pick = () => WORDS[Math.floor(random() * WORDS.length)];
  const todos = new Array(n);
  const userCount = Math.max(1, Math.round(n / 100));
  const todosOf = Array.from({ length: userCount }, () => []);
  for (let i = 0; i < n; i++) {
    const words = 3 + Math.floor(random() * 5);
    let content = `Todo ${i + 1}:`;
    for (let w = 0; w < words; w++) content += ` ${pick()}`;
    const completed = random() < 0.3;
    const user = 1 + Math.floor(random() * userCount);
    todos[i] = { id: i + 1, content, completed, user };
    todosOf[user - 1].push(todos[i]);
  }
  const users = Array.from({ length: userCount }, (_, i) => ({ id: i + 1, name: `User ${i + 1}` }));
  return { n, todos, users, todosOf };
}

/**
 * Ids spread over the whole collection in a fixed order: a stride coprime with n visits every
 * id once per n requests, so byId/patch touch the start, middle and end alike.
 */
export function spreadIds(n) {
  const stride = spreadStride(n);
  let i = 0;
  return () => {
    const id = 1 + ((i * stride) % n);
    i = (i + 1) % n;
    return id;
  };
}

/** The stride of {@link spreadIds}, for a load generator that walks the ids itself (wrk). */
export function spreadStride(n) {
  let stride = Math.max(1, Math.floor(n * 0.618));
  while (gcd(stride, n) !== 1) stride++;
  return stride;
}

function gcd(a, b) {
  return b === 0 ? a : gcd(b, a % b);
}

/** A NeDB datafile: one JSON document a line, string `_id` beside the model's numeric `id`. */
export async function writeNedbFile(file, records) {
  let text = '';
  for (const r of records) text += JSON.stringify({ _id: String(r.id), ...r }) + '\n';
  await writeFile(file, text);
}

/** json-server's spelling of a todo: the owner as `userId` (its `/users/:id/todos` convention). */
export function jsonServerTodo({ user, ...rest }) {
  return { ...rest, userId: user };
}

/** A json-server db.json holding the todos (and users) collections. */
export async function writeJsonServerDb(file, data) {
  const db = { todos: data.todos.map(jsonServerTodo), users: data.users };
  await writeFile(file, JSON.stringify(db, null, 2));
}

/** The baseline's input: the same records as plain JSON. */
export async function writeBaselineData(dir, data) {
  const file = join(dir, 'data.json');
  await writeFile(file, JSON.stringify({ todos: data.todos, users: data.users }));
  return file;
}
