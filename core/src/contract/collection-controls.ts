/**
 * Every query parameter that is a control rather than a field filter (CONTRACT §2). A leaf of
 * its own: the control contract re-exports it for the studio's page, which must not bundle the
 * query parser.
 */
export const COLLECTION_CONTROLS: readonly string[] = [
  'limit',
  'offset',
  'sort',
  'embed',
  '_limit',
  '_start',
  '_end',
  '_sort',
  '_order',
  '_page',
  '_per_page',
  'q',
  '_embed',
  '_expand',
  '_after',
];

/**
 * The most records one collection GET answers when it asks for a number (`limit`, `_limit`,
 * `_per_page`, `_start`/`_end`): a larger ask is cut to this, and the answer says so in
 * {@link LIMIT_CLAMPED_HEADER} (issue 44). A GET that names no limit still answers every match.
 */
export const MAX_LIMIT = 100_000;

/** Sent, with the limit applied, when a collection GET asked for more than {@link MAX_LIMIT}. */
export const LIMIT_CLAMPED_HEADER = 'X-Limit-Clamped';
