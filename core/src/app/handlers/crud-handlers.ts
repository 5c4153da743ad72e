/**
 * The handlers behind the seven generated endpoints (spec §4.1, statuses from CONTRACT §2).
 */
import type { Request } from '../../http/request.js';
import type { Response } from '../../http/response.js';
import type { HandlerFunction } from '../../http/types.js';
import type { StoredRecord } from '../../persistence/collection.js';
import type { ReadableRecords } from '../../persistence/model-store.js';
import type { ModelRuntime } from '../model-runtime.js';
import type { CollectionQuery, Filter } from '../query/collection-query.js';
import { embedRelations } from '../query/embed.js';
import { type Includes, parseIncludes } from '../query/includes.js';
import { type CappedQuery, limitHeader, linkSearch } from '../query/limit-cap.js';
import { askStore, listRecords, type ListResult } from '../query/list-records.js';
import { absoluteBase, pageLinks } from '../query/page-links.js';
import { parsedQuery } from '../query/parsed-queries.js';
import {
  createRecord,
  deleteRecord,
  findRecord,
  notFound,
  patchRecord,
  replaceRecord,
} from '../write/record-writes.js';

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

/**
 * Answers a collection GET: `/todos`, or `/users/:id/todos` with `scope` fixing the relation.
 * `basePath` is what `Link` headers point at. Synchronous when the store answers from memory
 * and nothing is embedded (the read hot path, issue 45); a promise otherwise.
 */
export function answerList(
  model: ModelRuntime,
  req: Request,
  res: Response,
  basePath: string,
  scope?: Filter,
): void | Promise<void> {
  const capped = parsedQuery(model, req.queryString, () => req.query());
  const query = scope
    ? {
        ...capped.query,
        filters: [
          scope,
          ...capped.query.filters.filter((f) => f.field !== scope.field || f.op !== 'eq'),
        ],
      }
    : capped.query;
  const page = listPage(model, query, scope);
  if (page instanceof Promise)
    return page.then((found) => answerPage(model, req, res, basePath, capped, query, found));
  return answerPage(model, req, res, basePath, capped, query, page);
}

/** Writes a list's page: its headers, then its records (their kept texts where the store has them). */
function answerPage(
  model: ModelRuntime,
  req: Request,
  res: Response,
  basePath: string,
  capped: CappedQuery,
  query: CollectionQuery,
  { items, total }: ListResult,
): void | Promise<void> {
  res.header('x-total-count', total);
  if (capped.requested !== undefined) res.header(...limitHeader(capped.requested));
  if (query.page) {
    // Absolute, as json-server 0.17 sends them: a frontend on another origin follows them as is.
    const search = linkSearch(req.query(), capped);
    res.header(
      'link',
      pageLinks(absoluteBase(req.header('host'), basePath), search, query.page, total),
    );
  }
  return answerRecords(model, res, items, query.include);
}

/**
 * `records` as the answer's JSON array: the store's kept texts joined when nothing is embedded
 * and the store keeps them (issue 45), else the objects serialised.
 */
function answerRecords(
  model: ModelRuntime,
  res: Response,
  records: readonly StoredRecord[],
  include: Includes,
): void | Promise<void> {
  if (includesNothing(include)) {
    const { json } = model.store;
    return json === undefined ? res.json(records) : res.jsonArray(records, json);
  }
  return embedRelations(model, records, include).then((out) => res.json(out));
}

function includesNothing({ embed, expand, emptied }: Includes): boolean {
  return embed.length === 0 && expand.length === 0 && emptied.length === 0;
}

/**
 * The page and the match count: asked of the store when it answers queries (a database, issue
 * 26), else worked out over its records, without a promise when the store holds them.
 */
function listPage(
  model: ModelRuntime,
  query: CollectionQuery,
  scope: Filter | undefined,
): ListResult | Promise<ListResult> {
  const { store } = model;
  if (store.query !== undefined)
    return askStore(store, query, model.stringFields).then(
      (asked) =>
        asked ?? Promise.resolve(store.records()).then((r) => pageOf(model, r, query, scope)),
    );
  const records = store.records();
  if (records instanceof Promise) return records.then((r) => pageOf(model, r, query, scope));
  return pageOf(model, records, query, scope);
}

/** The page over a store's records (a datasource's `getLimit` answers a plain limit). */
function pageOf(
  model: ModelRuntime,
  records: ReadableRecords,
  query: CollectionQuery,
  scope: Filter | undefined,
): ListResult | Promise<ListResult> {
  const onlyLimit = !scope && isPlainLimit(query) ? model.store.first?.(query.limit!) : undefined;
  if (onlyLimit !== undefined)
    return Promise.resolve(onlyLimit).then((items) => ({ items, total: records.count() }));
  return listRecords(records, query, model.stringFields);
}

/** `?limit=n` and nothing else: what a datasource's `getLimit(n)` answers (spec §2.3). */
function isPlainLimit(query: CollectionQuery): boolean {
  return (
    query.limit !== undefined &&
    query.offset === 0 &&
    query.filters.length === 0 &&
    query.sort.length === 0 &&
    query.q === undefined &&
    query.page === undefined
  );
}

/** The generated handlers of one model; `basePath` is the mount prefix plus the model path. */
export function crudHandlers(model: ModelRuntime, basePath: string) {
  const list: HandlerFunction = (req, res) => answerList(model, req, res, basePath);

  const answerOne = async (record: StoredRecord, req: Request, res: Response): Promise<void> => {
    res.json((await embedRelations(model, [record], parseIncludes(req.query(), model.schema)))[0]);
  };
  const answerFound = (record: StoredRecord, req: Request, res: Response): void | Promise<void> => {
    if (req.hasQuery) return answerOne(record, req, res);
    // Issue 45: the record's kept text, where the store keeps one.
    const { json } = model.store;
    return json === undefined ? res.json(record) : res.jsonText(json(record));
  };
  // The common `GET /todos/1` of the file store: the record is at hand, so it is answered
  // without a promise (issue 27: two async frames per read). A database answers later.
  const getOne: HandlerFunction = (req, res) =>
    withExisting(model, req.params('id'), (record) => answerFound(record, req, res));

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
