// The bench scenarios (issue 6). Each builds the autocannon request for one target and checks,
// with one exchange before the load, that the target answers it correctly: a fast wrong answer
// (an empty list, a 404) must never pass for a fast server.
import { spreadIds } from './data.mjs';
import { httpJson } from './processes.mjs';

const JSON_HEADERS = { 'content-type': 'application/json' };
const NEW_TODO = { content: 'Bench todo: write it down', completed: false };
const PATCH_TRUE = JSON.stringify({ completed: true });
const PATCH_FALSE = JSON.stringify({ completed: false });

/** Cycles ids over the whole collection, one per request, shared by all connections. */
function cyclingPath(n, prefix) {
  const next = spreadIds(n);
  return (req) => ({ ...req, path: `${prefix}${next()}` });
}

/** Like cyclingPath, and flips `completed` on every pass so each PATCH really changes a record. */
function cyclingPatch(n, prefix) {
  const next = spreadIds(n);
  let sent = 0;
  return (req) => {
    const completed = Math.floor(sent++ / n) % 2 === 0;
    return { ...req, path: `${prefix}${next()}`, body: completed ? PATCH_TRUE : PATCH_FALSE };
  };
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

export const SCENARIOS = {
  list10: {
    describe: 'GET /todos?limit=10',
    request: (target) => ({ method: 'GET', path: target.routes.list }),
    async check(base, target, data) {
      const res = await httpJson('GET', base + target.routes.list);
      const items = res.status === 200 ? target.routes.listItems(res.json) : undefined;
      if (!Array.isArray(items)) return `answered ${res.status} ${res.text.slice(0, 200)}`;
      if (items.length !== 10) return `answered ${items.length} records instead of 10`;
      if (!items.every((t, i) => sameTodo(t, data.todos[i]))) return 'answered other records';
      return undefined;
    },
  },

  byId: {
    describe: 'GET /todos/:id (ids spread over the collection)',
    request: (_target, n) => ({
      method: 'GET',
      path: '/todos/1',
      setupRequest: cyclingPath(n, '/todos/'),
    }),
    async check(base, _target, data) {
      const want = data.todos[data.todos.length - 1];
      const res = await httpJson('GET', `${base}/todos/${want.id}`);
      return res.status === 200 && sameTodo(res.json, want)
        ? undefined
        : `GET /todos/${want.id} answered ${res.status} ${res.text.slice(0, 200)}`;
    },
  },

  create: {
    describe: 'POST /todos',
    request: () => ({
      method: 'POST',
      path: '/todos',
      headers: JSON_HEADERS,
      body: JSON.stringify(NEW_TODO),
    }),
    async check(base) {
      const res = await httpJson('POST', `${base}/todos`, NEW_TODO);
      const ok =
        res.status === 201 && res.json?.id !== undefined && res.json.content === NEW_TODO.content;
      return ok ? undefined : `POST /todos answered ${res.status} ${res.text.slice(0, 200)}`;
    },
  },

  patch: {
    describe: 'PATCH /todos/:id (ids spread over the collection)',
    request: (_target, n) => ({
      method: 'PATCH',
      path: '/todos/1',
      headers: JSON_HEADERS,
      body: PATCH_TRUE,
      setupRequest: cyclingPatch(n, '/todos/'),
    }),
    async check(base, _target, data) {
      const want = { ...data.todos[Math.floor(data.todos.length / 2)], completed: true };
      const res = await httpJson('PATCH', `${base}/todos/${want.id}`, { completed: true });
      return res.status === 200 && sameTodo(res.json, want)
        ? undefined
        : `PATCH /todos/${want.id} answered ${res.status} ${res.text.slice(0, 200)}`;
    },
  },
};

export const SCENARIO_NAMES = Object.keys(SCENARIOS);
