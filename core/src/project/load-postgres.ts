/**
 * The one loader of `pg` and the SQL store for a project: only a project that names a
 * database (`--database`, a `PostgresDataSource`, a model edit a crash left on one) reads
 * them, so a plain `serve` never does (issue 15: start-up loads what it uses).
 */
export async function loadPostgres() {
  const [open, connect, notify, seed] = await Promise.all([
    import('../persistence/postgres/open-postgres.js'),
    import('../persistence/postgres/connect.js'),
    import('../persistence/postgres/change-notify.js'),
    import('../persistence/postgres/seed-claim.js'),
  ]);
  return { ...open, ...connect, ...notify, ...seed };
}
