/**
 * PostgreSQL lists at scale (issue 44) on a real cluster: exact totals kept by the database
 * while two servers write, the indexes a table sync makes (and not for an opted-out field),
 * and the plans PostgreSQL picks for the list conventions on a table of 50,000 rows.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { ModelSchema } from '../../model/schema.js';
import {
  describeWithPostgres,
  type PostgresCluster,
  startPostgres,
} from '../../test-support/postgres-cluster.js';
import type { RecordQuery } from '../record-query.js';
import { PostgresDatabase } from './postgres-database.js';
import type { PostgresStore } from './postgres-store.js';
import { listSql } from './query-sql.js';
import { openPool, type Pool, quoteIdent } from './sql.js';
import { syncTables } from './table-diff.js';
import { tableOf, type TableSpec } from './table-schema.js';
import { BOOLEAN, field, INTEGER, model, STRING } from './test-models.js';

let cluster: PostgresCluster | undefined;
let admin: Pool;
const pools: Pool[] = [];
let databases = 0;

/** A new database on the cluster, and a pool on it (ended after the file). */
async function freshDatabase(): Promise<Pool> {
  const name = `scale_${++databases}`;
  await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
  const pool = openPool(cluster!.url.replace(/\/[^/]+$/, `/${name}`));
  pools.push(pool);
  return pool;
}

const owner = model(
  'Owner',
  'owners',
  [field('name', STRING)],
  [{ kind: 'hasMany', field: 'tasks', target: 'Task', inverse: 'owner', onDelete: 'nullify' }],
);
const task = model(
  'Task',
  'tasks',
  [
    field('title', STRING),
    field('rank', INTEGER),
    field('done', BOOLEAN),
    // A write-heavy trace no list reads: no index (`@Field({ index: false })`).
    { ...field('trace', STRING, { optional: true }), index: false },
    field('tags', { kind: 'array', element: STRING }, { optional: true }),
  ],
  [{ kind: 'belongTo', field: 'owner', target: 'Owner', optional: true }],
);
const MODELS: readonly ModelSchema[] = [owner, task];

function specOf(m: ModelSchema, models: readonly ModelSchema[] = MODELS): TableSpec {
  return tableOf(m, models);
}

const query = (over: Partial<RecordQuery> = {}): RecordQuery => ({
  filters: [],
  sort: [],
  offset: 0,
  limit: 10,
  ...over,
});

