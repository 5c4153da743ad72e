/**
 * Every error Decorest raises, in one table (as Fastify keeps `lib/errors.js`), split by
 * family under errors/ and re-exported here so every module imports its errors from one place:
 * - errors/http-problem.ts: {@link HttpProblem}, answered to the client as an RFC 9457 problem
 *   document; errors/problems.ts: the `problems` table;
 * - errors/load-errors.ts: {@link LoadError} / {@link DecoratorUsageError}, a project that could
 *   not be loaded, with file, line and target so the user can fix the model;
 * - errors/internal-errors.ts: the record store's, the transport's, the loader's and the CLI's;
 * - errors/import-errors.ts: an import source that cannot be read or a plan not written (issue 28);
 * - errors/postgres-errors.ts: what PostgreSQL and the network under it answer, as the above
 *   (issue 26): the SQLSTATE and network-code table every door to a database reads.
 */
export * from './errors/base.js';
export * from './errors/import-errors.js';
export * from './errors/internal-errors.js';
export * from './errors/load-errors.js';
export * from './errors/postgres-errors.js';
export * from './errors/http-problem.js';
export * from './errors/problems.js';
