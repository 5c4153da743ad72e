/**
 * Opens a project folder for serving: load the files, build the model schemas, open each
 * model's datafile, run the application's `execute()`, and build the route table. The
 * composition root of the core; the CLI and the studio both start here.
 */
import { join, resolve } from 'node:path';

import { Application, type ApplicationClass, GeneratedApplication } from '../app/application.js';
import { registerDao } from '../app/dao.js';
import { generateRestRoutes } from '../app/generate-rest.js';
import { createModelRuntimes, type ModelRuntime } from '../app/model-runtime.js';
import { RecordChangeBus } from '../app/write/record-changes.js';
import { servletPrefix } from '../decorators/web-servlet.js';
import {
  DuplicateRouteError,
  LOAD_ERROR_CODES,
  LoadError,
  type SourceLocation,
} from '../errors.js';
import { buildRouteTable, type RouteTable } from '../http/route-table.js';
import type { RouteDefinition } from '../http/types.js';
import { type LoadedProject, loadProject } from '../loader/load-project.js';
import { inspector } from '../metadata/inspector.js';
import { buildModelSchemas } from '../model/build-schema.js';
import type { ModelSchema } from '../model/schema.js';
import { DataSourceStore } from '../persistence/datasource-store.js';
import type { ModelStore } from '../persistence/model-store.js';
import { PostgresDataSource } from '../persistence/postgres-data-source.js';
import { compileModelValidator } from '../validation/compile.js';
import { createBodyBinder } from './body-binder.js';
import { checkDataSourceNames, instantiateDataSources } from './datasources.js';
import { completeDatabaseEdit, completeEdit } from './edit-journal.js';
import { homeRoutes } from './home-routes.js';
import { NamedDatabases } from './named-databases.js';
import { ProjectData } from './project-data.js';

export interface OpenProjectOptions {
  /** Where datafiles live; `<project>/data` by default (CONTRACT §5). */
  dataDir?: string;
  /**
   * `false` keeps records in memory and never touches `data/` (no lock, no files): for
   * commands that only describe the API (`routes`, `openapi`) while a server may be running.
   */
  data?: boolean;
  /**
   * Where record changes are published; pass the same bus to every reload so subscribers (the
   * studio) keep hearing writes across versions. A new one by default.
   */
  changes?: RecordChangeBus;
  /**
   * Issue 26: a `postgres://` URL puts every model of the default datasource in that
   * database (no data folder, no lock). Ignored when `data` is false.
   */
  database?: string;
  /** A folder without code is a project without models (the studio), not a load error. */
  allowEmpty?: boolean;
}

/** A loaded project, ready to be served by any number of servers. */
export interface ProjectRuntime {
  readonly root: string;
  readonly dataDir: string;
  readonly loaded: LoadedProject;
  readonly models: readonly ModelSchema[];
  readonly runtimes: readonly ModelRuntime[];
  readonly table: RouteTable;
  /** Every record write of this project, whoever made it (issue 12). */
  readonly changes: RecordChangeBus;
  /** Warnings from loading (a torn datafile line that was skipped, …). */
  readonly warnings: readonly string[];
  /**
   * Whether this open starts the data from nothing (no data folder yet; on a database, empty
   * tables never seeded, as `db push` leaves them): a first run, which the seed fills. False
   * after a reload.
   */
  readonly firstRun: boolean;
  /** The PostgreSQL database (`user@host:port/db`) the default datasource lives in, if one. */
  readonly database: string | undefined;
  /** Flushes pending writes and closes every datafile. */
  close(): Promise<void>;
}

function applicationOf(loaded: LoadedProject): { app: Application; file: string | undefined } {
  const found = loaded.application;
  if (!found) return { app: new GeneratedApplication(), file: undefined };
  try {
    return { app: new (found.ctor as unknown as ApplicationClass)(), file: found.file };
  } catch (error) {
    const reason = `the application class could not be constructed: ${error instanceof Error ? error.message : String(error)}`;
    throw new LoadError(LOAD_ERROR_CODES.BAD_APPLICATION, { file: found.file }, reason, {
      cause: error,
    });
  }
}

/** The project file and line a throw came from, read from its source-mapped stack. */
function throwSite(loaded: LoadedProject, error: unknown): SourceLocation | undefined {
  if (!(error instanceof Error) || error.stack === undefined) return undefined;
  const files = new Set(loaded.files.map((f) => f.path));
  for (const match of loaded.mapStack(error.stack).matchAll(/\(?([^\s()]+):(\d+):(\d+)\)?$/gm)) {
    if (files.has(match[1]!))
      return { file: match[1]!, line: Number(match[2]), column: Number(match[3]) };
  }
  return undefined;
}

/** A loaded project's models and named datasources: what its data and routes are built from. */
export interface ProjectDescription {
  readonly loaded: LoadedProject;
  readonly models: readonly ModelSchema[];
  readonly dataSources: ReturnType<typeof instantiateDataSources>;
}

export function describeProject(loaded: LoadedProject): ProjectDescription {
  const models = buildModelSchemas(loaded);
  const dataSources = instantiateDataSources(loaded);
  checkDataSourceNames(models, dataSources);
  return { loaded, models, dataSources };
}

const dataOfRuntime = new WeakMap<ProjectRuntime, ProjectData>();
const namedOfRuntime = new WeakMap<ProjectRuntime, NamedDatabases>();

/** The datafiles `project` serves from (for a reload to hand on). */
export function projectData(project: ProjectRuntime): ProjectData {
  const data = dataOfRuntime.get(project);
  if (!data) throw new Error('not a project opened by openProject');
  return data;
}

