/**
 * The handlers behind the seven generated endpoints (spec §4.1, statuses from CONTRACT §2).
 */
import { DecorestError, HttpProblem, problems } from '../../errors.js';
import type { Request } from '../../http/request.js';
import type { Response } from '../../http/response.js';
import type { HandlerFunction } from '../../http/types.js';
import type { RecordId, StoredRecord } from '../../persistence/collection.js';
import {
  CollectionClosedError,
  IdConflictError,
  IdKindError,
  StorageWriteError,
} from '../../persistence/store-errors.js';
import type { ModelRuntime } from '../model-runtime.js';
import {
  type CollectionQuery,
  type Filter,
  parseCollectionQuery,
} from '../query/collection-query.js';
import { embedRelations } from '../query/embed.js';
import { listRecords } from '../query/list-records.js';
import { absoluteBase, pageLinks } from '../query/page-links.js';
import { deleteWithRules, writeWithParents } from '../relations/relation-integrity.js';

/** Store failures as problems: a taken id is the client's conflict, a failed write is ours. */
export function storeProblem(error: unknown): unknown {
  if (error instanceof HttpProblem) return error;
  if (error instanceof IdConflictError) return problems.conflict(error.message);
  if (error instanceof IdKindError)
    return problems.invalidBody('Invalid id', [{ field: 'id', message: error.message }]);
  if (error instanceof CollectionClosedError) return problems.reloading();
  if (error instanceof StorageWriteError) {
    return problems.storageFailed(
      `the datafile could not be written (${error.osCode}); nothing was changed`,
      error,
    );
  }
  if (error instanceof DecorestError) return problems.badRequest(error.message);
  return error;
}

export async function stored<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    throw storeProblem(error);
  }
}

export function notFound(model: ModelRuntime, id: RecordId): HttpProblem {
  return problems.notFound(`no ${model.schema.name.toLowerCase()} with id ${JSON.stringify(id)}`);
}

/** The record named by `:id`, or a 400/404 problem. */
export async function existing(model: ModelRuntime, rawId: string): Promise<StoredRecord> {
  const id = model.parseId(rawId);
  const record = await model.store.get(id);
  if (!record) throw notFound(model, id);
  return record;
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
  const query = scope
    ? {
        ...parsed,
        filters: [scope, ...parsed.filters.filter((f) => f.field !== scope.field || f.op !== 'eq')],
      }
    : parsed;
  const records = await model.store.records();
  const onlyLimit = !scope && isPlainLimit(query) ? model.store.first?.(query.limit!) : undefined;
  const { items, total } = onlyLimit
    ? { items: await onlyLimit, total: records.count() }
    : listRecords(records, query, model.stringFields);
  res.header('x-total-count', total);
  if (query.page) {
    // Absolute, as json-server 0.17 sends them: a frontend on another origin follows them as is.
    res.header(
      'link',
      pageLinks(absoluteBase(req.header('host'), basePath), req.query(), query.page, total),
    );
  }
  res.json(await embedRelations(model, items, query.embed));
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

const NO_EMBED: readonly string[] = [];

function embedOf(req: Request): readonly string[] {
  // The common `GET /todos/1` has no query: no URLSearchParams, no arrays.
  if (!req.hasQuery) return NO_EMBED;
  return [...req.query().getAll('embed'), ...req.query().getAll('_embed')]
    .flatMap((v) => v.split(','))
    .filter((v) => v !== '');
}

/** The generated handlers of one model; `basePath` is the mount prefix plus the model path. */
export function crudHandlers(model: ModelRuntime, basePath: string) {
  const list: HandlerFunction = (req, res) => answerList(model, req, res, basePath);

  const getOne: HandlerFunction = async (req, res) => {
    const record = await existing(model, req.params('id'));
    const embed = embedOf(req);
    const known = embed.filter((f) => model.parents.has(f) || model.children.has(f));
    if (known.length !== embed.length) {
      const bad = embed.find((f) => !known.includes(f))!;
      throw problems.badQuery(
        'embed',
        `${JSON.stringify(bad)} is not a relation of ${model.schema.name}`,
      );
    }
    res.json((await embedRelations(model, [record], known))[0]);
  };

  const create: HandlerFunction = async (req, res) => {
    const record = model.validator.create(req.body());
    const saved = await writeWithParents(model, record, () => stored(model.store.insert(record)));
    res
      .status(201)
      .header('location', `${basePath}/${encodeURIComponent(String(saved.id))}`)
      .json(saved);
  };

  const replace: HandlerFunction = async (req, res) => {
    const current = await existing(model, req.params('id'));
    const record = model.validator.replace(req.body());
    const saved = await writeWithParents(model, record, () =>
      stored(model.store.replace(current.id, record)),
    );
    if (!saved) throw notFound(model, current.id);
    res.json(saved);
  };

  const patch: HandlerFunction = async (req, res) => {
    const current = await existing(model, req.params('id'));
    const record = model.validator.patch(current, req.body());
    const saved = await writeWithParents(model, record, () =>
      stored(model.store.replace(current.id, record)),
    );
    if (!saved) throw notFound(model, current.id);
    res.json(saved);
  };

  const remove: HandlerFunction = async (req, res) => {
    const current = await existing(model, req.params('id'));
    const removed = await stored(
      deleteWithRules(model, current.id, () => model.store.remove(current.id)),
    );
    if (!removed) throw notFound(model, current.id);
    res.json(removed);
  };

  return { list, getOne, create, replace, patch, remove };
}
