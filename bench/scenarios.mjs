// The bench scenarios (issue 6). Each builds the autocannon request for one target and checks,
// with one exchange before the load, that the target answers it correctly: a fast wrong answer
// (an empty list, a 404) must never pass for a fast server.
//
// `create` runs last: right after it the bench kills decorest and looks for every id it
// acknowledged in the datafile (run.mjs), so no later cell needs a restarted server.
import { httpJson } from './processes.mjs';

const JSON_HEADERS = { 'content-type': 'application/json' };
const NEW_TODO = { content: 'Bench todo: write it down', completed: false };
const PATCH_TRUE = JSON.stringify({ completed: true });
const PATCH_FALSE = JSON.stringify({ completed: false });

/**
 * A path that walks ids 1..count in `spreadIds` order (same order for every client), e.g.
 * `/todos/` + id, or `/todos?userId=` + id + `&_page=1`.
 */
function spreadPath(count, pathOf) {
  const marker = '\u0000';
  const [prefix, suffix] = pathOf(marker).split(marker);
  return { count, prefix, suffix };
}

function sameTodo(got, want) {
  return (
    got !== null &&
    typeof got === 'object' &&
    String(got.id) === String(want.id) &&
    got.content === want.content &&
    got.completed === want.completed
  );
}

function checkList(res, target, want) {
  const items = res.status === 200 ? target.routes.listItems(res.json) : undefined;
  if (!Array.isArray(items)) return `answered ${res.status} ${res.text.slice(0, 200)}`;
  if (items.length !== want.length)
    return `answered ${items.length} records instead of ${want.length}`;
  if (!items.every((t, i) => sameTodo(t, want[i]))) return 'answered other records';
  return undefined;
}

/**
 * Each scenario: `request(target, data, ctx)` returns the load plan for either load generator
 * (load.mjs): `method`, `headers`, and `path` or `spread` (ids walked over the collection),
 * `body` or `bodies` (two bodies swapped on every full pass over the ids), and `ackedIds`, a Set
 * that collects the ids answered 201; `check(base, target, data, ctx)` returns what is wrong
 * with one exchange, or undefined.
 */
export const SCENARIOS = {
  list10: {
    describe: 'GET /todos?limit=10',
    read: true,
    request: (target) => ({ method: 'GET', path: target.routes.list }),
    async check(base, target, data) {
      const res = await httpJson('GET', base + target.routes.list, undefined, 30_000);
      return checkList(res, target, data.todos.slice(0, 10));
    },
  },

  byId: {
    describe: 'GET /todos/:id (ids spread over the collection)',
    read: true,
    request: (_target, data) => ({
      method: 'GET',
      spread: spreadPath(data.n, (id) => `/todos/${id}`),
    }),
    async check(base, _target, data) {
      const want = data.todos[data.todos.length - 1];
      const res = await httpJson('GET', `${base}/todos/${want.id}`, undefined, 30_000);
      return res.status === 200 && sameTodo(res.json, want)
        ? undefined
        : `GET /todos/${want.id} answered ${res.status} ${res.text.slice(0, 200)}`;
    },
  },

  nested10: {
    describe: 'GET /users/:id/todos?limit=10 (user ids spread over the users)',
    read: true,
    request: (target, data) => ({
      method: 'GET',
      spread: spreadPath(data.users.length, target.routes.nested),
    }),
    async check(base, target, data) {
      const user = data.users[Math.floor(data.users.length / 2)];
      const res = await httpJson('GET', base + target.routes.nested(user.id), undefined, 30_000);
      const wrong = checkList(res, target, data.todosOf[user.id - 1].slice(0, 10));
      return wrong && `${target.routes.nested(user.id)} ${wrong}`;
    },
  },

  patch: {
    describe: 'PATCH /todos/:id (ids spread over the collection)',
    request: (_target, data) => ({
      method: 'PATCH',
      headers: JSON_HEADERS,
      spread: spreadPath(data.n, (id) => `/todos/${id}`),
      // Flipped on every pass, so each PATCH really changes the record.
      bodies: [PATCH_TRUE, PATCH_FALSE],
    }),
    async check(base, _target, data) {
      const want = { ...data.todos[Math.floor(data.todos.length / 2)], completed: true };
      const res = await httpJson('PATCH', `${base}/todos/${want.id}`, { completed: true }, 30_000);
      return res.status === 200 && sameTodo(res.json, want)
        ? undefined
        : `PATCH /todos/${want.id} answered ${res.status} ${res.text.slice(0, 200)}`;
    },
  },

  create: {
    describe: 'POST /todos',
    request: (_target, _data, ctx) => ({
      method: 'POST',
      path: '/todos',
      headers: JSON_HEADERS,
      body: JSON.stringify(NEW_TODO),
      // Every target pays the same client-side parse, so the cells stay comparable.
      ackedIds: ctx.acked,
    }),
    async check(base, _target, _data, ctx) {
      const res = await httpJson('POST', `${base}/todos`, NEW_TODO, 30_000);
      const ok =
        res.status === 201 && res.json?.id !== undefined && res.json.content === NEW_TODO.content;
      if (ok) ctx.acked.add(String(res.json.id));
      return ok ? undefined : `POST /todos answered ${res.status} ${res.text.slice(0, 200)}`;
    },
  },
};

export const SCENARIO_NAMES = Object.keys(SCENARIOS);
export const READ_SCENARIOS = new Set(SCENARIO_NAMES.filter((s) => SCENARIOS[s].read));
