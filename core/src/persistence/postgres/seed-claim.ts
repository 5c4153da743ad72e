/**
 * Whether a start on a database imports the project's `seed/` (issue 40): the first start
 * whose tables are empty and were never seeded does, whoever made the tables (this start, or
 * `db push` before it). "Seeded" is recorded in the database itself, so every server on it
 * agrees, and a user who later deletes every record does not get the seed back.
 */
import { type Pool, quoteIdent } from './sql.js';
import { SCHEMA_LOCK } from './table-diff.js';
import type { TableSpec } from './table-schema.js';

/**
 * Decorest's own notes about a database. Untagged (no `decorest model` comment), so the tables
 * diff never takes it for a model's table to drop.
 */
export const META_TABLE = 'decorest_meta';
const SEEDED = 'seeded';

/**
 * Claims the seed import for this start: true at most once per database, when no start claimed
 * it before and every table in `specs` is empty. A database that already holds records is
 * marked seeded without an import (it was filled another way: an older version's seed, an
 * import, a client). Concurrent starts queue on the schema lock, so exactly one claims.
 *
 * The claim is committed before the import runs: a start killed in between leaves the seed
 * unimported rather than imported twice, as when the tables were created by that start.
 */
export async function claimSeed(pool: Pool, specs: readonly TableSpec[]): Promise<boolean> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK.toString()]);
    const meta = quoteIdent(META_TABLE);
    // Created only when missing: a role without CREATE still starts on a database made before.
    const { rows } = await client.query<{ found: string | null }>(
      'SELECT to_regclass($1)::text AS found',
      [meta],
    );
    if (rows[0]?.found == null)
      await client.query(`CREATE TABLE ${meta} ("key" text PRIMARY KEY, "value" text NOT NULL)`);
    const claimed = await client.query(
      `INSERT INTO ${meta} ("key", "value") VALUES ($1, now()::text) ON CONFLICT ("key") DO NOTHING`,
      [SEEDED],
    );
    const empty = claimed.rowCount === 1 && (await allEmpty(client, specs));
    await client.query('COMMIT');
    return empty;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: unknown) => {
      broken = rollbackError as Error;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

async function allEmpty(db: Pick<Pool, 'query'>, specs: readonly TableSpec[]): Promise<boolean> {
  if (specs.length === 0) return true;
  const any = specs.map((s) => `EXISTS (SELECT 1 FROM ${quoteIdent(s.table)})`).join(' OR ');
  const { rows } = await db.query<{ filled: boolean }>(`SELECT ${any} AS filled`);
  return rows[0]?.filled !== true;
}
