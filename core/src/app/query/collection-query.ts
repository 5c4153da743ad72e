/**
 * Reads a collection GET's query string (CONTRACT §2): our controls (`limit`, `offset`,
 * `sort`, `embed`, typed equality filters), json-server 0.17's (`_limit`, `_start`/`_end`,
 * `_sort`/`_order`, `_page`/`_per_page`, `q`, `_gte`/`_lte`/`_ne`/`_like`, `_embed`,
 * `_expand`) and json-server 1.x's `_gt`/`_lt`. A parameter that is none of these (a field the
 * model does not declare, an operator no one knows) is a 400 naming it, never a silently
 * ignored filter that answers every record; only jQuery's cache-buster `_` and JSONP's
 * `callback` are ignored, as json-server ignores them. A bad value is a 400 naming it.
 */
import { COLLECTION_CONTROLS } from '../../contract/collection-controls.js';
import { problems } from '../../errors.js';
import { fieldKeyProblem } from '../../model/field-key.js';
import type { FieldType, ModelSchema } from '../../model/schema.js';
import type { Filter, FilterOp, LikePattern, SortKey } from '../../persistence/record-query.js';
import { checkPattern, queryPattern } from '../../rules/pattern-pool.js';
import { type Includes, parseIncludes } from './includes.js';
import { parseCursor } from './page-cursor.js';
import { splitList } from './split-list.js';

// The query's parts live beside the store interface, which a database answers them through.
export type { Filter, FilterOp, SortKey } from '../../persistence/record-query.js';

export interface CollectionQuery {
  readonly offset: number;
  readonly limit: number | undefined;
  readonly sort: readonly SortKey[];
  readonly filters: readonly Filter[];
  /** Full-text search over string fields, lower-cased. */
  readonly q: string | undefined;
  /** `embed`, `_embed` and `_expand`: what to put in each record besides its own fields. */
  readonly include: Includes;
  /** Set when `_page` asked for paging, for the `Link` header. */
  readonly page: { readonly number: number; readonly size: number } | undefined;
  /** `_after`: start past the record this keyset cursor names (page-cursor.ts, issue 44). */
  readonly after?: readonly unknown[] | undefined;
}

const OPERATORS: ReadonlyMap<string, FilterOp> = new Map([
  ['gt', 'gt'],
  ['gte', 'gte'],
  ['lt', 'lt'],
  ['lte', 'lte'],
  ['ne', 'ne'],
  ['like', 'like'],
]);

const OPERATOR_LIST = [...OPERATORS.keys()].map((o) => `_${o}`).join(', ');

const CONTROLS = new Set(COLLECTION_CONTROLS);

/** What json-server 0.17 ignores besides its controls: jQuery's cache-buster and JSONP's name. */
const IGNORED = new Set(['_', 'callback']);

function nonNegativeInteger(name: string, raw: string): number {
  if (!/^\d{1,15}$/.test(raw))
    throw problems.badQuery(name, `must be an integer >= 0, got ${JSON.stringify(raw)}`);
  return Number(raw);
}

/** The typed filter value for one field, or a 400 naming the parameter. */
function typedValue(
  param: string,
  type: FieldType | 'id-number' | 'id-string' | 'relation',
  raw: string,
  op: FilterOp,
): unknown {
  if (op === 'like') return raw;
  if (raw === 'null') return null;
  const bad = (what: string): never => {
    throw problems.badQuery(param, `must be ${what}, got ${JSON.stringify(raw)}`);
  };
  if (type === 'id-string' || type === 'relation') return raw;
  if (type === 'id-number') return /^\d{1,15}$/.test(raw) ? Number(raw) : bad('an integer id');
  switch (type.kind) {
    case 'number': {
      const n = raw.trim() === '' ? NaN : Number(raw);
      return Number.isFinite(n) ? n : bad('a number');
    }
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : bad('true or false');
    case 'date': {
      const time = Date.parse(raw);
      return Number.isNaN(time) ? bad('a date') : new Date(time).toISOString();
    }
    case 'enum':
      return type.values.includes(raw)
        ? raw
        : bad(`one of ${type.values.map((v) => JSON.stringify(v)).join(', ')}`);
    case 'array':
      return typedValue(param, type.element, raw, op);
    default:
      return raw;
  }
}

