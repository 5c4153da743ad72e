/**
 * Issue 45: reads of the file store answer each record's kept JSON text instead of serialising
 * the record per request. The answer must stay byte for byte what it was: the same project is
 * served twice over the same stores, once as it serves (kept texts) and once through stores that
 * keep no text (every answer `JSON.stringify` of the objects, as before the change), and every
 * read is compared as bytes, headers included, before and after writes and restarts.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { type RunningServer, startServer } from '../../http/node-server.js';
import { buildRouteTable } from '../../http/route-table.js';
import type { ModelStore } from '../../persistence/model-store.js';
import { jsonRequest } from '../../test-support/http-client.js';
import { serveCopy, type ServedProject } from '../../test-support/project-server.js';
import { generateRestRoutes } from '../generate-rest.js';
import { createModelRuntimes } from '../model-runtime.js';

const USER = `import { FromDataSource, HasMany, Rest } from 'decorest';
import { Todo } from './todo.js';
import { Note } from './note.js';

@Rest
@FromDataSource
export class User {
  id!: number;
  name!: string;

  @HasMany
  todos!: Todo[];

  @HasMany
  notes!: Note[];
}
`;

const TODO = `import { BelongTo, FromDataSource, Rest } from 'decorest';
import { User } from './user.js';

@Rest
@FromDataSource
export class Todo {
  id!: number;
  content!: string;
  completed!: boolean;
  priority?: number;
  tags?: string[];

  @BelongTo
  user?: User;
}
`;

/** Open (issue 42): undeclared fields are stored and answered as sent. */
const NOTE = `import { BelongTo, FromDataSource, Rest } from 'decorest';
import { User } from './user.js';

@Rest({ open: true })
@FromDataSource
export class Note {
  id!: number;
  title!: string;

  @BelongTo
  user?: User;
}
`;

/**
 * Notes as a hand or another tool may have written them: spaces, escapes JSON.stringify does
 * not write (`\u0041`, `\/`), `1.0` and `1e3`, integer-like keys after others (V8 lists them
 * first), U+2028 escaped as NeDB needs it. Today's answer is the parsed object serialised.
 */
const HAND_WRITTEN_NOTES = [
  '{"_id":"1", "id":1, "title":"\\u0041 \\/ note", "score":1.0, "big":1e3, "user":1}',
  '{"_id":"2","id":2,"title":"keys","b":1,"10":"ten","2":"two","a":{"z":1,"1":[true,null]},"user":2}',
  '{"_id":"3","id":3,"title":"line\\u2028sep\\u0085nel","emoji":"\\ud83d\\ude00","lone":"\\ud800","user":1}',
  '{"_id":"4","id":4,"title":"dup","x":1,"x":2,"__proto__":{"polluted":true}}',
  '{"_id":"5","id":5,"title":"date","when":{"$$date":1700000000000}}',
].join('\n');

const WORDS = [
  'write',
  'ship',
  'fix',
  'éclair',
  'naïve',
  '日本',
  '😀',
  'tab\there',
  'q"uote',
  'b\\s',
];

function todoBody(i: number): Record<string, unknown> {
  const body: Record<string, unknown> = {
    content: `${WORDS[i % WORDS.length]} ${i} ${WORDS[(i * 7) % WORDS.length]}`,
    completed: i % 3 === 0,
    user: 1 + (i % 7),
  };
  if (i % 2 === 0) body['priority'] = i % 5 === 0 ? -0.5 : i * 1.5;
  if (i % 4 === 1) body['tags'] = ['a', WORDS[i % WORDS.length]!, ''];
  if (i % 11 === 0) body['user'] = null;
  return body;
}

/** A store that keeps no texts: every answer serialises the objects, as before issue 45. */
function withoutTexts(store: ModelStore): ModelStore {
  const plain: ModelStore = {
    label: store.label,
    readOnly: store.readOnly,
    batches: store.batches,
    records: () => store.records(),
    get: (id) => store.get(id),
    insert: (record) => store.insert(record),
    replace: (id, record) => store.replace(id, record),
    patch: (id, merge) => store.patch(id, merge),
    remove: (id) => store.remove(id),
  };
  return plain;
}

