// The PostgreSQL section's fixed settings (bench/postgres.mjs), shared by its modules: the
// scenarios, decorest's pool size, the cluster's settings and how a start is timed.

export const SCENARIO_LIST = ['byId', 'list10', 'create'];
export const READS = ['byId', 'list10'];
/** decorest's pool (core/src/persistence/postgres/sql.ts: `max: options.max ?? 10`). */
export const POOL_SIZE = 10;
export const RSS_SETTLE_MS = 500;
export const START_POLL_MS = 10;
/** The tests' cluster settings (postgres-cluster.ts), and pg_stat_statements to see the SQL. */
export const PG_SETTINGS = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  max_connections: 200,
  shared_preload_libraries: 'pg_stat_statements',
  'pg_stat_statements.track': 'top',
};
export const ROUTES = { list: '/todos?limit=10', listItems: (json) => json };
/** Start-up is timed to the first 200 on a byId, whose cost does not depend on N (see notes). */
export const READY_PATH = '/todos/1';
