// The cells of bench/file-scale.mjs: each a load plan for wrk or autocannon (load.mjs) and a check
// of one exchange against the answer worked out here from the generated records, page and exact
// `X-Total-Count` both. Targets are issue 44's, stated for PostgreSQL, as ratios to byId.
import { httpJson } from './processes.mjs';

const JSON_HEADERS = { 'content-type': 'application/json' };

/** The bench's todos with a plain number field, 1 to 5, spread over the ids (`_sort=priority`). */
export function withPriority(data) {
  for (const t of data.todos) t.priority = 1 + ((Math.imul(t.id, 0x9e3779b1) >>> 0) % 5);
  return data;
}

/** A path that walks 1..count in `spreadIds` order, as scenarios.mjs spells it. */
function spreadPath(count, pathOf) {
  const [prefix, suffix] = pathOf('\u0000').split('\u0000');
  return { count, prefix, suffix };
}

/** The store's order: absent and null last, numbers by value, anything else by its text. */
function compareValues(a, b) {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

const memo = new WeakMap();

/** The todos sorted by `field` (ties in id order), worked out once per data set. */
function sortedBy(data, field, descending) {
  const key = `${descending ? '-' : ''}${field}`;
  let byKey = memo.get(data);
  if (!byKey) memo.set(data, (byKey = new Map()));
  if (!byKey.has(key)) {
    const sign = descending ? -1 : 1;
    byKey.set(
      key,
      [...data.todos].sort((a, b) => sign * compareValues(a[field], b[field]) || a.id - b.id),
    );
  }
  return byKey.get(key);
}

/** What is wrong with the answer to `path`, or undefined: the ids in order and the total. */
async function checkPage(base, path, want, total) {
  const res = await httpJson('GET', base + path, undefined, 120_000);
  if (res.status !== 200) return `${path} answered ${res.status} ${res.text.slice(0, 200)}`;
  const got = Array.isArray(res.json) ? res.json.map((t) => t.id) : undefined;
  const ids = want.map((t) => t.id);
  if (JSON.stringify(got) !== JSON.stringify(ids))
    return `${path} answered ids ${JSON.stringify(got)}, not ${JSON.stringify(ids)}`;
  if (Number(res.headers['x-total-count']) !== total)
    return `${path} answered X-Total-Count ${res.headers['x-total-count']}, not ${total}`;
  return undefined;
}

/** A cell whose request is one fixed GET, checked against `answer(data)`. */
function fixed(describe, target, path, answer) {
  return {
    describe,
    target,
    request: (data) => ({ method: 'GET', path: path(data) }),
    check(base, data) {
      const { items, total } = answer(data);
      return checkPage(base, path(data), items.slice(0, 10), total);
    },
  };
}

const all = (data) => ({ items: data.todos, total: data.n });
const matching = (data, keep) => {
  const items = data.todos.filter(keep);
  return { items, total: items.length };
};
const SEARCH = 'review';
const LONG = 'review'.repeat(1666);

export const FILE_CELLS = {
  byId: {
    describe: 'GET /todos/:id',
    request: (data) => ({ method: 'GET', spread: spreadPath(data.n, (id) => `/todos/${id}`) }),
    async check(base, data) {
      const want = data.todos[data.n - 1];
      const res = await httpJson('GET', `${base}/todos/${want.id}`, undefined, 60_000);
      return res.status === 200 && res.json?.id === want.id
        ? undefined
        : `GET /todos/${want.id} answered ${res.status}`;
    },
  },
  list10: fixed('GET /todos?limit=10', 0.5, () => '/todos?limit=10', all),
  sortId: fixed('GET /todos?_sort=id&limit=10', 0.5, () => '/todos?_sort=id&limit=10', all),
  sortIdDesc: fixed(
    'GET /todos?_sort=-id&limit=10',
    0.5,
    () => '/todos?_sort=-id&limit=10',
    (d) => ({
      items: [...d.todos].reverse(),
      total: d.n,
    }),
  ),
  filtered: fixed(
    'GET /todos?completed=true&limit=10',
    0.25,
    () => '/todos?completed=true&limit=10',
    (d) => matching(d, (t) => t.completed),
  ),
  nested: {
    describe: 'GET /users/:id/todos?limit=10',
    target: 0.25,
    request: (data) => ({
      method: 'GET',
      spread: spreadPath(data.users.length, (id) => `/users/${id}/todos?limit=10`),
    }),
    check(base, data) {
      const user = data.users[Math.floor(data.users.length / 2)];
      const todos = data.todosOf[user.id - 1];
      return checkPage(base, `/users/${user.id}/todos?limit=10`, todos.slice(0, 10), todos.length);
    },
  },
  sortPlain: fixed(
    'GET /todos?_sort=priority&limit=10',
    0.25,
    () => '/todos?_sort=priority&limit=10',
    (d) => ({ items: sortedBy(d, 'priority', false), total: d.n }),
  ),
  sortPlainDesc: fixed(
    'GET /todos?_sort=-priority&limit=10',
    0.25,
    () => '/todos?_sort=-priority&limit=10',
    (d) => ({ items: sortedBy(d, 'priority', true), total: d.n }),
  ),
  sortText: fixed(
    'GET /todos?_sort=content&limit=10',
    0.25,
    () => '/todos?_sort=content&limit=10',
    (d) => ({ items: sortedBy(d, 'content', false), total: d.n }),
  ),
  offset: fixed(
    'GET /todos?limit=10&offset=N/2',
    0.1,
    (d) => `/todos?limit=10&offset=${Math.floor(d.n / 2)}`,
    (d) => ({ items: d.todos.slice(Math.floor(d.n / 2)), total: d.n }),
  ),
  q: fixed(
    `GET /todos?q=${SEARCH}&limit=10`,
    0.05,
    () => `/todos?q=${SEARCH}&limit=10`,
    (d) => matching(d, (t) => t.content.toLowerCase().includes(SEARCH)),
  ),
  // A new search on every request (`q=1`, `q=618034`, …): what a search box costs before any
  // repeat; no target, shown so the repeated search above is not mistaken for every search.
  qEach: {
    describe: 'GET /todos?q=<a new number each time>&limit=10',
    request: (data) => ({
      method: 'GET',
      spread: spreadPath(data.n, (k) => `/todos?q=${k}&limit=10`),
    }),
    check(base, data) {
      const k = String(Math.floor(data.n / 3));
      const { items, total } = matching(data, (t) => t.content.toLowerCase().includes(k));
      return checkPage(base, `/todos?q=${k}&limit=10`, items.slice(0, 10), total);
    },
  },
  // Issue 44's bad input: a `q` of 10,000 characters (a new one each time) costs one walk.
  qLong: {
    describe: 'GET /todos?q=<10,000 characters, new each time>&limit=10',
    request: (data) => ({
      method: 'GET',
      spread: spreadPath(data.n, (k) => `/todos?q=${LONG}${k}&limit=10`),
    }),
    check: (base) => checkPage(base, `/todos?q=${LONG}7&limit=10`, [], 0),
  },
};

/** Writes, measured after the reads (their indexes in place) and on a server that never read. */
export const WRITE_CELLS = {
  patch: {
    describe: 'PATCH /todos/:id (completed flipped)',
    request: (data) => ({
      method: 'PATCH',
      headers: JSON_HEADERS,
      spread: spreadPath(data.n, (id) => `/todos/${id}`),
      bodies: [JSON.stringify({ completed: true }), JSON.stringify({ completed: false })],
    }),
  },
  create: {
    describe: 'POST /todos',
    request: () => ({
      method: 'POST',
      path: '/todos',
      headers: JSON_HEADERS,
      body: JSON.stringify({ content: 'Bench todo: review it', completed: false, priority: 3 }),
    }),
  },
};
