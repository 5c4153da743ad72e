/**
 * A named datasource kept in PostgreSQL (issue 26): some models in a database, the others on
 * files (or on the default datasource's database). Only a URL, no `pg` here: the project's
 * model files import this class, and a project that never names a database must not load the
 * driver.
 *
 * @example
 * ```ts
 * @DataSource('shared')
 * export class Shared extends PostgresDataSource {
 *   // Read from the environment: the password stays out of the project's files.
 *   readonly url = process.env.SHARED_DATABASE_URL;
 * }
 *
 * @Rest
 * @FromDataSource('shared')
 * export class Invoice { id!: number; total!: number; }
 * ```
 */
export abstract class PostgresDataSource {
  /** `postgres://user:password@host:5432/database`; undefined is a load error naming the class. */
  abstract readonly url: string | undefined;
  /** Connections this process may hold on it (pg's default, 10, when unset). */
  readonly poolSize?: number;
}
