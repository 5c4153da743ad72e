/**
 * The one door from a project to a PostgreSQL database (issue 26; issue 43 §2): the default
 * datasource's (`--database`, project/project-data.ts), every `@DataSource` URL's
 * (project/named-databases.ts) and `db import`'s. It connects, or takes the database a reload
 * hands on; brings the tables of the datasource's models to them (created when missing, a
 * change that would lose data refused: TablesDifferError); and gives a store per table.
 */
import { DatabaseConnectError } from '../../errors.js';
import type { ModelSchema } from '../../model/schema.js';
import { connectDatabase, type ConnectOptions } from './connect.js';
import type { PostgresDatabase } from './postgres-database.js';
import type { PostgresStore } from './postgres-store.js';
import { describeAddress } from './sql.js';
import { syncTables, tablesOf, type TablesSync } from './table-diff.js';

export interface OpenPostgresOptions extends ConnectOptions {
  /**
   * Whose models' tables: a named datasource's (a `PostgresDataSource`); the default
   * datasource's when unset. It labels the stores and names the datasource a failed connect.
   */
  readonly dataSource?: string;
  /**
   * The database a previous version opened on the same URL (a reload): synced and given new
   * stores (the columns may have changed) on its pool, never closed here.
   */
  readonly database?: PostgresDatabase;
}

export interface OpenPostgres {
  readonly database: PostgresDatabase;
  /** `user@host:port/db`, for messages; never the password. */
  readonly address: string;
  /** A store per model table, by model name, in the models' order. */
  readonly stores: ReadonlyMap<string, PostgresStore>;
  /** What bringing the tables to the models found and did. */
  readonly sync: TablesSync;
  /** Whether this call connected: then the caller closes the database it no longer needs. */
  readonly connected: boolean;
}

/**
 * The database at `url` (or `options.database`), its tables matching `models`, and their
 * stores. Throws {@link DatabaseConnectError} (one line, never the password) when it does not
 * connect, TablesDifferError when the tables differ in a way that loses data; what it connected
 * is closed again when it throws.
 */
export async function openPostgres(
  url: string,
  models: readonly ModelSchema[],
  options: OpenPostgresOptions = {},
): Promise<OpenPostgres> {
  const { dataSource, database: handedOn, ...limits } = options;
  const database = handedOn ?? (await connect(url, limits, dataSource));
  try {
    const sync = await syncTables(database.pool, models, { dataSource });
    const stores = new Map(
      tablesOf(models, dataSource).map((spec) => [spec.model, database.store(spec, dataSource)]),
    );
    return {
      database,
      address: database.address === undefined ? 'PostgreSQL' : describeAddress(database.address),
      stores,
      sync,
      connected: handedOn === undefined,
    };
  } catch (error) {
    if (handedOn === undefined) await database.close();
    throw error;
  }
}

async function connect(
  url: string,
  limits: ConnectOptions,
  dataSource: string | undefined,
): Promise<PostgresDatabase> {
  try {
    return await connectDatabase(url, limits);
  } catch (error) {
    if (dataSource === undefined || !(error instanceof DatabaseConnectError)) throw error;
    // Which datasource could not connect, then the one line connect.ts gives.
    throw new DatabaseConnectError(`datasource "${dataSource}": ${error.message}`, {
      cause: error,
    });
  }
}
