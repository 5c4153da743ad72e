/**
 * The databases of a project's PostgreSQL datasources (issue 26: `@DataSource('name')` on a
 * class extending `PostgresDataSource`): one pool each, opened when the project loads and
 * handed across reloads while the datasource's URL stays the same, as the default datasource's
 * data is (project-data.ts). Each version gets stores of its own, and each datasource's tables
 * are made to match its models before the version serves.
 */
import { LOAD_ERROR_CODES, LoadError } from '../errors.js';
import type { ModelSchema } from '../model/schema.js';
import type { ModelStore } from '../persistence/model-store.js';
import type { PostgresDatabase } from '../persistence/postgres/postgres-database.js';
import { PostgresDataSource } from '../persistence/postgres-data-source.js';
import type { DataSourceInstance } from './datasources.js';
import { loadPostgres } from './load-postgres.js';

interface OpenDatabase {
  readonly url: string;
  readonly database: PostgresDatabase;
  /** `user@host:port/db`, never the password. */
  readonly address: string;
}

/** The project's PostgreSQL datasources by name. */
function databaseSources(
  sources: ReadonlyMap<string, DataSourceInstance>,
): Map<string, PostgresDataSource> {
  const out = new Map<string, PostgresDataSource>();
  for (const [name, source] of sources)
    if (source instanceof PostgresDataSource) out.set(name, source);
  return out;
}

export interface PendingNamedDatabases {
  readonly next: NamedDatabases;
  /** The new version serves: close the pools only the old one used. */
  commit(): Promise<void>;
  /** The new version failed: close the pools opened for it. */
  abort(): Promise<void>;
}

export class NamedDatabases {
  static readonly NONE = new NamedDatabases(new Map(), new Map());

  readonly #databases: ReadonlyMap<string, OpenDatabase>;
  readonly #stores: ReadonlyMap<string, ModelStore>;
  /** Set when a successor took the pools over: then `close()` leaves them to it. */
  #handedOn = false;

  private constructor(
    databases: ReadonlyMap<string, OpenDatabase>,
    stores: ReadonlyMap<string, ModelStore>,
  ) {
    this.#databases = databases;
    this.#stores = stores;
  }

  /**
   * The databases `sources` name, for `models`. `defaultDatabase` (`user@host:port/db`) is
   * the default datasource's: a named datasource may not share it, as each datasource's
   * tables are synced as the whole of its database's (the other's would look removed).
   */
  static async open(
    models: readonly ModelSchema[],
    sources: ReadonlyMap<string, DataSourceInstance>,
    defaultDatabase?: string,
  ): Promise<NamedDatabases> {
    const pending = await NamedDatabases.NONE.successor(models, sources, defaultDatabase);
    return pending.next;
  }

  /** `user@host:port/db` of each named database, for the server's start-up lines. */
  describe(): { name: string; address: string }[] {
    return [...this.#databases].map(([name, { address }]) => ({ name, address }));
  }

  /** The store of a model on a PostgreSQL datasource, or undefined for any other model. */
  store(model: ModelSchema): ModelStore | undefined {
    return this.#stores.get(model.name);
  }

  /**
   * The databases of the next version: a datasource whose URL did not change keeps its pool,
   * the others connect now. Nothing of this version is closed until `commit`.
   */
  async successor(
    models: readonly ModelSchema[],
    sources: ReadonlyMap<string, DataSourceInstance>,
    defaultDatabase?: string,
  ): Promise<PendingNamedDatabases> {
    const wanted = databaseSources(sources);
    if (wanted.size === 0 && this.#databases.size === 0)
      return { next: NamedDatabases.NONE, commit: async () => {}, abort: async () => {} };
    const { openPostgres, describeAddress, parseDatabaseUrl } = await loadPostgres();
    // Host, port and database: the same database whoever logs in.
    const where = (address: string) => address.slice(address.lastIndexOf('@') + 1);
    const open = new Map<string, OpenDatabase>();
    const opened: PostgresDatabase[] = [];
    const stores = new Map<string, ModelStore>();
    try {
      for (const [name, source] of wanted) {
        const url = source.url!;
        if (
          defaultDatabase !== undefined &&
          where(describeAddress(parseDatabaseUrl(url))) === where(defaultDatabase)
        )
          throw new LoadError(
            LOAD_ERROR_CODES.BAD_DATASOURCE,
            { file: models.find((m) => m.dataSource === name)?.file ?? '.' },
            `datasource "${name}" names the default datasource's database: give it a database of its own`,
          );
        // A datasource whose URL did not change keeps its pool (and its pool size).
        const kept = this.#databases.get(name);
        const onDatabase = await openPostgres(url, models, {
          dataSource: name,
          ...(kept?.url === url
            ? { database: kept.database }
            : source.poolSize === undefined
              ? {}
              : { max: source.poolSize }),
        });
        if (onDatabase.connected) opened.push(onDatabase.database);
        open.set(name, { url, database: onDatabase.database, address: onDatabase.address });
        for (const [model, store] of onDatabase.stores) stores.set(model, store);
      }
    } catch (error) {
      await Promise.allSettled(opened.map((d) => d.close()));
      throw error;
    }
    const next = new NamedDatabases(open, stores);
    const inUse = new Set([...open.values()].map((o) => o.database));
    return {
      next,
      commit: async () => {
        this.#handedOn = true;
        await Promise.allSettled(
          [...this.#databases.values()]
            .filter((o) => !inUse.has(o.database))
            .map((o) => o.database.close()),
        );
      },
      abort: async () => {
        await Promise.allSettled(opened.map((d) => d.close()));
      },
    };
  }

  /** Ends every pool, unless a successor took them over. */
  async close(): Promise<void> {
    if (this.#handedOn) return;
    this.#handedOn = true;
    await Promise.allSettled([...this.#databases.values()].map((o) => o.database.close()));
  }
}
