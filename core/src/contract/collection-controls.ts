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
];
