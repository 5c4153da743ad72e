/**
 * The handlers behind the seven generated endpoints (spec §4.1, statuses from CONTRACT §2).
 */
import type { Request } from '../../http/request.js';
import type { Response } from '../../http/response.js';
import type { HandlerFunction } from '../../http/types.js';
import type { RecordId } from '../../model/schema.js';
import type { StoredRecord } from '../../persistence/collection.js';
import type { ModelRuntime } from '../model-runtime.js';
import {
  type CollectionQuery,
  type Filter,
  parseCollectionQuery,
} from '../query/collection-query.js';
import { embedRelations } from '../query/embed.js';
import { parseIncludes } from '../query/includes.js';
import { capLimit, limitHeader, linkSearch } from '../query/limit-cap.js';
import { askStore, listRecords } from '../query/list-records.js';
import { encodeCursor } from '../query/page-cursor.js';
import { absoluteBase, pageLinks } from '../query/page-links.js';
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
 * Answers a collection GET: `/todos`, or `/users/:id/todos` with `scope` fixing the relation.
 * `basePath` is what `Link` headers point at.
 */
export async function answerList(
  model: ModelRuntime,
  req: Request,
  res: Response,
  basePath: string,
  scope?: Filter,
): Promise<void> {
  const parsed = parseCollectionQuery(req.query(), model.schema, model.filterTypes);
  const capped = capLimit(parsed);
  const query = scope
    ? {
        ...capped.query,
        filters: [scope, ...parsed.filters.filter((f) => f.field !== scope.field || f.op !== 'eq')],
      }
    : capped.query;
  const { items, total, byStore } = await listPage(model, query, scope);
  res.header('x-total-count', total);
  if (capped.requested !== undefined) res.header(...limitHeader(capped.requested));
  if (query.page) {
    // A database gets the next page through an index from the last record's keys, however deep
    // (issue 44); a store in memory skips its offset as fast, and keeps json-server's links.
    const last = items.at(-1);
    const full = last !== undefined && items.length === query.page.size;
    const next = {
      after: byStore && full ? encodeCursor(last, query.sort) : undefined,
      // A short page of a walk from a cursor is its end, though records inserted before the
      // walk's position make the page numbers run on.
      ended: query.after !== undefined && !full,
    };
    // Absolute, as json-server 0.17 sends them: a frontend on another origin follows them as is.
    const search = linkSearch(req.query(), capped);
    res.header(
      'link',
      pageLinks(absoluteBase(req.header('host'), basePath), search, query.page, total, next),
    );
  }
  res.json(await embedRelations(model, items, query.include));
}

/**
 * The page and the match count: asked of the store when it answers queries (a database, issue
 * 26), else worked out over its records.
 */
async function listPage(
  model: ModelRuntime,
  query: CollectionQuery,
  scope: Filter | undefined,
): Promise<{
  readonly items: readonly StoredRecord[];
  readonly total: number;
  /** Whether the store answered the query itself (a database) rather than from memory. */
  readonly byStore: boolean;
}> {
  const asked = await askStore(model.store, query, model.stringFields);
  if (asked !== undefined) return { ...asked, byStore: true };
  const records = await model.store.records();
  const onlyLimit = !scope && isPlainLimit(query) ? model.store.first?.(query.limit!) : undefined;
  return onlyLimit
    ? { items: await onlyLimit, total: records.count(), byStore: false }
    : { ...listRecords(records, query, model.stringFields), byStore: false };
}

/** `?limit=n` and nothing else: what a datasource's `getLimit(n)` answers (spec §2.3). */
function isPlainLimit(query: CollectionQuery): boolean {
  return (
    query.limit !== undefined &&
    query.offset === 0 &&
    query.filters.length === 0 &&
    query.sort.length === 0 &&
    query.q === undefined &&
    query.page === undefined &&
    query.after === undefined
  );
}

/** The generated handlers of one model; `basePath` is the mount prefix plus the model path. */
export function crudHandlers(model: ModelRuntime, basePath: string) {
  const list: HandlerFunction = (req, res) => answerList(model, req, res, basePath);

  const answerOne = async (record: StoredRecord, req: Request, res: Response): Promise<void> => {
    res.json((await embedRelations(model, [record], parseIncludes(req.query(), model.schema)))[0]);
  };
  const answerFound = (
    found: StoredRecord | undefined,
    id: RecordId,
    req: Request,
    res: Response,
  ): void | Promise<void> => {
    const record = found ?? notFound(model, id);
    return req.hasQuery ? answerOne(record, req, res) : res.json(record);
  };
  const getOne: HandlerFunction = (req, res) => {
    const id = model.parseId(req.params('id'));
    const found = model.store.get(id);
    // The common `GET /todos/1` of the file store: the record is at hand, so it is answered
    // without a promise (issue 27: two async frames per read). A database answers later.
    return found instanceof Promise
      ? found.then((record) => answerFound(record, id, req, res))
      : answerFound(found, id, req, res);
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