/** Field name → how its filter values are typed. */
export function filterTypes(
  model: ModelSchema,
  relationIdKind: (target: string) => 'number' | 'string',
): Map<string, FieldType | 'id-number' | 'id-string' | 'relation'> {
  const types = new Map<string, FieldType | 'id-number' | 'id-string' | 'relation'>();
  types.set('id', model.idKind === 'number' ? 'id-number' : 'id-string');
  // An object field is neither filtered nor sorted on (parseCollectionQuery says so).
  for (const f of model.fields) if (f.type.kind !== 'object') types.set(f.name, f.type);
  for (const r of model.relations) {
    if (r.kind === 'belongTo')
      types.set(r.field, relationIdKind(r.target) === 'number' ? 'id-number' : 'id-string');
  }
  return types;
}

/**
 * The field and operator a parameter names: `views` (equality), `views_gte`, or a 400 naming
 * it when the field is not the model's or the operator is unknown.
 */
function filterOf(
  key: string,
  model: ModelSchema,
  types: ReadonlyMap<string, unknown>,
): { field: string; op: FilterOp; undeclared?: true } {
  if (types.has(key)) return { field: key, op: 'eq' };
  const cut = key.lastIndexOf('_');
  if (model.open === true && !(cut > 0 && types.has(key.slice(0, cut))))
    return undeclaredFilterOf(key, cut, model);
  if (cut > 0 && types.has(key.slice(0, cut))) {
    const op = OPERATORS.get(key.slice(cut + 1));
    if (op === undefined)
      throw problems.badQuery(
        key,
        `${JSON.stringify(key.slice(cut))} is not an operator (${OPERATOR_LIST})`,
      );
    return { field: key.slice(0, cut), op };
  }
  throw problems.badQuery(key, `${JSON.stringify(key)} is not a field of ${model.name}`);
}

/**
 * An open model's filter on a field it does not declare (issue 42): `views_gte` is `views`
 * with an operator, any other key (`first_name`) the field itself; a key no field can have
 * (`__proto__`, too long) is a 400.
 */
function undeclaredFilterOf(
  key: string,
  cut: number,
  model: ModelSchema,
): { field: string; op: FilterOp; undeclared: true } {
  const op = cut > 0 ? OPERATORS.get(key.slice(cut + 1)) : undefined;
  const field = op === undefined ? key : key.slice(0, cut);
  const problem = fieldKeyProblem(field);
  if (problem !== undefined)
    throw problems.badQuery(
      key,
      `${JSON.stringify(field)} is not a field of ${model.name}: ${problem}`,
    );
  return { field, op: op ?? 'eq', undeclared: true };
}

/** `_like`'s value as a case-insensitive pattern on the linear-time engine, or a 400. */
function likePattern(key: string, raw: string): LikePattern {
  const check = checkPattern(raw, true);
  if (!check.ok) throw problems.badQuery(key, `${JSON.stringify(raw)}: ${check.message}`);
  return queryPattern(raw, true);
}

const OBJECT_FIELDS = new WeakMap<ModelSchema, ReadonlySet<string>>();

/** The model's object fields, found once per schema (a list GET only looks them up). */
function objectFieldsOf(model: ModelSchema): ReadonlySet<string> {
  let names = OBJECT_FIELDS.get(model);
  if (names === undefined) {
    names = new Set(model.fields.filter((f) => f.type.kind === 'object').map((f) => f.name));
    OBJECT_FIELDS.set(model, names);
  }
  return names;
}

