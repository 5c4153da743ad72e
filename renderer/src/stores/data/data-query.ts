/** The data view's filter box and sort, as the records list query (CONTRACT §2). */
import { COLLECTION_CONTROLS, type ModelInfo, type RecordQuery } from '../../api';

export interface DataSort {
  field: string;
  direction: 'ASC' | 'DESC';
}

/**
 * `completed=true&user=1` filters by fields (any control the mock API takes works, such as
 * `content_like=milk`); any other text searches every string field (`q`).
 */
export function filterQuery(text: string): RecordQuery {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  if (!/^[\w.$-]+(=|_like=|_ne=|_gte=|_lte=)/.test(trimmed)) return { q: trimmed };
  const query: RecordQuery = {};
  for (const [key, value] of new URLSearchParams(trimmed)) query[key] = value;
  return query;
}

/**
 * A page of the grid's records. A filter name that is no field of `model` is left out (the
 * API would refuse the whole query with a 400): the toolbar says it is ignored, and the rest of
 * the filter still applies.
 */
export function pageQuery(
  offset: number,
  limit: number,
  sort: DataSort | null,
  filter: string,
  model?: ModelInfo,
): RecordQuery {
  const query: RecordQuery = { ...filterQuery(filter), offset, limit };
  if (model) for (const name of unknownFilterNames(filter, filterFields(model))) delete query[name];
  if (sort) query.sort = sort.direction === 'DESC' ? `-${sort.field}` : sort.field;
  return query;
}

const CONTROLS = new Set(COLLECTION_CONTROLS);

/** The names a filter may use on `model`: its fields and its links' fields. */
export function filterFields(model: ModelInfo): string[] {
  return [
    ...model.fields.map((f) => f.name),
    ...model.relations.flatMap((r) => (r.kind === 'belongTo' ? [r.field] : [])),
  ];
}

/**
 * The names in a `field=value` filter that are neither a field of the model nor a control: the
 * API refuses them (400), so the grid names them and leaves them out of its query.
 */
export function unknownFilterNames(text: string, fields: readonly string[]): string[] {
  const known = new Set(['id', ...fields]);
  const names = Object.keys(filterQuery(text)).filter((k) => !CONTROLS.has(k));
  return names.filter((k) => !known.has(k.replace(/_(like|ne|gt|gte|lt|lte)$/, '')));
}
