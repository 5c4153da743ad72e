// COPY of the bench's generated users and todos into a pushed database (bench/pg-setup.mjs and
// bench/pg-queries.mjs): the indexes `db push` made are dropped first, for the caller's second
// push to build over all the rows at once (one build beats upkeep row by row); the counting
// triggers stay and count the COPY as it goes; the identities move past the rows.

/** Chunks of 200k rows keep psql's input (and this process's string) moderate. */
const CHUNK = 200_000;

/**
 * Copies `data` into `db`, each todo as `todoRow(t)`'s values for `todoColumns`; answers the
 * names of the indexes it dropped.
 */
export function copyRows(cluster, db, data, { todoColumns, todoRow }) {
  const indexes = cluster
    .psql(
      db,
      "SELECT indexname FROM pg_indexes WHERE schemaname = 'public' AND tablename IN ('todos', 'users') AND indexname NOT LIKE '%_pkey';",
    )
    .trim()
    .split('\n')
    .filter(Boolean);
  if (indexes.length > 0)
    cluster.psql(db, indexes.map((name) => `DROP INDEX "${name}";`).join('\n'));
  const users = data.users.map((u) => `${u.id}\t${u.name}`).join('\n');
  cluster.psql(db, 'COPY "users" ("id", "name") FROM STDIN;', `${users}\n\\.\n`);
  const columns = todoColumns.map((c) => `"${c}"`).join(', ');
  for (let from = 0; from < data.todos.length; from += CHUNK) {
    let text = '';
    for (const t of data.todos.slice(from, from + CHUNK)) text += `${todoRow(t).join('\t')}\n`;
    cluster.psql(db, `COPY "todos" (${columns}) FROM STDIN;`, `${text}\\.\n`);
  }
  cluster.psql(
    db,
    `SELECT setval(pg_get_serial_sequence('users', 'id'), ${data.users.length});
     SELECT setval(pg_get_serial_sequence('todos', 'id'), ${data.n});`,
  );
  return indexes;
}
