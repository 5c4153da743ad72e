/**
 * The query parameters the document lists on a generated GET: a list's every control, and on
 * `GET /<model>/{id}` the three that include relations (issue 48), which the by-id handler
 * reads with the list's own parser (app/query/includes.ts) and every other control ignores.
 * One table, so a parameter both routes take is described in the same words on both.
 */
import { LIMIT_HEADER, MAX_LIST_LIMIT } from '../contract/collection-controls.js';
import type { ModelSchema } from '../model/schema.js';
import type { JsonSchema } from '../validation/json-schema.js';

/** An OpenAPI Parameter Object of the query. */
export interface QueryParameter {
  readonly name: string;
  readonly in: 'query';
  readonly required: false;
  readonly description: string;
  readonly schema: JsonSchema;
}

const INTEGER: JsonSchema = { type: 'integer', minimum: 0 };
const TEXT: JsonSchema = { type: 'string' };

/** Name → what it does and takes, in the order a list lists them. */
const PARAMETERS: Readonly<Record<string, readonly [string, JsonSchema]>> = {
  limit: [
    `Return at most n records; above ${MAX_LIST_LIMIT} it is clamped (${LIMIT_HEADER} says so)`,
    INTEGER,
  ],
  offset: ['Skip the first k records', INTEGER],
  sort: ['Comma-separated fields; a leading - sorts descending', TEXT],
  embed: ['Relations to include', TEXT],
  q: ['Full-text search over string fields', TEXT],
  _page: ['json-server paging: page number from 1', { type: 'integer', minimum: 1 }],
  _per_page: ['json-server paging: page size', INTEGER],
  _start: ['json-server: first index (zero-based)', INTEGER],
  _end: ['json-server: end index (exclusive)', INTEGER],
  _sort: ['json-server: comma-separated fields', TEXT],
  _order: ['json-server: asc or desc per _sort field', TEXT],
  // A link named json-server's way (`postId`) answers [] as json-server 0.17 does; a link
  // named otherwise (`user`) its parent, as `embed=` (includes.ts).
  _embed: [
    'json-server: child collections to include; a link named as json-server names them (postId) answers [], another link its parent',
    TEXT,
  ],
  _expand: [
    'json-server: parents to add beside their link (post for postId; in place of a link named post)',
    TEXT,
  ],
};

const parameter = (name: string): QueryParameter => {
  const [description, schema] = PARAMETERS[name]!;
  return { name, in: 'query', required: false, description, schema };
};

/** The controls that include relations, and which of them `model` accepts any value of. */
const INCLUDES: ReadonlySet<string> = new Set(['embed', '_embed', '_expand']);
function includesOf(model: ModelSchema): string[] {
  const names: string[] = [];
  if (model.relations.length > 0) names.push('embed', '_embed');
  if (model.relations.some((r) => r.kind === 'belongTo')) names.push('_expand');
  return names;
}

/**
 * Every control a collection GET of `item` records (`GET /todos`, `GET /users/{id}/todos`)
 * takes; the include controls only where `item` has relations to include (else any value is a
 * 400, and a listed parameter that always refuses would mislead a generated client).
 */
export function listParameters(item: ModelSchema | undefined): QueryParameter[] {
  const includes = item === undefined ? [...INCLUDES] : includesOf(item);
  return Object.keys(PARAMETERS)
    .filter((name) => !INCLUDES.has(name) || includes.includes(name))
    .map(parameter);
}

/**
 * What `GET /<model>/{id}` takes: `embed` and `_embed` when the model has a relation, and
 * `_expand` when it has a link; a model with none has no name any of them accepts (a 400).
 *
 * @example
 * ```ts
 * recordParameters(user).map((p) => p.name); // ['embed', '_embed'] (User has many Todo)
 * ```
 */
export function recordParameters(model: ModelSchema): QueryParameter[] {
  return includesOf(model).map(parameter);
}