describeWithPostgres('PostgreSQL lists at scale', () => {
  beforeAll(async () => {
    cluster = await startPostgres();
    admin = openPool(cluster.url);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
    await admin?.end();
    await cluster?.stop();
  });

  describe('totals', () => {
    it('stay exact while two servers on one database insert and delete at once, for the whole table and for a filter', async () => {
      const pool = await freshDatabase();
      await syncTables(pool, MODELS);
      const other = openPool(pool.options.connectionString!);
      pools.push(other);
      const [one, two] = [new PostgresDatabase(pool), new PostgresDatabase(other)].map((db) =>
        db.store(specOf(task)),
      ) as [PostgresStore, PostgresStore];
      const done = query({ filters: [{ field: 'done', op: 'eq', values: [true] }] });
      // Cached by the first server at the table's version: a write elsewhere must end it.
      expect((await one.query.list(done))!.total).toBe(0);
      await two.insert({ title: 'from two', rank: 1, done: true });
      expect((await one.query.list(done))!.total).toBe(1);

      const writer = async (store: PostgresStore, tag: string): Promise<void> => {
        for (let round = 0; round < 15; round++) {
          const made = await Promise.all(
            Array.from({ length: 8 }, (_, i) =>
              store.insert({ title: `${tag} ${round}.${i}`, rank: i, done: i % 2 === 0 }),
            ),
          );
          await Promise.all(made.slice(0, 3).map((r) => store.remove(r.id)));
        }
      };
      // Meanwhile, the counter and the table agree in every snapshot a reader takes.
      let writing = true;
      const checks: [number, number][] = [];
      const checker = (async () => {
        while (writing) {
          const reader = await pool.connect();
          try {
            await reader.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
            const counter = await reader.query<{ total: string }>(
              `SELECT sum("total") AS total FROM "decorest_counts" WHERE "relid" = '"tasks"'::regclass`,
            );
            const counted = await reader.query<{ n: string }>('SELECT count(*) AS n FROM "tasks"');
            await reader.query('COMMIT');
            checks.push([Number(counter.rows[0]!.total), Number(counted.rows[0]!.n)]);
          } finally {
            reader.release();
          }
        }
      })();
      await Promise.all([writer(one, 'one'), writer(two, 'two')]);
      writing = false;
      await checker;
      expect(checks.length).toBeGreaterThan(0);
      for (const [counter, counted] of checks) expect(counter).toBe(counted);

      const { rows } = await pool.query<{ all: string; done: string }>(
        'SELECT count(*) AS all, count(*) FILTER (WHERE "done") AS done FROM "tasks"',
      );
      expect(Number(rows[0]!.all)).toBe(1 + 2 * 15 * 5);
      for (const store of [one, two]) {
        expect((await store.query.list(query()))!.total).toBe(Number(rows[0]!.all));
        expect((await store.query.list(done))!.total).toBe(Number(rows[0]!.done));
      }
      // A batch's multi-row insert and a clear are counted too.
      await one.batches.write([
        {
          store: one,
          ops: [1, 2, 3].map((i) => ({
            kind: 'insert' as const,
            record: { id: 10_000 + i, title: `batch ${i}`, rank: i, done: true },
          })),
        },
      ]);
      expect((await two.query.list(query()))!.total).toBe(Number(rows[0]!.all) + 3);
      await two.batches.write([{ store: two, ops: [{ kind: 'clear' }] }]);
      expect((await one.query.list(query()))!.total).toBe(0);
      expect((await one.query.list(done))!.total).toBe(0);
    }, 120_000);
  });

  describe('indexes', () => {
    const indexesOf = async (pool: Pool, table: string): Promise<Map<string, string>> => {
      const { rows } = await pool.query<{ name: string; def: string }>(
        'SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename = $1',
        [table],
      );
      return new Map(rows.map((r) => [r.name, r.def]));
    };

    it('are made by a table sync for every scalar field, with trigram ones for text, and none for a field with index: false or a list', async () => {
      const pool = await freshDatabase();
      const { steps } = await syncTables(pool, MODELS);
      expect(steps[0]!.sql).toBe('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      const made = await indexesOf(pool, 'tasks');
      expect([...made.keys()].sort()).toEqual([
        'tasks_done_idx',
        'tasks_owner_idx',
        'tasks_pkey',
        'tasks_rank_idx',
        'tasks_title_idx',
        'tasks_title_trgm',
      ]);
      expect(made.get('tasks_title_idx')).toContain('("left"(title, 256) COLLATE "C", id)');
      expect(made.get('tasks_title_trgm')).toContain('gin (lower(title) gin_trgm_ops)');
      expect(made.get('tasks_rank_idx')).toContain('(rank, id)');
      expect((await syncTables(pool, MODELS)).steps).toEqual([]);

      // Opting title out and trace in: title's indexes go, trace's come.
      const changed = model(
        'Task',
        'tasks',
        task.fields.map((f) =>
          f.name === 'title'
            ? { ...f, index: false as const }
            : f.name === 'trace'
              ? { ...f, index: undefined }
              : f,
        ),
        task.relations,
      );
      const again = await syncTables(pool, [owner, changed]);
      expect(again.steps.map((s) => s.sql)).toEqual([
        'DROP INDEX IF EXISTS "tasks_title_idx"',
        'DROP INDEX IF EXISTS "tasks_title_trgm"',
        'CREATE INDEX "tasks_trace_idx" ON "tasks" ((left("trace", 256) COLLATE "C"), "id")',
        'CREATE INDEX "tasks_trace_trgm" ON "tasks" USING gin (lower("trace") gin_trgm_ops)',
      ]);
      expect([...(await indexesOf(pool, 'tasks')).keys()]).not.toContain('tasks_title_idx');
    });

    it('take a text of a megabyte: the order index holds its first 256 characters', async () => {
      const pool = await freshDatabase();
      await syncTables(pool, MODELS);
      const store = new PostgresDatabase(pool).store(specOf(task));
      const long = `${'é'.repeat(300)}${'x'.repeat(1 << 20)}`;
      const stored = await store.insert({ title: long, rank: 1, done: false });
      await store.insert({ title: `${'é'.repeat(300)}w`, rank: 2, done: false });
      expect((await store.get(stored.id))!.title).toBe(long);
      const eq = query({ filters: [{ field: 'title', op: 'eq', values: [long] }] });
      expect((await store.query.list(eq))!.items.map((r) => r.id)).toEqual([stored.id]);
      const sorted = await store.query.list(
        query({ sort: [{ field: 'title', descending: true }] }),
      );
      expect(sorted!.items.map((r) => r.rank)).toEqual([1, 2]);
    });
  });

  describe('plans on 50,000 rows (EXPLAIN after VACUUM ANALYZE, the planner left as it is)', () => {
    let pool: Pool;
    let spec: TableSpec;

    beforeAll(async () => {
      pool = await freshDatabase();
      await syncTables(pool, MODELS);
      spec = specOf(task);
      // Statistics made once, below, and left alone: an autovacuum landing between two plans
      // (when a loaded machine makes the tests slow) rewrote the trigram index's figures, and
      // a rare word's count read the table once in CI.
      for (const table of ['owners', 'tasks'])
        await pool.query(`ALTER TABLE ${quoteIdent(table)} SET (autovacuum_enabled = off)`);
      await pool.query(
        `INSERT INTO "owners" ("id", "name") SELECT g, 'Owner ' || g FROM generate_series(1, 500) g`,
      );
      await pool.query(
        `INSERT INTO "tasks" ("id", "title", "rank", "done", "owner")
         SELECT g, 'Task ' || g || (ARRAY[' review notes', ' ship it', ' plan the week', ' fix bug'])[1 + g % 4],
                g % 7, g % 3 = 0, 1 + g % 500
           FROM generate_series(1, 50000) g`,
      );
      await pool.query(`SELECT setval(pg_get_serial_sequence('tasks', 'id'), 50000)`);
      // What autovacuum does after a bulk load: the statistics, and the trigram index's pending
      // entries merged and counted (before that, its cost is guessed from its size).
      await pool.query('VACUUM ANALYZE');
    }, 120_000);

    /** The plan's nodes, and whether each is under an InitPlan (a count the CASE may skip). */
    const nodesOf = async (
      q: RecordQuery,
      cached?: { state: string; total: number },
    ): Promise<{ type: string; index?: string; relation?: string; initPlan: boolean }[]> => {
      const sql = listSql(spec, q, {
        counted: true,
        cached: cached === undefined ? undefined : () => cached,
      })!;
      return planOf(sql.page);
    };
    const planOf = async (statement: {
      text: string;
      values: unknown[];
    }): Promise<{ type: string; index?: string; relation?: string; initPlan: boolean }[]> => {
      const { rows } = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>({
        text: `EXPLAIN (FORMAT JSON) ${statement.text}`,
        values: statement.values,
      });
      const out: { type: string; index?: string; relation?: string; initPlan: boolean }[] = [];
      const walk = (node: PlanNode, initPlan: boolean): void => {
        const under = initPlan || node['Parent Relationship'] === 'InitPlan';
        out.push({
          type: node['Node Type'],
          index: node['Index Name'],
          relation: node['Relation Name'],
          initPlan: under,
        });
        for (const child of node.Plans ?? []) walk(child, under);
      };
      walk(rows[0]!['QUERY PLAN'][0].Plan, false);
      return out;
    };
    const seqScans = (nodes: Awaited<ReturnType<typeof nodesOf>>) =>
      nodes.filter((n) => n.type === 'Seq Scan' && n.relation === 'tasks');

    it('reads list10 and a sort by id either way from the primary key, the total from its counter: no Seq Scan at all', async () => {
      for (const q of [
        query(),
        query({ sort: [{ field: 'id', descending: true }] }),
        query({ sort: [{ field: 'id', descending: false }] }),
      ]) {
        const nodes = await nodesOf(q);
        expect(seqScans(nodes), JSON.stringify(q)).toEqual([]);
        expect(nodes.some((n) => n.index === 'tasks_pkey')).toBe(true);
        expect(nodes.some((n) => n.type === 'Sort')).toBe(false);
      }
    });

    it('starts a deep page in id order from an anchor kept for the table state: no Seq Scan, no Sort, no skip past the anchor', async () => {
      const store = new PostgresDatabase(pool).store(spec);
      for (const descending of [false, true]) {
        const q = query({ offset: 40_000, sort: [{ field: 'id', descending }] });
        // Anchors as the store keeps them: every 1,024th id in the list's order.
        const ids = Array.from({ length: 49 }, (_, k) =>
          descending ? 50_000 - k * 1024 : 1 + k * 1024,
        );
        const sql = listSql(spec, q, { counted: true, anchors: () => ({ state: '0:1', ids }) })!;
        expect(sql.deep?.anchored).toBeDefined();
        const nodes = await planOf(sql.page);
        expect(seqScans(nodes)).toEqual([]);
        expect(nodes.some((n) => n.type === 'Sort')).toBe(false);
        expect(nodes.some((n) => n.index === 'tasks_pkey')).toBe(true);
      }
      // Through the store: by offset twice (the second at the same state reads the anchors),
      // then from anchors; after a write, by offset again; right every time.
      const sent = vi.spyOn(pool, 'query');
      const deep = () => store.query.list(query({ offset: 40_000, limit: 3 }));
      const back = () =>
        store.query.list(
          query({ offset: 40_000, limit: 2, sort: [{ field: 'id', descending: true }] }),
        );
      const anchoredPages = () =>
        sent.mock.calls.filter((c) => /"id" (>|<)= \$\d+::bigint ORDER BY/.test(textOf(c[0])))
          .length;
      for (let i = 0; i < 3; i++) {
        expect((await deep())!.items.map((r) => r.id)).toEqual([40_001, 40_002, 40_003]);
        const page = await back();
        expect(page!.items.map((r) => r.id)).toEqual([10_000, 9_999]);
        expect(page!.total).toBe(50_000);
      }
      expect(anchoredPages()).toBe(2);
      await store.remove(7);
      expect((await deep())!.items.map((r) => r.id)).toEqual([40_002, 40_003, 40_004]);
      await store.insert({ id: 7, title: 'back', rank: 1, done: false });
      expect((await deep())!.items.map((r) => r.id)).toEqual([40_001, 40_002, 40_003]);
      sent.mockRestore();
    });

    it('pages a filter on a boolean or a number, a relation, a sort by a field and q through indexes; the count a cache skips', async () => {
      const cases: [RecordQuery, string][] = [
        [query({ filters: [{ field: 'done', op: 'eq', values: [true] }] }), 'tasks_done_idx'],
        [query({ filters: [{ field: 'rank', op: 'eq', values: [3] }] }), 'tasks_rank_idx'],
        [query({ sort: [{ field: 'rank', descending: false }] }), 'tasks_rank_idx'],
        [query({ sort: [{ field: 'title', descending: false }] }), 'tasks_title_idx'],
        [query({ filters: [{ field: 'owner', op: 'eq', values: [7] }] }), 'tasks_owner_idx'],
      ];
      for (const [q, index] of cases) {
        const nodes = await nodesOf(q, { state: '0:1', total: 1 });
        // The page: an index, never the table.
        expect(
          nodes.filter((n) => !n.initPlan && n.type === 'Seq Scan'),
          JSON.stringify(q),
        ).toEqual([]);
        expect(
          nodes.some((n) => !n.initPlan && (n.index === index || n.index === 'tasks_pkey')),
          `${JSON.stringify(q)} reads ${index} or the primary key`,
        ).toBe(true);
      }
      // q: a rare word is found (and counted) through the trigram index.
      const rare = await nodesOf(query({ search: { text: 'task 4321', fields: ['title'] } }));
      expect(seqScans(rare)).toEqual([]);
      expect(rare.some((n) => n.index === 'tasks_title_trgm')).toBe(true);
    });

    it('answers a q of 10,000 characters at once, and a q as the file store matches it: a substring, % and _ as themselves', async () => {
      const store = new PostgresDatabase(pool).store(spec);
      const long = await store.query.list(
        query({ search: { text: 'review '.repeat(1500).slice(0, 10_000), fields: ['title'] } }),
      );
      expect(long).toEqual({ items: [], total: 0 });
      await store.insert({ title: '100% _done_', rank: 1, done: true });
      for (const [text, total] of [
        ['100%', 1],
        ['_done_', 1],
        ['0%', 1],
        ['%', 1],
        ['_', 1],
        ['\\', 0],
      ] as const) {
        const page = await store.query.list(query({ search: { text, fields: ['title'] } }));
        expect(page!.total, text).toBe(total);
      }
    });
  });
});

/** A statement's text, whether pg was handed the text or a query config. */
function textOf(arg: unknown): string {
  return typeof arg === 'string' ? arg : ((arg as { text?: string }).text ?? '');
}

interface PlanNode {
  readonly 'Node Type': string;
  readonly 'Parent Relationship'?: string;
  readonly 'Index Name'?: string;
  readonly 'Relation Name'?: string;
  readonly Plans?: readonly PlanNode[];
}
