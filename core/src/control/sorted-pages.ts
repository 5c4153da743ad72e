/**
 * The Data view pages through a sorted or filtered model again and again (scrolling, issue 12:
 * "any page of 100 rows, sorted by any field, answers in ≤ 50 ms at the median after the first
 * sort of that field" at N = 100,000). Sorting 100,000 records per page cannot; so the first
 * page of a query keeps its sorted matches and later pages slice them. Any write to the model,
 * through whichever client (the write path publishes it), drops what was kept for that model.
 */
import type { ModelRuntime } from '../app/model-runtime.js';
import type { CollectionQuery } from '../app/query/collection-query.js';
import { askStore, listRecords } from '../app/query/list-records.js';
import type { RecordChangeBus } from '../app/write/record-changes.js';
import type { StoredRecord } from '../persistence/collection.js';

/** Queries kept per model: a few sort orders and filters the user switches between. */
const KEPT_PER_MODEL = 4;

interface ModelEntries {
  /** The runtime the matches came from: a reload brings new record objects. */
  runtime: ModelRuntime;
  byQuery: Map<string, readonly StoredRecord[]>;
}

const kept = new WeakMap<RecordChangeBus, Map<string, ModelEntries>>();

function entriesOf(model: ModelRuntime): ModelEntries {
  let byModel = kept.get(model.changes);
  if (!byModel) {
    const created = new Map<string, ModelEntries>();
    byModel = created;
    kept.set(model.changes, created);
    // One subscription per project's bus, for the life of the bus.
    model.changes.subscribe((change) => created.delete(change.model));
  }
  let entries = byModel.get(model.schema.name);
  if (!entries || entries.runtime !== model) {
    entries = { runtime: model, byQuery: new Map() };
    byModel.set(model.schema.name, entries);
  }
  return entries;
}

/** One page of `query`; `limit` is required (the control API always pages). */
export async function sortedPage(
  model: ModelRuntime,
  query: CollectionQuery & { limit: number },
): Promise<{ items: readonly StoredRecord[]; total: number }> {
  // A store that answers queries (PostgreSQL, issue 26) is asked for the page itself, as the
  // mock API's list endpoints ask it: nothing is kept, another server's writes show at once.
  const asked = await askStore(model.store, query, model.stringFields);
  if (asked !== undefined) return asked;
  const records = await model.store.records();
  // No sort, no filter: the ordered index answers in O(limit) already.
  if (query.sort.length === 0 && query.filters.length === 0 && query.q === undefined) {
    return listRecords(records, query, model.stringFields);
  }
  const entries = entriesOf(model);
  const key = JSON.stringify([query.sort, query.filters, query.q]);
  let matches = entries.byQuery.get(key);
  if (matches === undefined) {
    const [only, ...more] = query.sort;
    if (only !== undefined && more.length === 0) {
      // One sort key, the Data view's case: filter in id order, then sort on extracted keys.
      const filtered = listRecords(
        records,
        { ...query, sort: [], offset: 0, limit: undefined },
        model.stringFields,
      ).items;
      matches = sortByOneField(filtered, only.field, only.descending);
    } else {
      matches = listRecords(
        records,
        { ...query, offset: 0, limit: undefined },
        model.stringFields,
      ).items;
    }
    entries.byQuery.set(key, matches);
    if (entries.byQuery.size > KEPT_PER_MODEL) {
      entries.byQuery.delete(entries.byQuery.keys().next().value!);
    }
  } else {
    // Most recently used last, so the oldest is dropped first.
    entries.byQuery.delete(key);
    entries.byQuery.set(key, matches);
  }
  return {
    items: matches.slice(query.offset, query.offset + query.limit),
    total: matches.length,
  };
}

/**
 * The order `listRecords` gives for one sort key (absent and null last in either direction,
 * numbers by value, anything else by its string form, ties in id order), computed on the keys
 * pulled out once: a sort of 100,000 records then compares plain values, not records.
 */
export function sortByOneField(
  records: readonly StoredRecord[],
  field: string,
  descending: boolean,
): StoredRecord[] {
  const present: number[] = [];
  const absent: number[] = [];
  const keys: (string | number)[] = new Array<string | number>(records.length);
  let numeric = true;
  records.forEach((record, i) => {
    const value = record[field];
    if (value === undefined || value === null) {
      absent.push(i);
      return;
    }
    if (typeof value !== 'number') numeric = false;
    keys[i] = value as string | number;
    present.push(i);
  });
  if (!numeric) for (const i of present) keys[i] = String(keys[i]);
  const sign = descending ? -1 : 1;
  // Array.prototype.sort is stable, and `present` is in id order: ties keep ascending ids.
  present.sort((a, b) => {
    const x = keys[a]!;
    const y = keys[b]!;
    if (x === y) return 0;
    if (numeric) return sign * ((x as number) - (y as number));
    return x < y ? -sign : sign;
  });
  return [...present, ...absent].map((i) => records[i]!);
}
