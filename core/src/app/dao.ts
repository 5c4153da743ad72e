/**
 * `dao(Model)` (spec §2.3, CONTRACT §6): a model's persistence for hand-written handlers,
 * typed by the model. Writes validate like the generated endpoints and fail as problems
 * (422, 404, 409), so a handler can simply let them propagate.
 */
import { problems } from '../errors.js';
import type { IdOf, ModelInput, ModelRecord, ModelReplacement } from '../http/record-types.js';
import type { ModelClass } from '../http/request.js';
import type { RecordId } from '../model/schema.js';
import type { StoredRecord } from '../persistence/collection.js';
import { allRecords } from '../persistence/store-reads.js';
import type { ModelRuntime } from './model-runtime.js';
import { createRecord, deleteRecord, replaceRecord } from './write/record-writes.js';

/**
 * The data-access object of model `M`, typed by what the store holds (issue 18): a
 * `@BelongTo` field is the parent's id, a `@HasMany` field is absent, a `Date` is its ISO
 * string (see {@link ModelRecord}).
 */
export interface Dao<M> {
  getAll(): Promise<ModelRecord<M>[]>;
  getById(id: IdOf<M>): Promise<ModelRecord<M> | undefined>;
  /** Stores a new record (validated like a POST) and returns it with its id. */
  save(record: ModelInput<M>): Promise<ModelRecord<M>>;
  /** Replaces the record with `record.id` (validated like a PUT); 404 when absent. */
  update(record: ModelReplacement<M>): Promise<ModelRecord<M>>;
  /** Deletes the record with `record.id` (relations' delete rules apply) and returns it; 404 when absent. */
  delete(record: { readonly id: IdOf<M> }): Promise<ModelRecord<M>>;
}

/** Which runtime serves which class; weak, so a reloaded project's old classes are let go. */
const registry = new WeakMap<object, ModelRuntime>();

/** Internal: called by the project loader for every model it serves. */
export function registerDao(runtime: ModelRuntime): void {
  registry.set(runtime.schema.ctor, runtime);
}

/** Internal: the runtime serving `model`, for the routes an import writes (documented-routes). */
export function runtimeOf(model: object, where: string): ModelRuntime {
  const runtime = registry.get(model);
  if (!runtime) {
    const name = (model as { name?: string }).name ?? 'model';
    throw new TypeError(`${where}(${name}): ${name} is not a @Rest model of the loaded project`);
  }
  return runtime;
}

function idOf(runtime: ModelRuntime, value: unknown): RecordId {
  const id = (value as { id?: unknown } | null)?.id;
  if (typeof id === 'number' || typeof id === 'string') return id;
  throw problems.invalidBody(`Invalid ${runtime.schema.name.toLowerCase()}`, [
    { field: 'id', message: 'is required' },
  ]);
}

/**
 * The persistence of `Model`, default datasource or named.
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
  const runtime = runtimeOf(model, 'dao');
  const { store } = runtime;
  const asModel = (record: StoredRecord): ModelRecord<M> => record as unknown as ModelRecord<M>;
  // Writes take the one write path (issue 11): the rules of the generated routes, exactly.
  return {
    // Every record by contract; a database's are read in keyset pages, not one huge result.
    getAll: async () => (await allRecords(store)).map(asModel),
    getById: async (id) => {
      const record = await store.get(id);
      return record && asModel(record);
    },
    save: async (value) => asModel(await createRecord(runtime, value)),
    update: async (value) => asModel(await replaceRecord(runtime, idOf(runtime, value), value)),
    delete: async (value) => asModel(await deleteRecord(runtime, idOf(runtime, value))),
  };
}
