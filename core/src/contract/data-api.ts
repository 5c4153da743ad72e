/**
 * The records of the project's models on the wire: a page of a collection query, an import,
 * seed saves and resets, fake records, and what a delete would reach (issues 16, 23). Types
 * only (the renderer imports them).
 */
import type { JsonRecord, RecordKey } from './values.js';

// ---------------------------------------------------------------- records

/**
 * A record list query: the mock API's collection controls (CONTRACT §2). A repeated filter
 * (`id: [2, 5]`) means any of those values, as on the mock API.
 */
export type RecordQuery = Record<
  string,
  string | number | readonly (string | number)[] | undefined
>;

/**
 * `GET /api/models/:model/records` takes the mock API's collection query (CONTRACT §2):
 * `offset`, `limit`, `sort=a,-b`, `q`, `field=value`, `field_like`, … and answers a page.
 */
export interface RecordPage {
  items: JsonRecord[];
  /** Matching records before offset and limit. */
  total: number;
  offset: number;
  limit: number;
}

/** Caps one import (and one fake-records call), so a mistaken file cannot fill memory. */
export const IMPORT_LIMIT = 100_000;

export interface ImportResult {
  /** Records written (all of them: an import is all or nothing). */
  imported: number;
  ids: RecordKey[];
}

// ---------------------------------------------------------------- data: seed, reset, fake (issue 16)

/** One model's part of a seed save or a reset. */
export interface SeedCount {
  /** Class name. */
  model: string;
  /** `seed/<path>.json`, relative to the project folder. */
  file: string;
  /** Records saved to the file, or put back from it. */
  count: number;
}

/** `POST /api/data/reset` and `POST /api/data/seed`: every default-datasource model. */
export interface SeedResult {
  models: SeedCount[];
}

export interface FakeRecordsBody {
  /** How many records, 1 to 100,000. */
  count: number;
  /** The same seed with the same data gives the same records. */
  seed?: number;
}

// ---------------------------------------------------------------- previews for the studio (issue 23)

/** One relation's share of a delete: how many of the child model's records its rule reaches. */
export interface DeleteEffect {
  /** The child model's class name. */
  model: string;
  /** The child's `@BelongTo` field naming the parent. */
  field: string;
  /** The parent's class name: the deleted record's model, or one a cascade reached. */
  parent: string;
  /** `cascade`: deleted too; `nullify`: `field` set to null; `restrict`: they refuse the delete. */
  rule: 'nullify' | 'cascade' | 'restrict';
  count: number;
}

/**
 * `GET /api/models/Todo/records/1/delete-impact`: what deleting the record would do, through
 * every level of cascades, counted now; nothing written. Any `restrict` effect means the delete
 * answers 409.
 */
export interface DeleteImpact {
  effects: DeleteEffect[];
}