/** The PostgreSQL datasources' databases `project` serves from (for a reload to hand on). */
export function projectDatabases(project: ProjectRuntime): NamedDatabases {
  return namedOfRuntime.get(project) ?? NamedDatabases.NONE;
}

/** Loads `dir` and everything it needs to serve. Throws a {@link LoadError} naming file and line. */
export async function openProject(
  dir: string,
  options: OpenProjectOptions = {},
): Promise<ProjectRuntime> {
  const framework = await import('../index.js');
  // Issue 26: a model edit on the database that a crash interrupted is decided (by its
  // transaction's fate) before the sources it wrote are loaded.
  if (options.database !== undefined && options.data !== false) {
    const root = resolve(dir);
    await completeDatabaseEdit(root, options.dataDir ?? join(root, 'data'), options.database);
  }
  const description = describeProject(
    await loadProject(dir, { framework, allowEmpty: options.allowEmpty ?? false }),
  );
  const dataDir = options.dataDir ?? join(description.loaded.root, 'data');
  const data =
    options.database !== undefined && options.data !== false
      ? await ProjectData.openDatabase(description.models, options.database)
      : await ProjectData.open(description.models, options.data === false ? undefined : dataDir);
  let named = NamedDatabases.NONE;
  try {
    // Issue 24: a model edit a crash interrupted ends all new (its files are put in place:
    // the sources loaded above are stale, so the project opens again) or all old.
    if (data.durable && (await completeEdit(description.loaded.root, dataDir, data))) {
      await data.close();
      return await openProject(dir, options);
    }
    // `data: false` describes the API only: no database is reached either.
    if (options.data !== false)
      named = await NamedDatabases.open(description.models, description.dataSources, data.database);
    return await assembleProject(description, data, dataDir, options.changes, named);
  } catch (error) {
    await named.close();
    await data.close();
    throw error;
  }
}

/**
 * Builds the runtimes, runs the application's `execute()` and builds the route table over
 * `data`. Closes nothing on failure: the caller owns `data`.
 */
export async function assembleProject(
  { loaded, models, dataSources }: ProjectDescription,
  data: ProjectData,
  dataDir: string,
  changes: RecordChangeBus = new RecordChangeBus(),
  named: NamedDatabases = NamedDatabases.NONE,
): Promise<ProjectRuntime> {
  const storeOf = (m: ModelSchema): ModelStore => {
    if (m.dataSource === undefined) return data.store(m);
    const source = dataSources.get(m.dataSource)!;
    if (!(source instanceof PostgresDataSource)) return new DataSourceStore(m.dataSource, source);
    // With `data: false` no database was opened: the records are an empty memory store.
    return named.store(m) ?? new DataSourceStore(m.dataSource, { getAll: () => [] });
  };
  const runtimes = createModelRuntimes(
    models.map((schema) => ({
      schema,
      validator: compileModelValidator(schema, models),
      store: storeOf(schema),
    })),
    changes,
  );
  runtimes.forEach(registerDao);
  const { app, file } = applicationOf(loaded);
  const prefix = servletPrefix(inspector.webServlet(app.constructor as ApplicationClass));
  let routes;
  try {
    routes = await Application.collectRoutes(app, {
      generateRest: () => generateRestRoutes(runtimes, prefix),
    });
  } catch (error) {
    if (error instanceof LoadError) throw error;
    const reason = `execute() failed: ${error instanceof Error ? error.message : String(error)}`;
    const where = throwSite(loaded, error) ?? { file: file ?? loaded.root };
    throw new LoadError(LOAD_ERROR_CODES.BAD_APPLICATION, where, reason, { cause: error });
  }
  const mount = (r: (typeof routes.manual)[number]) =>
    prefix === '' ? r : { ...r, path: `${prefix}${r.path}` };
  let table: RouteTable;
  // Served beside the API (issue 4); built on first request from the final table.
  const openApiRoute: RouteDefinition = {
    method: 'GET',
    path: '/openapi.json',
    origin: 'generated',
    operation: 'openapi',
    // Its builder loads with the first request for it, not at start-up (issue 15); the
    // control API's `GET /api/openapi` answers the same document (issue 29).
    handler: async () => {
      const { projectOpenApi } = await import('./project-openapi.js');
      return projectOpenApi({ root: loaded.root, table, runtimes });
    },
  };
  try {
    // json-server's `GET /db` and `GET /` (issue 42), only beside the generated REST.
    const home = routes.generated.length > 0 ? homeRoutes(() => table, runtimes, prefix) : [];
    table = buildRouteTable(
      routes.manual.map(mount),
      [...routes.generated, ...home, openApiRoute],
      createBodyBinder(runtimes),
    );
  } catch (error) {
    if (!(error instanceof DuplicateRouteError)) throw error;
    throw new LoadError(
      LOAD_ERROR_CODES.DUPLICATE_ROUTE,
      { file: file ?? loaded.root },
      error.message,
    );
  }
  const project: ProjectRuntime = {
    root: loaded.root,
    dataDir,
    loaded,
    models,
    runtimes,
    table,
    changes,
    warnings: data.warnings,
    firstRun: data.firstRun,
    database: data.database,
    close: async () => {
      await named.close();
      await data.close();
    },
  };
  // Issue 26: on a shared database, the other servers' studios hear this project's writes.
  data.relayChanges(changes);
  dataOfRuntime.set(project, data);
  namedOfRuntime.set(project, named);
  return project;
}
