/**
 * The RFC 9457 problems the document shows for each operation (issue 43), made by the code that
 * answers them: the model's validator words the 422, the query parser the list's 400, the id
 * parser the malformed id, the problem table the rest. Nothing here words a message, so an
 * example cannot say what the server would not.
 */
import type { ModelRuntime } from '../app/model-runtime.js';
import { parseCollectionQuery } from '../app/query/collection-query.js';
import { parseIncludes } from '../app/query/includes.js';
import { notFound } from '../app/write/record-writes.js';
import type { JsonValue } from '../contract/values.js';
import { HttpProblem, IdConflictError, type ProblemDocument, problems } from '../errors.js';
import { DEFAULT_BODY_LIMIT } from '../http/body.js';
import { describeJsonSyntaxError } from '../http/json-syntax.js';
import type { RecordId } from '../model/schema.js';
import type { StoredRecord } from '../persistence/collection.js';
import type { ExampleRecord } from './example-records.js';
import { invalidBodyProblem } from './invalid-body.js';

/** A write's body: which validator checks it, in which shape, and the valid example. */
export interface BodyContext {
  readonly runtime: ModelRuntime;
  readonly shape: 'create' | 'replace' | 'patch';
  readonly valid: ExampleRecord;
  /** The record a PUT or PATCH changes (a POST's: the record it stores). */
  readonly existing: ExampleRecord;
  /** A field the path sets (the link of `POST /users/:id/todos`): never the one broken. */
  readonly fixed?: string;
}

/** What one operation's problems are made of. */
export interface ProblemContext {
  readonly method: string;
  /** As the route table has it: `/todos/:id`. */
  readonly path: string;
  /** The model whose record `:id` names (the parent, on `/users/:id/todos`). */
  readonly record?: { readonly runtime: ModelRuntime; readonly id: JsonValue };
  /** A list route: the model its query is read against. */
  readonly list?: ModelRuntime;
  readonly body?: BodyContext;
  /** A write its datasource class cannot take: its 405 (refused-writes.ts). */
  readonly refused?: HttpProblem;
  /** `GET /db`: its 400 is a database over the limit. */
  readonly database?: { readonly limit: number; readonly firstList?: string };
}

/** `/todos/:id` with `id` as given and any other parameter as `abc`. */
export function fillPath(path: string, id: JsonValue): string {
  return path.replace(/:([^/]+)/g, (_, name: string) =>
    encodeURIComponent(name === 'id' ? String(id) : 'abc'),
  );
}

/** The problem `make` throws (the code that answers it throws it the same way). */
function thrown(make: () => unknown): HttpProblem | undefined {
  try {
    make();
  } catch (error) {
    if (error instanceof HttpProblem) return error;
  }
  return undefined;
}

/** An id no example record has: 999 for numeric ids (or past the highest), else a word. */
function missingId(runtime: ModelRuntime, taken: JsonValue): RecordId {
  if (runtime.schema.idKind !== 'number') return 'no-such-id';
  return typeof taken === 'number' && taken >= 999 ? taken + 1 : 999;
}

function badRequest(ctx: ProblemContext): { problem: HttpProblem; id?: JsonValue } | undefined {
  if (ctx.database) {
    const list = ctx.database.firstList ?? `${ctx.path.replace(/\/db$/, '')}/<name>`;
    return { problem: problems.databaseTooLarge(ctx.path, ctx.database.limit, list) };
  }
  if (ctx.list) {
    const list = ctx.list;
    const problem = thrown(() =>
      parseCollectionQuery(new URLSearchParams('limit=ten'), list.schema, list.filterTypes),
    );
    return problem && { problem };
  }
  if (ctx.body) {
    // A trailing comma: the most common way a hand-written body breaks.
    const text = JSON.stringify(ctx.body.valid).replace(/}$/, ',}');
    return { problem: problems.malformedJson(describeJsonSyntaxError(text)) };
  }
  const record = ctx.record;
  if (!record) return undefined;
  if (record.runtime.schema.idKind === 'number') {
    const problem = thrown(() => record.runtime.parseId('abc'));
    return problem && { problem, id: 'abc' };
  }
  // Any string is an id: a read's 400 is a query it cannot take.
  const problem = thrown(() =>
    parseIncludes(new URLSearchParams('embed=nothing'), record.runtime.schema),
  );
  return problem && { problem };
}

function byStatus(
  status: number,
  ctx: ProblemContext,
): { problem: HttpProblem; id?: JsonValue } | undefined {
  switch (status) {
    case 400:
      return badRequest(ctx);
    case 404: {
      const record = ctx.record;
      if (!record) return { problem: problems.routeNotFound(ctx.method, ctx.path) };
      const id = missingId(record.runtime, record.id);
      const problem = thrown(() => notFound(record.runtime, id));
      return problem && { problem, id };
    }
    case 405:
      return ctx.refused && { problem: ctx.refused };
    case 409: {
      // The id of the record the body would create, taken already.
      const id = (ctx.body?.existing['id'] ?? ctx.record?.id ?? 1) as RecordId;
      return { problem: problems.conflict(new IdConflictError(id).message) };
    }
    case 413:
      return { problem: problems.payloadTooLarge(DEFAULT_BODY_LIMIT) };
    case 415:
      return { problem: problems.unsupportedMediaType('text/plain') };
    case 422: {
      const body = ctx.body;
      if (!body) return undefined;
      const existing = { ...body.existing } as StoredRecord;
      const problem = invalidBodyProblem(
        body.runtime,
        body.shape,
        body.valid,
        existing,
        body.fixed,
      );
      return problem && { problem };
    }
    case 500:
      return { problem: problems.internal() };
    default:
      return undefined;
  }
}

/**
 * The problem document the server sends for `status` on this operation, with `instance` the
 * path it was asked at; `undefined` for a status nothing here can make.
 *
 * @example
 * ```ts
 * problemExample(404, { method: 'GET', path: '/todos/:id', record: { runtime, id: 1 } });
 * // { type: 'not-found', title: 'Not found', status: 404, detail: 'no todo with id 999', … }
 * ```
 */
export function problemExample(status: number, ctx: ProblemContext): ProblemDocument | undefined {
  const made = byStatus(status, ctx);
  if (!made) return undefined;
  const id = made.id ?? ctx.record?.id ?? 1;
  return made.problem.toDocument(fillPath(ctx.path, id));
}
