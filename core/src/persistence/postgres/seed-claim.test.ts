/**
 * claimSeed (issue 40) on a throwaway cluster: one claim per database however many starts race
 * for it, none on tables that already hold records, and none again once claimed.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';

import {
  describeWithPostgres,
  type PostgresCluster,
  startPostgres,
} from '../../test-support/postgres-cluster.js';
import { claimSeed, META_TABLE } from './seed-claim.js';
import { openPool, type Pool, quoteIdent } from './sql.js';
import { syncTables, tablesOf } from './table-diff.js';
import { conformanceModels } from './test-models.js';

let cluster: PostgresCluster | undefined;
let admin: Pool;
const pools: Pool[] = [];
let databases = 0;

/** A fresh database with the tables of two models, as `db push` leaves it. */
async function pushedDatabase() {
  const name = `seed_claim_${++databases}`;
  await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
  const pool = openPool(cluster!.url.replace(/\/[^/]+$/, `/${name}`), { max: 4 });
  pools.push(pool);
  const { item, user } = conformanceModels('');
  const models = [user, item];
  await syncTables(pool, models);
  return { pool, specs: tablesOf(models) };
}

describeWithPostgres('claimSeed', () => {
  beforeAll(async () => {
    cluster = await startPostgres();
    admin = openPool(cluster.url);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
    await admin?.end();
    await cluster?.stop();
  });

  it('claims empty, never-seeded tables exactly once, however many starts race', async () => {
    const { pool, specs } = await pushedDatabase();
    const claims = await Promise.all(Array.from({ length: 6 }, () => claimSeed(pool, specs)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    // Still empty (the user deleted everything, or the import failed): claimed already.
    expect(await claimSeed(pool, specs)).toBe(false);
    const { rows } = await pool.query(`SELECT "key" FROM ${quoteIdent(META_TABLE)}`);
    expect(rows).toEqual([{ key: 'seeded' }]);
  });

  it('does not claim tables that already hold records, and marks them seeded', async () => {
    const { pool, specs } = await pushedDatabase();
    await pool.query(`INSERT INTO ${quoteIdent(specs[0]!.table)} DEFAULT VALUES`);
    expect(await claimSeed(pool, specs)).toBe(false);
    await pool.query(`DELETE FROM ${quoteIdent(specs[0]!.table)}`);
    expect(await claimSeed(pool, specs)).toBe(false);
  });
});
