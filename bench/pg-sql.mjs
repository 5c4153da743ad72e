// The SQL PostgreSQL saw (pg_stat_statements): the bare server must send the very text decorest
// sends, so the two are compared like for like, and no decorest statement may read a whole table.
import { fmt } from './report-format.mjs';

/** Per database and role, the statements run, with calls, rows per call and mean time. */
export function statements(cluster, db) {
  const out = cluster.psql(
    db,
    `SELECT r.rolname, s.calls, s.rows, round(s.mean_exec_time::numeric, 4), regexp_replace(s.query, '\\s+', ' ', 'g')
       FROM pg_stat_statements s JOIN pg_roles r ON r.oid = s.userid JOIN pg_database d ON d.oid = s.dbid
      WHERE d.datname = current_database() ORDER BY s.calls DESC;`,
  );
  return out
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [role, calls, rows, meanMs, ...query] = line.split('|');
      return {
        role,
        calls: Number(calls),
        rows: Number(rows),
        meanMs: Number(meanMs),
        query: query.join('|'),
      };
    });
}

/**
 * Per size, the statements of both servers as a table, whether the bare server sent only text
 * decorest sent too, and any statement of decorest's that returned more than 1,000 rows a call.
 */
export function sqlSeen(cluster, opts, problems) {
  // What each server sent: the same text; no statement of decorest's returns a whole table.
  const sqlLines = [];
  const fullReads = [];
  for (const n of opts.sizes) {
    const rows = statements(cluster, `todos_${n}`).filter(
      (s) => s.role === 'postgres' || s.role === 'bare',
    );
    const bare = rows.filter((s) => s.role === 'bare' && !/^SELECT \$1$|^SELECT 1$/.test(s.query));
    const dec = rows.filter((s) => s.role === 'postgres');
    const decTexts = new Set(dec.map((s) => s.query));
    const same = bare.every((s) => decTexts.has(s.query));
    sqlLines.push(
      `N=${fmt.n(n)}: every statement of the bare server is one decorest sent, byte for byte: ${same ? 'yes' : 'NO'}.`,
      '',
      '| role | calls | rows/call | mean ms in PostgreSQL | statement |',
      '| --- | --- | --- | --- | --- |',
      ...rows
        .filter((s) => s.calls >= 1 && !/pg_stat_statements|CREATE EXTENSION/.test(s.query))
        .slice(0, 14)
        .map(
          (s) =>
            `| ${s.role} | ${fmt.n(s.calls)} | ${(s.rows / s.calls).toFixed(1)} | ${s.meanMs} | \`${s.query.replaceAll('|', '\\|').slice(0, 220)}\` |`,
        ),
      '',
    );
    if (!same) problems.push(`N=${fmt.n(n)}: the bare server sent SQL decorest did not`);
    for (const s of dec)
      if (s.rows / s.calls > 1000 && !/^(COPY|VACUUM|SELECT setval)/i.test(s.query))
        fullReads.push(s);
  }
  return { lines: sqlLines, fullReads };
}
