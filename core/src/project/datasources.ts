/**
 * Named datasources (CONTRACT §5): every `@DataSource('name')` class of the project,
 * instantiated once per load, and the check that each model names one that exists.
 */
import { LOAD_ERROR_CODES as CODES, LoadError } from '../errors.js';
import type { LoadedProject } from '../loader/load-project.js';
import { inspector } from '../metadata/inspector.js';
import type { AnyClass } from '../metadata/types.js';
import type { ModelSchema } from '../model/schema.js';
import type { Persistence } from '../persistence/persistence.js';
import { PostgresDataSource } from '../persistence/postgres-data-source.js';

/** A `@DataSource` instance: the user's `Persistence`, or a database it names (issue 26). */
export type DataSourceInstance = Persistence<object> | PostgresDataSource;

/** Instantiates the project's datasources by name. */
export function instantiateDataSources(loaded: LoadedProject): Map<string, DataSourceInstance> {
  const found = new Map<string, { instance: DataSourceInstance; file: string }>();
  for (const ctor of loaded.classes as readonly AnyClass[]) {
    const name = inspector.dataSourceName(ctor);
    if (name === undefined) continue;
    const site = loaded.siteOf(ctor);
    const where = { file: site?.file ?? loaded.root, ...(site ? { line: site.line } : {}) };
    const clash = found.get(name);
    if (clash) {
      throw new LoadError(
        CODES.DUPLICATE_DATASOURCE,
        where,
        `${ctor.name}: datasource "${name}" is already declared in ${clash.file}`,
      );
    }
    let instance: DataSourceInstance;
    try {
      instance = new (ctor as unknown as new () => DataSourceInstance)();
    } catch (error) {
      const reason = `${ctor.name}: the datasource could not be constructed: ${error instanceof Error ? error.message : String(error)}`;
      throw new LoadError(CODES.BAD_DATASOURCE, where, reason, { cause: error });
    }
    if (instance instanceof PostgresDataSource) {
      checkDatabaseUrl(ctor.name, instance, where);
    } else if (typeof instance.getAll !== 'function') {
      throw new LoadError(
        CODES.BAD_DATASOURCE,
        where,
        `${ctor.name}: a datasource implements Persistence and needs a getAll() method`,
      );
    }
    found.set(name, { instance, file: where.file });
  }
  return new Map([...found].map(([name, { instance }]) => [name, instance]));
}

/** A model naming a datasource that does not exist is a load error naming both. */
export function checkDataSourceNames(
  models: readonly ModelSchema[],
  sources: ReadonlyMap<string, unknown>,
): void {
  for (const model of models) {
    if (model.dataSource === undefined || sources.has(model.dataSource)) continue;
    const known =
      sources.size === 0
        ? 'the project declares no @DataSource'
        : `known: ${[...sources.keys()].join(', ')}`;
    throw new LoadError(
      CODES.UNKNOWN_DATASOURCE,
      { file: model.file, line: model.line },
      `${model.name}: @FromDataSource('${model.dataSource}') names no @DataSource (${known})`,
    );
  }
}

/** A PostgreSQL datasource's URL must be a string by the time the project loads. */
function checkDatabaseUrl(
  className: string,
  source: PostgresDataSource,
  where: { file: string; line?: number },
): void {
  const { url } = source;
  if (typeof url === 'string' && url !== '') return;
  throw new LoadError(
    CODES.BAD_DATASOURCE,
    where,
    `${className}: a PostgresDataSource needs a url (postgres://user:password@host:5432/database); it is ${url === '' ? 'empty' : String(url)}: is its environment variable set?`,
  );
}
