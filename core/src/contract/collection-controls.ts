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
 * The most records one collection GET answers when it names a limit (`limit`, `_limit`,
 * `_end`, `_per_page`); a larger one is clamped to it and said in {@link LIMIT_HEADER} (issue 44:
 * a page of a million-record list stays a page). A GET that names no limit answers every match,
 * as json-server does.
 */
export const MAX_LIST_LIMIT = 1000;

/**
 * Sent only with a clamped answer: `X-Decorest-Limit: 1000; requested=5000` (an RFC 8941
 * integer item with the limit asked as its parameter).
 */
export const LIMIT_HEADER = 'X-Decorest-Limit';