/** Parses and checks a collection query against the model. */
export function parseCollectionQuery(
  search: URLSearchParams,
  model: ModelSchema,
  types: ReadonlyMap<string, FieldType | 'id-number' | 'id-string' | 'relation'>,
): CollectionQuery {
  const one = (name: string): string | undefined => search.get(name) ?? undefined;
  let offset = 0;
  let limit: number | undefined;
  let page: CollectionQuery['page'];

  const start = one('_start') ?? one('offset');
  if (start !== undefined)
    offset = nonNegativeInteger(search.has('_start') ? '_start' : 'offset', start);
  const limitRaw = one('limit') ?? one('_limit');
  if (limitRaw !== undefined)
    limit = nonNegativeInteger(search.has('limit') ? 'limit' : '_limit', limitRaw);
  const end = one('_end');
  if (end !== undefined) limit = Math.max(0, nonNegativeInteger('_end', end) - offset);
  const pageRaw = one('_page');
  if (pageRaw !== undefined) {
    const number = nonNegativeInteger('_page', pageRaw);
    if (number < 1) throw problems.badQuery('_page', 'must be an integer >= 1, got "0"');
    const perRaw = one('_per_page');
    const size = perRaw !== undefined ? nonNegativeInteger('_per_page', perRaw) : (limit ?? 10);
    offset = (number - 1) * size;
    limit = size;
    page = { number, size };
  }

  const sort: SortKey[] = [];
  const objectFields = objectFieldsOf(model);
  /** `category`, `category_ne`, `category.name`: a filter or sort on an object field's value. */
  const objectFieldOf = (key: string): string | undefined => {
    const head = key.split('.')[0]!;
    const cut = head.lastIndexOf('_');
    const name = objectFields.has(head) || cut <= 0 ? head : head.slice(0, cut);
    return objectFields.has(name) ? name : undefined;
  };
  const refuseObject = (param: string, field: string): never => {
    throw problems.badQuery(
      param,
      `${JSON.stringify(field)} is an object field of ${model.name}: it cannot be filtered or sorted on`,
    );
  };
  const known = (param: string, field: string): void => {
    const object = objectFields.size > 0 ? objectFieldOf(field) : undefined;
    if (object !== undefined) refuseObject(param, object);
    if (types.has(field)) return;
    // An open model sorts on a field it does not declare as the records hold it.
    const problem = model.open === true ? fieldKeyProblem(field) : 'not declared';
    if (problem !== undefined)
      throw problems.badQuery(param, `${JSON.stringify(field)} is not a field of ${model.name}`);
  };
  for (const key of splitList(search.getAll('sort'))) {
    const descending = key.startsWith('-');
    const field = descending ? key.slice(1) : key;
    known('sort', field);
    sort.push({ field, descending });
  }
  const orders = splitList(search.getAll('_order'));
  splitList(search.getAll('_sort')).forEach((key, i) => {
    // json-server 1.x style `_sort=-field` is accepted too.
    const field = key.startsWith('-') ? key.slice(1) : key;
    known('_sort', field);
    // A key without its own order is ascending, as in json-server 0.17 (lodash `orderBy`).
    const order = (orders[i] ?? 'asc').toLowerCase();
    if (order !== 'asc' && order !== 'desc')
      throw problems.badQuery('_order', `must be asc or desc, got ${JSON.stringify(orders[i])}`);
    sort.push({ field, descending: key.startsWith('-') || order === 'desc' });
  });

  const include = parseIncludes(search, model);

  const filters: Filter[] = [];
  for (const key of new Set(search.keys())) {
    if (CONTROLS.has(key) || IGNORED.has(key)) continue;
    if (objectFields.size > 0) {
      const object = objectFieldOf(key);
      if (object !== undefined) refuseObject(key, object);
    }
    const { field, op, undeclared } = filterOf(key, model, types);
    const raws = search.getAll(key);
    const like = op === 'like' ? { patterns: raws.map((raw) => likePattern(key, raw)) } : {};
    if (undeclared) {
      filters.push({ field, op, values: raws, undeclared, ...like });
      continue;
    }
    const type = types.get(field)!;
    filters.push({
      field,
      op,
      values: raws.map((raw) => typedValue(key, type, raw, op)),
      ...like,
    });
  }

  const qRaw = one('q');
  const afterRaw = one('_after');
  // The cursor is the start: the page's own offset (`_page`) is not skipped again.
  const after = afterRaw === undefined ? undefined : parseCursor(afterRaw, sort, types);
  return {
    offset: after !== undefined && page !== undefined ? 0 : offset,
    limit,
    sort,
    filters,
    q: qRaw === undefined || qRaw === '' ? undefined : qRaw.toLowerCase(),
    include,
    page,
    ...(after === undefined ? {} : { after }),
  };
}
