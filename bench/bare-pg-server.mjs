// The PostgreSQL bench's bare baseline (bench/postgres.mjs): node:http and a pg pool, nothing
// else, sending the same SQL text decorest sends for GET /todos/:id, GET /todos?limit=10 and
// POST /todos (core/src/persistence/postgres/postgres-store.ts and query-sql.ts; postgres.mjs
// compares both servers' statements in pg_stat_statements after the run), with the same pool
// (pg.Pool, max 10, bigint read as a number, sessions in UTC: core/.../postgres/sql.ts) and
// answering the same JSON bodies and headers. What it leaves out is decorest: routing from
// models, query parsing, validation, relations. It is what a Node server on this database can
// do at best, the bar decorest's PostgreSQL store is measured against.
//
// Usage: node bench/bare-pg-server.mjs <postgres-url> <port> [pool-size]
import { createServer } from 'node:http';
import { URLSearchParams } from 'node:url';

import pg from 'pg';

const [url, portText, maxText = '10'] = process.argv.slice(2);
if (!url || !portText) {
  console.error('usage: node bench/bare-pg-server.mjs <postgres-url> <port> [pool-size]');
  process.exit(2);
}

const INT8_OID = 20;
const pool = new pg.Pool({
  connectionString: url,
  max: Number(maxText),
  types: {
    getTypeParser: (oid, format) =>
      oid === INT8_OID ? (text) => Number(text) : pg.types.getTypeParser(oid, format),
  },
  options: '-c TimeZone=UTC',
});
pool.on('error', () => undefined);

const COLUMNS = '"id", "content", "completed", "user", "$nulls"';
const SQL = {
  byId: `SELECT ${COLUMNS} FROM "todos" WHERE "id" = $1`,
  // X-Total-Count from the counters the triggers keep (issue 44), and the table's state beside;
  // the limit a literal and the statement prepared, as decorest sends its list pages.
  list: (limit) =>
    `SELECT ${COLUMNS}, (SELECT sum("total")::bigint FROM "decorest_counts" WHERE "relid" = '"todos"'::regclass), (SELECT string_agg("slot" || ':' || "version", ',' ORDER BY "slot") FROM "decorest_counts" WHERE "relid" = '"todos"'::regclass) FROM "todos" ORDER BY "id" LIMIT ${limit}`,
  insert: `INSERT INTO "todos" ("content", "completed", "user", "$nulls") VALUES ($1, $2, $3, $4::text[]) ON CONFLICT ("id") DO NOTHING RETURNING ${COLUMNS}`,
};

const query = (text, values) => pool.query({ text, values, rowMode: 'array' });

/** A row as decorest answers it: `user` null when the column is (a create without one). */
const todo = (row) => ({ id: row[0], content: row[1], completed: row[2], user: row[3] });

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Location, X-Total-Count, Link, X-Limit-Clamped',
};

function send(res, status, body, headers = {}) {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    ...CORS,
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

async function handle(req, res) {
  const q = req.url.indexOf('?');
  const path = q === -1 ? req.url : req.url.slice(0, q);
  if (req.method === 'GET' && path === '/todos') {
    const limit = Number(new URLSearchParams(req.url.slice(q + 1)).get('limit') ?? 'NaN');
    if (!Number.isInteger(limit) || limit < 0) return send(res, 400, { error: 'limit' });
    const { rows } = await pool.query({
      name: `list_${limit}`,
      text: SQL.list(limit),
      values: [],
      rowMode: 'array',
    });
    const total = rows.length > 0 ? rows[0][5] : 0;
    return send(res, 200, rows.map(todo), { 'x-total-count': String(total) });
  }
  const byId = /^\/todos\/(\d+)$/.exec(path);
  if (req.method === 'GET' && byId) {
    const { rows } = await query(SQL.byId, [Number(byId[1])]);
    return rows.length === 0 ? send(res, 404, {}) : send(res, 200, todo(rows[0]));
  }
  if (req.method === 'POST' && path === '/todos') {
    let body;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return send(res, 400, { error: 'not JSON' });
    }
    if (typeof body?.content !== 'string' || typeof body.completed !== 'boolean')
      return send(res, 422, { error: 'content and completed' });
    // decorest's params for a todo without a user: NULL, and `$nulls` saying so.
    const { rows } = await query(SQL.insert, [body.content, body.completed, null, ['user']]);
    const created = todo(rows[0]);
    return send(res, 201, created, { location: `/todos/${created.id}` });
  }
  return send(res, 404, {});
}

const server = createServer((req, res) => {
  handle(req, res).catch((error) => {
    if (!res.headersSent) send(res, 500, { error: String(error.message) });
    else res.destroy();
  });
});
await pool.query('SELECT 1');
server.listen(Number(portText), '127.0.0.1', () => {
  console.log(`bare pg server at http://127.0.0.1:${server.address().port}`);
});
const stop = () => server.close(() => pool.end().finally(() => process.exit(0)));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
