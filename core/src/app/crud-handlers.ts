/**
 * The handlers behind the seven generated endpoints (spec §4.1, statuses from CONTRACT §2).
 */
import { DecorestError, HttpProblem, problems } from '../errors.js';
import type { Request } from '../http/request.js';
import type { Response } from '../http/response.js';
import type { HandlerFunction } from '../http/types.js';
import type { RecordId, StoredRecord } from '../persistence/collection.js';
import { IdConflictError, IdKindError, StorageWriteError } from '../persistence/store-errors.js';
import { parseCollectionQuery } from './collection-query.js';
import { listRecords } from './list-records.js';
import type { ModelRuntime } from './model-runtime.js';
import { pageLinks } from './page-links.js';

/** Store failures as problems: a taken id is the client's conflict, a failed write is ours. */
function storeProblem(error: unknown): unknown {
  if (error instanceof IdConflictError) return problems.conflict(error.message);
  if (error instanceof IdKindError) return problems.invalidBody('Invalid id', [{ field: 'id', message: error.message }]);
  if (error instanceof StorageWriteError) {
    return problems.storageFailed(`the datafile could not be written (${error.osCode}); nothing was changed`, error);
  }
  if (error instanceof DecorestError && !(error instanceof HttpProblem)) return problems.badRequest(error.message);
  return error;
}

async function stored<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    throw storeProblem(error);
  }
}

function notFound(model: ModelRuntime, id: RecordId): HttpProblem {
  return problems.notFound(`no ${model.schema.name.toLowerCase()} with id ${JSON.stringify(id)}`);
}

function existing(model: ModelRuntime, req: Request): StoredRecord {
  const id = model.parseId(req.params('id'));
  const record = model.collection.get(id);
  if (!record) throw notFound(model, id);
  return record;
}

/** The generated handlers of one model; `basePath` is the mount prefix plus the model path. */
export function crudHandlers(model: ModelRuntime, basePath: string) {
  const list: HandlerFunction = (req: Request, res: Response) => {
    const query = parseCollectionQuery(req.query(), model.schema, model.filterTypes);
    const { items, total } = listRecords(model.collection, query, model.stringFields, model.indexed);
    res.header('x-total-count', total);
    if (query.page) res.header('link', pageLinks(basePath, req.query(), query.page, total));
    res.json(items);
  };

  const getOne: HandlerFunction = (req, res) => {
    res.json(existing(model, req));
  };

  const create: HandlerFunction = async (req, res) => {
    const record = model.validator.create(req.body());
    const saved = await stored(model.collection.insert(record));
    res.status(201).header('location', `${basePath}/${encodeURIComponent(String(saved.id))}`).json(saved);
  };

  const replace: HandlerFunction = async (req, res) => {
    const current = existing(model, req);
    const record = model.validator.replace(req.body());
    const saved = await stored(model.collection.replace(current.id, record));
    if (!saved) throw notFound(model, current.id);
    res.json(saved);
  };

  const patch: HandlerFunction = async (req, res) => {
    const current = existing(model, req);
    const record = model.validator.patch(current, req.body());
    const saved = await stored(model.collection.replace(current.id, record));
    if (!saved) throw notFound(model, current.id);
    res.json(saved);
  };

  const remove: HandlerFunction = async (req, res) => {
    const id = model.parseId(req.params('id'));
    const removed = await stored(model.collection.remove(id));
    if (!removed) throw notFound(model, id);
    res.json(removed);
  };

  return { list, getOne, create, replace, patch, remove };
}
