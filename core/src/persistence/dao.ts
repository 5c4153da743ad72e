/**
 * `dao(Model)` (spec §2.3, CONTRACT §6): a model's persistence for hand-written handlers,
 * typed by the model. Writes validate like the generated endpoints and fail as problems
 * (422, 404, 409), so a handler can simply let them propagate.
 */
import type { ModelRuntime } from '../app/model-runtime.js';
import { HttpProblem, problems } from '../errors.js';
import type { ModelClass } from '../http/request.js';
import type { RecordId, StoredRecord } from './collection.js';
import { IdConflictError, StorageWriteError } from './store-errors.js';

/** The data-access object of one model. */
export interface Dao<M> {
  getAll(): Promise<M[]>;
  getById(id: RecordId): Promise<M | undefined>;
  /** Stores a new record (validated like a POST) and returns it with its id. */
  save(model: M | Partial<M>): Promise<M>;
  /** Replaces the record with `model.id` (validated like a PUT); 404 when absent. */
  update(model: M): Promise<M>;
  /** Deletes the record with `model.id` and returns it; 404 when absent. */
  delete(model: M | { id: RecordId }): Promise<M>;
}

/** Which runtime serves which class; weak, so a reloaded project's old classes are let go. */
const registry = new WeakMap<object, ModelRuntime>();

/** Internal: called by the project loader for every model it serves. */
export function registerDao(runtime: ModelRuntime): void {
  registry.set(runtime.schema.ctor, runtime);
}

function plain(value: unknown): unknown {
  // Instances from req.body(Model) carry the model's prototype; the store keeps plain JSON.
  return value !== null && typeof value === 'object' ? { ...(value as object) } : value;
}

function idOf(runtime: ModelRuntime, value: unknown): RecordId {
  const id = (value as { id?: unknown } | null)?.id;
  if (typeof id === 'number' || typeof id === 'string') return id;
  throw problems.invalidBody(`Invalid ${runtime.schema.name.toLowerCase()}`, [{ field: 'id', message: 'is required' }]);
}

async function write<T>(operation: Promise<T>): Promise<T> {
  try {
    return await operation;
  } catch (error) {
    if (error instanceof IdConflictError) throw problems.conflict(error.message);
    if (error instanceof StorageWriteError) throw problems.storageFailed(`the datafile could not be written (${error.osCode})`, error);
    throw error;
  }
}

/**
 * The persistence of `Model`.
 *
 * @example
 * ```ts
 * class CreateTodo implements HttpRequestHandler {
 *   async method(req: Request, res: Response) {
 *     res.status(201).json(await dao(Todo).save(req.body(Todo)));
 *   }
 * }
 * ```
 */
export function dao<M extends object>(model: ModelClass<M>): Dao<M> {
  const runtime = registry.get(model);
  if (!runtime) {
    throw new TypeError(`dao(${model.name}): ${model.name} is not a @Rest model of the loaded project`);
  }
  const { collection, validator } = runtime;
  const notFound = (id: RecordId): HttpProblem =>
    problems.notFound(`no ${runtime.schema.name.toLowerCase()} with id ${JSON.stringify(id)}`);
  const asModel = (record: StoredRecord): M => record as unknown as M;
  return {
    getAll: async () => [...collection.values()].map(asModel),
    getById: async (id) => {
      const record = collection.get(id);
      return record && asModel(record);
    },
    save: async (value) => asModel(await write(collection.insert(validator.create(plain(value))))),
    update: async (value) => {
      const id = idOf(runtime, value);
      if (!collection.has(id)) throw notFound(id);
      const saved = await write(collection.replace(id, validator.replace(plain(value))));
      if (!saved) throw notFound(id);
      return asModel(saved);
    },
    delete: async (value) => {
      const id = idOf(runtime, value);
      const removed = await write(collection.remove(id));
      if (!removed) throw notFound(id);
      return asModel(removed);
    },
  };
}
