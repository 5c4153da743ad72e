/**
 * The handlers behind the seven generated endpoints (spec §4.1, statuses from CONTRACT §2).
 */
import type { Request } from '../../http/request.js';
import type { Response } from '../../http/response.js';
import type { HandlerFunction } from '../../http/types.js';
import type { StoredRecord } from '../../persistence/collection.js';
import type { ModelRuntime } from '../model-runtime.js';
import { embedRelations } from '../query/embed.js';
import { parseIncludes } from '../query/includes.js';
import { KeptPages } from '../query/kept-pages.js';
import {
  createRecord,
  deleteRecord,
  findRecord,
  notFound,
  patchRecord,
  replaceRecord,
} from '../write/record-writes.js';
import { answerList, type ListRoute } from './list-answer.js';

/** The record named by `:id`, or a 400/404 problem. */
export function existing(model: ModelRuntime, rawId: string): Promise<StoredRecord> {
  return findRecord(model, model.parseId(rawId));
}

/**
 * The record named by `:id` handed to `then`, at once when the store holds it in memory (the
 * file store: no promise on the read path, issue 27), else once the store answered; a 400/404
 * problem is thrown, or rejects.
 */
export function withExisting<T>(
  model: ModelRuntime,
  rawId: string,
  then: (record: StoredRecord) => T,
): T | Promise<Awaited<T>> {
  const id = model.parseId(rawId);
  const found = model.store.get(id);
  if (found instanceof Promise)
    return found.then((record) => then(record ?? notFound(model, id)) as Awaited<T>);
  return then(found ?? notFound(model, id));
}

/** The generated handlers of one model; `basePath` is the mount prefix plus the model path. */
export function crudHandlers(model: ModelRuntime, basePath: string) {
  const listRoute: ListRoute = { model, basePath, pages: new KeptPages() };
  const list: HandlerFunction = (req, res) => answerList(listRoute, req, res);

  const answerOne = async (record: StoredRecord, req: Request, res: Response): Promise<void> => {
    res.json((await embedRelations(model, [record], parseIncludes(req.query(), model.schema)))[0]);
  };
  const answerFound = (record: StoredRecord, req: Request, res: Response): void | Promise<void> =>
    req.hasQuery ? answerOne(record, req, res) : res.json(record);
  const { jsonOf } = model.store;
  // The common `GET /todos/1` of the file store: the record's kept text, found by its id
  // (issue 45), without a promise (issue 27). A database answers later.
  const getOne: HandlerFunction = (req, res) => {
    if (jsonOf !== undefined && !req.hasQuery) {
      const id = model.parseId(req.params('id'));
      const text = jsonOf(id);
      return text === undefined ? notFound(model, id) : res.jsonText(text);
    }
    return withExisting(model, req.params('id'), (record) => answerFound(record, req, res));
  };

  const create: HandlerFunction = async (req, res) => {
    const saved = await createRecord(model, req.body());
    res
      .status(201)
      .header('location', `${basePath}/${encodeURIComponent(String(saved.id))}`)
      .json(saved);
  };

  const replace: HandlerFunction = async (req, res) => {
    res.json(await replaceRecord(model, model.parseId(req.params('id')), req.body()));
  };

  const patch: HandlerFunction = async (req, res) => {
    res.json(await patchRecord(model, model.parseId(req.params('id')), req.body()));
  };

  const remove: HandlerFunction = async (req, res) => {
    res.json(await deleteRecord(model, model.parseId(req.params('id'))));
  };

  return { list, getOne, create, replace, patch, remove };
}
