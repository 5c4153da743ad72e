// The practical limit (issue 6): a bare node:http server holding the same todos in a Map plus an
// array in id order, and an index user id → that user's todos in id order, answering the bench's
// routes with the same JSON decorest sends. No validation beyond the shape, no router library,
// no disk: whatever decorest does on top of this is its cost.
//
//   node bench/baseline-server.mjs <data.json> <port>      (binds 127.0.0.1 only)
//   data.json: { "todos": [...], "users": [...] }
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { URLSearchParams } from 'node:url';

const [file, portArg] = process.argv.slice(2);
if (!file || !portArg) {
  console.error('usage: node bench/baseline-server.mjs <data.json> <port>');
  process.exit(2);
}

const byId = new Map();
const ordered = [];
/** user id → that user's todos, in id order (appends keep the order: ids only grow). */
const todosOfUser = new Map();
const input = JSON.parse(readFileSync(file, 'utf8'));
for (const user of input.users) todosOfUser.set(user.id, []);
for (const todo of input.todos) {
  byId.set(todo.id, todo);
  ordered.push(todo);
  if (todo.user !== undefined) todosOfUser.get(todo.user)?.push(todo);
}
let nextId = ordered.reduce((max, t) => Math.max(max, t.id), 0) + 1;

const COMMON = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Location, X-Total-Count, Link, X-Limit-Clamped',
};

function send(res, status, value, extra) {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    ...COMMON,
    ...extra,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

function readJson(req, done) {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    try {
      done(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    } catch {
      done(undefined);
    }
  });
}

function isObject(v) {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A `limit`/`offset` page of `list`, with its total. */
function sendPage(res, list, query) {
  const limit = query.has('limit') ? Number(query.get('limit')) : list.length;
  const offset = query.has('offset') ? Number(query.get('offset')) : 0;
  send(res, 200, list.slice(offset, offset + limit), { 'x-total-count': String(list.length) });
}

const NESTED = /^\/users\/(\d+)\/todos$/;

const server = createServer((req, res) => {
  const q = req.url.indexOf('?');
  const path = q === -1 ? req.url : req.url.slice(0, q);
  const query = new URLSearchParams(q === -1 ? '' : req.url.slice(q + 1));

  if (path === '/todos') {
    if (req.method === 'GET') {
      sendPage(res, ordered, query);
      return;
    }
    if (req.method === 'POST') {
      readJson(req, (body) => {
        if (!isObject(body)) return send(res, 400, { title: 'Bad Request' });
        const todo = { id: nextId++, content: body.content, completed: body.completed };
        if (body.user !== undefined) todo.user = body.user;
        byId.set(todo.id, todo);
        ordered.push(todo);
        if (todo.user !== undefined) todosOfUser.get(todo.user)?.push(todo);
        send(res, 201, todo, { location: `/todos/${todo.id}` });
      });
      return;
    }
  } else if (path.startsWith('/todos/')) {
    const id = Number(path.slice('/todos/'.length));
    const todo = byId.get(id);
    if (req.method === 'GET') {
      if (todo === undefined) send(res, 404, { title: 'Not Found' });
      else send(res, 200, todo);
      return;
    }
    if (req.method === 'PATCH') {
      readJson(req, (body) => {
        if (todo === undefined) return send(res, 404, { title: 'Not Found' });
        if (!isObject(body)) return send(res, 400, { title: 'Bad Request' });
        // RFC 7396 merge on the stored record (it stays in place in `ordered`).
        if (body.content !== undefined) todo.content = body.content;
        if (body.completed !== undefined) todo.completed = body.completed;
        send(res, 200, todo);
      });
      return;
    }
  } else if (req.method === 'GET' && path.startsWith('/users/')) {
    const match = NESTED.exec(path);
    const list = match ? todosOfUser.get(Number(match[1])) : undefined;
    if (list !== undefined) {
      sendPage(res, list, query);
      return;
    }
  }
  send(res, 404, { title: 'Not Found' });
});

server.listen(Number(portArg), '127.0.0.1', () => {
  console.log(`baseline serving ${byId.size} todos at http://127.0.0.1:${server.address().port}`);
});
