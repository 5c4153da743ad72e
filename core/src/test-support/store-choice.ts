/**
 * The default datasource's two stores for suites that run once on each (issue 26): the data
 * folder, and PostgreSQL on a throwaway cluster started once per test file, with a fresh
 * database per served copy.
 */
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

import { type PostgresCluster, postgresUnavailable, startPostgres } from './postgres-cluster.js';
import type { ServeOptions } from './project-server.js';

export type StoreChoice = 'file' | 'postgres';

/**
 * Both stores, or the file store alone with one console line where PostgreSQL is missing (on
 * CI that throws instead: postgresUnavailable).
 */
export function storeChoices(): StoreChoice[] {
  const why = postgresUnavailable();
  if (why === undefined) return ['file', 'postgres'];
  console.log(`the PostgreSQL half of this suite is skipped: ${why}`);
  return ['file'];
}

/**
 * Registers the hooks `choice` needs in the calling `describe`, and answers how to serve a
 * copy on it: nothing for files, a new empty database on the cluster for PostgreSQL.
 */
export function useStore(choice: StoreChoice): () => Promise<ServeOptions> {
  if (choice === 'file') return async () => ({});
  let cluster: PostgresCluster | undefined;
  let admin: pg.Client | undefined;
  let count = 0;
  beforeAll(async () => {
    cluster = await startPostgres();
    admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
  }, 120_000);
  afterAll(async () => {
    await admin?.end();
    await cluster?.stop();
  });
  return async () => {
    const name = `served_${++count}`;
    await admin!.query(`CREATE DATABASE ${name}`);
    return { database: cluster!.url.replace(/\/[^/]+$/, `/${name}`) };
  };
}
