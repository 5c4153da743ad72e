/**
 * Handlers that answer a documented operation from a model's records (issue 41): the routes an
 * OpenAPI import writes into `app.ts` when the document's path, key, status or shape is not the
 * generated endpoint's (`GET /user/{username}`, `GET /pet/findByStatus?status=`, `PUT /pet` with
 * the id in the body, `{ "articles": [...], "articlesCount": n }`). Every write goes through the
 * one write path, so the model's rules and the 422s are those of the generated routes.
 */
import { problems } from '../errors.js';
import type { Request } from '../http/request.js';
import type { Response } from '../http/response.js';
import type { HandlerFunction } from '../http/types.js';
import type { RecordId } from '../model/schema.js';
import type { StoredRecord } from '../persistence/collection.js';
import { allRecords, recordsWhere } from '../persistence/store-reads.js';
import { runtimeOf } from './dao.js';
import type { ModelRuntime } from './model-runtime.js';
import { createRecord, deleteRecord, findRecord, replaceRecord } from './write/record-writes.js';

/** How a path finds its record: the path parameter and the field it holds (`id`, `username`). */
export interface DocumentedRecordKey {
  param: string;
  field: string;
}

/** The id travels in the body (`PUT /pet` with `{ "id": 10, … }`). */
export interface DocumentedBodyKey {
  body: string;
}

interface Answered {
  /** The documented success status. */
  status: number;
  /** `article`: the record is answered as `{ "article": record }`. */
  wrap?: string;
}

export interface DocumentedListOptions {
  status: number;
  /** Query parameter → field: the records whose field equals (or, for a list, holds) a value. */
  filters?: Record<string, string>;
  /** A filter parameter's documented default, used when a request leaves the parameter out. */
  defaults?: Record<string, string>;
  /** Query parameters that page the answer (`limit`, `offset`). */
  page?: { limit?: string; offset?: string };
  /** `{ items: 'articles', count: 'articlesCount' }`: answered as an object, not a bare list. */
  wrap?: { items: string; count?: string };
}

export interface DocumentedReadOptions extends Answered {
  key: DocumentedRecordKey;
}

/** Values a create fills in when the body leaves them out (what the server sets). */
export interface DocumentedFill {
  /** Fields set to the current time (ISO 8601). */
  now?: string[];
  /** The key field made from another field's text (`slug` from `title`), else from the id. */
  slug?: { field: string; from?: string };
  values?: Record<string, unknown>;
}

export interface DocumentedCreateOptions extends Answered {
  /** The request body holds the record under this key (`{ "article": {...} }`). */
  unwrap?: string;
  fill?: DocumentedFill;
  /** False: the documented answer has no body. */
  answer?: boolean;
}

export interface DocumentedUpdateOptions extends Answered {
  key: DocumentedRecordKey | DocumentedBodyKey;
  unwrap?: string;
  answer?: boolean;
}

export interface DocumentedRemoveOptions extends Omit<Answered, 'wrap'> {
  key: DocumentedRecordKey;
  answer?: boolean;
}

type Model = abstract new (...args: never[]) => unknown;
type Body = Record<string, unknown>;

const isBody = (value: unknown): value is Body =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function answer(res: Response, options: Answered & { answer?: boolean }, record: unknown): void {
  if (options.answer === false) return res.status(options.status).send();
  res.status(options.status).json(options.wrap ? { [options.wrap]: record } : record);
}

/** The record a field value names; a full scan only where the store has no query for it. */
async function findBy(model: ModelRuntime, field: string, raw: unknown): Promise<StoredRecord> {
  if (field === 'id') {
    const id: RecordId =
      typeof raw === 'number' || typeof raw === 'string'
        ? model.parseId(String(raw))
        : model.parseId('');
    return findRecord(model, id);
  }
  const type = model.schema.fields.find((f) => f.name === field)?.type.kind;
  const value = type === 'number' ? Number(raw) : String(raw);
  const found = Number.isNaN(value) ? [] : await recordsWhere(model.store, field, value);
  const record = found[0];
  if (!record)
    throw problems.notFound(
      `no ${model.schema.name.toLowerCase()} with ${field} ${JSON.stringify(raw)}`,
    );
  return record;
}

function keyOf(
  req: Request,
  key: DocumentedRecordKey | DocumentedBodyKey,
  body: unknown,
): [string, unknown] {
  if ('param' in key) return [key.field, req.params(key.param)];
  const value = isBody(body) ? body[key.body] : undefined;
  if (value === undefined)
    throw problems.invalidBody('Invalid body', [{ field: key.body, message: 'is required' }]);
  return [key.body, value];
}

function unwrapped(req: Request, unwrap: string | undefined): unknown {
  const body = req.body();
  if (unwrap === undefined) return body;
  if (isBody(body) && isBody(body[unwrap])) return body[unwrap];
  throw problems.invalidBody('Invalid body', [
    { field: unwrap, message: 'is required: the record is sent under this key' },
  ]);
}

/** Every value a query parameter was given, `a,b` and repeated `x=a&x=b` alike. */
function queryValues(req: Request, name: string): string[] {
  return req
    .query()
    .getAll(name)
    .flatMap((v) => v.split(','))
    .filter((v) => v !== '');
}