interface Bytes {
  status: number;
  headers: Record<string, unknown>;
  body: Buffer;
}

function get(base: string, path: string, method = 'GET'): Promise<Bytes> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: url.pathname + url.search,
        // One Host for both servers: the `Link` header's URLs are built from it.
        headers: { host: 'api.example.test' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const { date: _date, connection: _c, 'keep-alive': _k, ...headers } = res.headers;
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

let source: string;
beforeAll(async () => {
  source = await mkdtemp(join(tmpdir(), 'decorest-bytes-'));
  await writeFile(join(source, 'user.ts'), USER);
  await writeFile(join(source, 'todo.ts'), TODO);
  await writeFile(join(source, 'note.ts'), NOTE);
});
afterAll(async () => {
  await rm(source, { recursive: true, force: true });
});

let served: ServedProject;
let reference: RunningServer;

/** Serves `served`'s stores again, with no kept texts: the answers as they were. */
async function serveReference(): Promise<void> {
  const runtimes = createModelRuntimes(
    served.project.runtimes.map((r) => ({
      schema: r.schema,
      validator: r.validator,
      store: withoutTexts(r.store),
    })),
  );
  const table = buildRouteTable([], generateRestRoutes(runtimes, ''));
  reference = await startServer({ port: 0, table, logger: { error: () => {} } });
}

async function restart(): Promise<void> {
  await reference.close();
  served = await served.restart();
  await serveReference();
}

beforeEach(async () => {
  served = await serveCopy(source);
  await mkdir(served.dataDir, { recursive: true });
  await served.stop();
  await writeFile(join(served.dataDir, 'notes.db'), `${HAND_WRITTEN_NOTES}\n`);
  served = await served.restart();
  await serveReference();
});
afterEach(async () => {
  await reference.close();
  await served.dispose();
});

const write = async (method: string, path: string, body?: unknown): Promise<void> => {
  const answer = await jsonRequest(served.url, method, path, body);
  expect(answer.status, `${method} ${path}: ${answer.text}`).toBeLessThan(300);
};

async function seed(todos: number): Promise<void> {
  for (let i = 1; i <= 8; i++) await write('POST', '/users', { name: `User ${i} ${WORDS[i]}` });
  // Concurrently: the group commit stores them in one append.
  await Promise.all(Array.from({ length: todos }, (_, i) => write('POST', '/todos', todoBody(i))));
  await write('POST', '/notes', { title: 'posted', '7': 'seven', extra: { deep: [1, 'two'] } });
}

/** The reads compared: by id, lists with every query feature, nested, embedded, expanded. */
function reads(todoIds: readonly number[]): string[] {
  const paths = [
    ...todoIds.map((id) => `/todos/${id}`),
    ...[1, 2, 3, 4, 5, 6, 999].map((id) => `/notes/${id}`),
    '/todos',
    '/todos?limit=10',
    '/todos?_limit=7&_start=3',
    '/todos?offset=20&limit=25',
    '/todos?_page=2&_per_page=15',
    '/todos?_sort=priority&_order=desc&limit=30',
    '/todos?sort=-content,id',
    '/todos?_sort=-id&limit=600',
    '/todos?completed=true',
    '/todos?user=3&limit=5',
    '/todos?user=3&_sort=priority',
    '/todos?priority_gte=10&priority_lte=200',
    '/todos?q=%C3%A9clair',
    '/todos?content_like=%5Eship',
    '/todos?limit=10&embed=user',
    '/todos?_expand=user&limit=12',
    '/todos/5?embed=user',
    '/todos/6?_expand=user',
    '/users',
    '/users/2',
    '/users/2?_embed=todos',
    '/users?embed=todos,notes',
    '/users/1/todos',
    '/users/1/todos?limit=10',
    '/users/3/todos?_sort=-priority&limit=4',
    '/users/2/notes',
    '/users/999/todos',
    '/notes',
    '/notes?b=1',
    '/notes?_sort=title',
    '/notes?embed=user',
    '/todos/abc',
    '/todos?limit=-1',
  ];
  return paths;
}

async function expectSameBytes(paths: readonly string[]): Promise<number> {
  let compared = 0;
  for (const path of paths) {
    for (const method of ['GET', 'HEAD']) {
      const [ours, theirs] = await Promise.all([
        get(served.url, path, method),
        get(reference.url, path, method),
      ]);
      expect(ours.status, `${method} ${path}`).toBe(theirs.status);
      expect(ours.headers, `${method} ${path}`).toEqual(theirs.headers);
      // Buffers compared byte by byte; the text in the message when they differ.
      if (!ours.body.equals(theirs.body))
        expect(ours.body.toString('utf8'), `${method} ${path}`).toBe(theirs.body.toString('utf8'));
      compared++;
    }
  }
  return compared;
}

const ids = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('reads answered from kept texts (issue 45)', () => {
  it('answers the same bytes as serialising the records, across every read and after writes and restarts', async () => {
    await seed(620);
    // A hand-written line is answered as its parsed object serialises, not as it was written.
    expect((await get(served.url, '/notes/2')).body.toString()).toBe(
      '{"2":"two","10":"ten","id":2,"title":"keys","b":1,"a":{"1":[true,null],"z":1},"user":2}',
    );
    const paths = reads(ids(1, 620));
    expect(await expectSameBytes(paths)).toBe(paths.length * 2);
    // The same again: now every answer comes from kept texts.
    await expectSameBytes(paths);

    // Writes of every kind, then the same reads: no answer may show a text a write replaced.
    await write('PATCH', '/todos/3', { content: 'patched ✓', priority: 1e21 });
    await write('PUT', '/todos/4', { content: 'put', completed: true, user: 2 });
    await write('DELETE', '/todos/5');
    await write('POST', '/todos', { content: 'new after reads', completed: false, user: 1 });
    await write('PATCH', '/notes/2', { '3': 'three', b: null });
    await write('PUT', '/notes/1', { title: 'replaced', more: ['x'] });
    await write('PATCH', '/users/2', { name: 'Renamed' });
    await write('DELETE', '/users/3'); // its todos' links are nulled (CONTRACT §3)
    await expectSameBytes(reads(ids(1, 622)));

    // Loaded back from the datafile (the bulk parse), then a write of a loaded record.
    await restart();
    await expectSameBytes(reads(ids(1, 622)));
    await write('PATCH', '/todos/10', { completed: true });
    await expectSameBytes(['/todos/10', '/todos?limit=12', '/users/4/todos?limit=10']);
  }, 120_000);

  it('serialises a record once, then answers its kept text', async () => {
    await write('POST', '/users', { name: 'Ann' });
    await write('POST', '/todos', { content: 'once', completed: false, user: 1 });
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      const first = await get(served.url, '/todos/1');
      const serialised = () =>
        stringify.mock.calls.filter(
          ([value]) => (value as { content?: unknown })?.content === 'once',
        ).length;
      expect(serialised()).toBe(1);
      for (const path of ['/todos/1', '/todos', '/todos?limit=5', '/users/1/todos']) {
        const again = await get(served.url, path);
        expect(again.status).toBe(200);
        expect(again.body.toString()).toContain(first.body.toString());
      }
      expect(serialised()).toBe(1);
      await write('PATCH', '/todos/1', { completed: true });
      stringify.mockClear();
      const after = await get(served.url, '/todos/1');
      expect(JSON.parse(after.body.toString())).toMatchObject({ completed: true });
      await get(served.url, '/todos/1');
      expect(serialised()).toBe(1);
    } finally {
      stringify.mockRestore();
    }
  });
});
