/**
 * A collection GET's answer (spec §4.1, CONTRACT §2): `/todos`, or `/users/:id/todos` with a
 * scope fixing the relation. The read hot path (issue 45): with the file store and nothing
 * embedded, no promise is taken, the query string is parsed once (parsed-queries.ts), a page is
 * its records' kept texts joined, and a page asked again before any write is the bytes kept
 * from the last time (kept-pages.ts).
 */
import { joinTexts, STREAM_MIN_ITEMS } from '../../http/json-stream.js';
import type { Request } from '../../http/request.js';
import type { Response } from '../../http/response.js';
import type { StoredRecord } from '../../persistence/collection.js';
import type { ReadableRecords } from '../../persistence/model-store.js';
import type { ModelRuntime } from '../model-runtime.js';
import type { CollectionQuery, Filter } from '../query/collection-query.js';
import { embedRelations } from '../query/embed.js';
import type { Includes } from '../query/includes.js';
import type { KeptPages } from '../query/kept-pages.js';
import { type CappedQuery, limitHeader, linkSearch } from '../query/limit-cap.js';
import { askStore, listRecords, type ListResult } from '../query/list-records.js';
import { encodeCursor } from '../query/page-cursor.js';
import { absoluteBase, pageLinks } from '../query/page-links.js';
import { parsedQuery } from '../query/parsed-queries.js';

/** Where a list route answers from: its model, `Link` base, scope and kept pages. */
export interface ListRoute {
  readonly model: ModelRuntime;
  /** What `Link` headers point at. */
  readonly basePath: string;
  /** The relation a nested list is fixed to (`user = 7`). */
  readonly scope?: Filter | undefined;
  /** The route's kept answers; absent: none kept. */
  readonly pages?: KeptPages | undefined;
}

/**
 * Answers a collection GET. Synchronous when the store answers from memory and nothing is
 * embedded; a promise otherwise.
 */
export function answerList(route: ListRoute, req: Request, res: Response): void | Promise<void> {
  const { model, scope, pages } = route;
  const capped = parsedQuery(model, req.queryString, () => req.query());
  const { json, version } = model.store;
  // Kept only where the store says when its records change, and only pages of its own records.
  const keeps =
    pages !== undefined &&
    // A walk from an `_after` cursor (issue 44) is answered afresh: its `next` needs the page.
    capped.query.after === undefined &&
    version !== undefined &&
    json !== undefined &&
    includesNothing(capped.query.include);
  const at = keeps ? version() : 0;
  const key = !keeps ? '' : scope === undefined ? req.queryString : scopedKey(scope, req);
  if (keeps) {
    const kept = pages.get(key, at);
    if (kept !== undefined) {
      answerHeaders(route, req, res, capped, kept.total, NO_CURSOR);
      return res.jsonText(kept.body);
    }
  }
  const query = scope
    ? {
        ...capped.query,
        filters: [
          scope,
          ...capped.query.filters.filter((f) => f.field !== scope.field || f.op !== 'eq'),
        ],
      }
    : capped.query;
  const answer = ({ items, total, byStore }: PageResult): void | Promise<void> => {
    answerHeaders(route, req, res, capped, total, nextOf(query, items, byStore));
    if (!includesNothing(query.include))
      return embedRelations(model, items, query.include).then((out) => res.json(out));
    if (json === undefined) return res.json(items);
    // A long page streams a slice at a time (json-stream.ts); it is not kept.
    if (items.length > STREAM_MIN_ITEMS) return res.jsonArray(items, json);
    const body = `[${joinTexts(items, 0, items.length, json)}]`;
    if (keeps) pages.keep(key, { version: at, total, body });
    res.jsonText(body);
  };
  const page = listPage(model, query, scope);
  return page instanceof Promise ? page.then(answer) : answer(page);
}

/** A nested list's key: the parent's id, then the query string (which holds no newline). */
function scopedKey(scope: Filter, req: Request): string {
  return `${String(scope.values[0])}\n${req.queryString}`;
}

/** What `_page`'s `next` link says beyond its page number (issue 44, page-cursor.ts). */
interface NextPage {
  /** A database's cursor past the page's last record: the next page from an index. */
  readonly after: string | undefined;
  /** A short page of a walk from a cursor is its end, though page numbers would run on. */
  readonly ended: boolean;
}

const NO_CURSOR: NextPage = { after: undefined, ended: false };

function nextOf(
  query: CollectionQuery,
  items: readonly StoredRecord[],
  byStore: boolean,
): NextPage {
  if (!query.page) return NO_CURSOR;
  // A database gets the next page through an index from the last record's keys, however deep;
  // a store in memory skips its offset as fast, and keeps json-server's links.
  const last = items.at(-1);
  const full = last !== undefined && items.length === query.page.size;
  return {
    after: byStore && full ? encodeCursor(last, query.sort) : undefined,
    ended: query.after !== undefined && !full,
  };
}

/** `X-Total-Count`, a clamped limit's header and `_page`'s `Link`. */
function answerHeaders(
  { basePath }: ListRoute,
  req: Request,
  res: Response,
  capped: CappedQuery,
  total: number,
  next: NextPage,
): void {
  res.header('x-total-count', total);
  if (capped.requested !== undefined) res.header(...limitHeader(capped.requested));
  const { page } = capped.query;
  if (page) {
    // Absolute, as json-server 0.17 sends them: a frontend on another origin follows them as is.
    const search = linkSearch(req.query(), capped);
    res.header(
      'link',
      pageLinks(absoluteBase(req.header('host'), basePath), search, page, total, next),
    );
  }
}

function includesNothing({ embed, expand, emptied }: Includes): boolean {
  return embed.length === 0 && expand.length === 0 && emptied.length === 0;
}

/**
 * The page and the match count: asked of the store when it answers queries (a database, issue
 * 26), else worked out over its records, without a promise when the store holds them.
 */
/** A page, and whether the store answered the query itself (a database) or memory did. */
type PageResult = ListResult & { readonly byStore: boolean };

function listPage(
  model: ModelRuntime,
  query: CollectionQuery,
  scope: Filter | undefined,
): PageResult | Promise<PageResult> {
  const { store } = model;
  const inMemory = (page: ListResult): PageResult => ({ ...page, byStore: false });
  if (store.query !== undefined)
    return askStore(store, query, model.stringFields).then((asked) =>
      asked !== undefined
        ? { ...asked, byStore: true }
        : Promise.resolve(store.records())
            .then((r) => pageOf(model, r, query, scope))
            .then(inMemory),
    );
  const records = store.records();
  if (records instanceof Promise)
    return records.then((r) => pageOf(model, r, query, scope)).then(inMemory);
  const page = pageOf(model, records, query, scope);
  return page instanceof Promise ? page.then(inMemory) : inMemory(page);
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
    return Promise.resolve(onlyLimit).then((items: readonly StoredRecord[]) => ({
      items,
      total: records.count(),
    }));
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
    query.page === undefined &&
    query.after === undefined
  );
}