/**
 * Whether a record's field equals one of `wanted`, or, for a list, holds one; a list of objects
 * (Petstore's `tags: [{ id, name }]`, filtered by `findByTags?tags=`) holds an object when one of
 * its plain members equals it.
 */
function holds(record: StoredRecord, field: string, wanted: readonly string[]): boolean {
  const value = record[field];
  const is = (v: unknown): boolean =>
    v !== null && typeof v === 'object'
      ? Object.values(v).some(
          (member) => typeof member !== 'object' && wanted.includes(String(member)),
        )
      : wanted.includes(String(v));
  return Array.isArray(value) ? value.some(is) : is(value);
}

function pageNumber(req: Request, name: string | undefined): number | undefined {
  const raw = name === undefined ? undefined : req.query(name);
  if (raw === undefined) return undefined;
  if (!/^\d{1,9}$/.test(raw)) throw problems.badQuery(name!, 'must be a whole number ≥ 0');
  return Number(raw);
}

/** The documented list: the records the query's filters select, bare or wrapped with a count. */
function list(model: Model, options: DocumentedListOptions): HandlerFunction {
  return async (req, res) => {
    const runtime = runtimeOf(model, 'documented.list');
    let records = await allRecords(runtime.store);
    for (const [param, field] of Object.entries(options.filters ?? {})) {
      const sent = queryValues(req, param);
      const fallback = options.defaults?.[param];
      const wanted = sent.length > 0 || fallback === undefined ? sent : [fallback];
      if (wanted.length > 0) records = records.filter((r) => holds(r, field, wanted));
    }
    const total = records.length;
    const offset = pageNumber(req, options.page?.offset) ?? 0;
    const limit = pageNumber(req, options.page?.limit);
    records = records.slice(offset, limit === undefined ? undefined : offset + limit);
    const { wrap } = options;
    res
      .status(options.status)
      .json(
        wrap ? { [wrap.items]: records, ...(wrap.count ? { [wrap.count]: total } : {}) } : records,
      );
  };
}

/** The record the path names (by its id or another key field). */
function read(model: Model, options: DocumentedReadOptions): HandlerFunction {
  return async (req, res) => {
    const runtime = runtimeOf(model, 'documented.read');
    answer(res, options, await findBy(runtime, options.key.field, req.params(options.key.param)));
  };
}

function slugOf(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** The body with what the server sets filled in where the client left it out. */
function filled(body: unknown, fill: DocumentedFill | undefined): unknown {
  if (!fill || !isBody(body)) return body;
  const out: Body = { ...body };
  for (const [field, value] of Object.entries(fill.values ?? {})) out[field] ??= value;
  const now = new Date().toISOString();
  for (const field of fill.now ?? []) out[field] ??= now;
  if (fill.slug && out[fill.slug.field] === undefined) {
    const from = fill.slug.from === undefined ? undefined : out[fill.slug.from];
    const base = typeof from === 'string' ? slugOf(from) : '';
    out[fill.slug.field] =
      `${base || 'item'}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  }
  return out;
}

/** A documented create: the (unwrapped) body stored like a POST, answered with its status. */
function create(model: Model, options: DocumentedCreateOptions): HandlerFunction {
  return async (req, res) => {
    const runtime = runtimeOf(model, 'documented.create');
    const body = filled(unwrapped(req, options.unwrap), options.fill);
    answer(res, options, await createRecord(runtime, body));
  };
}

/**
 * A documented update: the sent fields over the stored record (documents send partial bodies
 * to PUT as often as full ones), validated whole like a PUT; the record is found by the path's
 * key or by the id in the body.
 */
function update(model: Model, options: DocumentedUpdateOptions): HandlerFunction {
  return async (req, res) => {
    const runtime = runtimeOf(model, 'documented.update');
    const body = unwrapped(req, options.unwrap);
    if (!isBody(body))
      throw problems.invalidBody('Invalid body', [{ field: '', message: 'must be an object' }]);
    const [field, value] = keyOf(req, options.key, body);
    const current = await findBy(runtime, field, value);
    const { id, ...changes } = { ...current, ...body, id: current.id };
    answer(res, options, await replaceRecord(runtime, id as RecordId, changes));
  };
}

/** A documented delete, answered with the deleted record or with no body. */
function remove(model: Model, options: DocumentedRemoveOptions): HandlerFunction {
  return async (req, res) => {
    const runtime = runtimeOf(model, 'documented.remove');
    const current = await findBy(runtime, options.key.field, req.params(options.key.param));
    answer(res, options, await deleteRecord(runtime, current.id));
  };
}

/**
 * The documented-operation handlers, for `app.ts`.
 *
 * @example
 * ```ts
 * this.get('/user/:username', documented.read(User, { status: 200, key: { param: 'username', field: 'username' } }));
 * this.get('/pet/findByStatus', documented.list(Pet, { status: 200, filters: { status: 'status' } }));
 * ```
 */
export const documented = { list, read, create, update, remove } as const;
