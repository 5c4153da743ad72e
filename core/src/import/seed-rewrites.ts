/**
 * What an import changed in a record on its way to the seed (issue 42): every value written as
 * another type (`"2"` as 2) and every value left out, named by record and place, so `init` can
 * list them and nothing in the data changes unseen.
 */
import type { JsonValue } from '../contract/control-api.js';

/** One value the seed holds otherwise than the source. */
export interface Rewrite {
  /** Inside the field: `''` for the field itself, `zip` or `[2]` for a member or item. */
  path: string;
  before: JsonValue;
  /** `undefined`: left out of the seed. */
  after: JsonValue | undefined;
}

const isObject = (value: JsonValue | undefined): value is { [key: string]: JsonValue } =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Where `after` (the seed's value) differs from `before` (the source's), scalar by scalar. */
export function rewritesOf(
  before: JsonValue,
  after: JsonValue | undefined,
  path = '',
  out: Rewrite[] = [],
): Rewrite[] {
  if (isObject(before) && isObject(after)) {
    for (const [key, value] of Object.entries(before))
      rewritesOf(value, after[key], path === '' ? key : `${path}.${key}`, out);
  } else if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    before.forEach((value, i) => rewritesOf(value, after[i], `${path}[${i}]`, out));
  } else if (before !== after) {
    out.push({ path, before, after });
  }
  return out;
}

/** How many rewrites one note names; the rest are counted. The seed file holds them all. */
export const LISTED_REWRITES = 20;

/** A rewrite in the record `record` names (`id 8`), listed. */
export interface RecordRewrite {
  record: string;
  rewrite: Rewrite;
}

/** `id 8 "2" → 2, id 9 tags[1] "7" → 7`; a value left out is named without an arrow. */
export function rewriteList(rewrites: readonly RecordRewrite[]): string {
  const shown = rewrites.slice(0, LISTED_REWRITES).map(({ record, rewrite }) => {
    const where = rewrite.path === '' ? record : `${record} ${rewrite.path}`;
    const to = rewrite.after === undefined ? '' : ` → ${JSON.stringify(rewrite.after)}`;
    return `${where} ${JSON.stringify(rewrite.before)}${to}`;
  });
  const more = rewrites.length - shown.length;
  return more > 0 ? `${shown.join(', ')}, and ${more} more` : shown.join(', ');
}
