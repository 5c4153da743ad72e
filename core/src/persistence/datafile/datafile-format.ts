/**
 * NeDB's datafile format, kept so a user can open `data/todos.db` with NeDB and vice versa
 * (decision recorded in the persistence brief; DESIGN "Known traps"):
 * - one JSON document per line; every document has a string `_id`;
 * - a later line with the same `_id` replaces the earlier one;
 * - `{"$$deleted":true,"_id":"…"}` deletes;
 * - `$$indexCreated` / `$$indexRemoved` lines are NeDB index definitions (kept, not used);
 * - NeDB ignores other lines without `_id`, so `{"$$decorest":{"lastId":N}}` carries our id
 *   sequence across compactions (CONTRACT §1: ids are never reused);
 * - NeDB writes a Date as `{"$$date": ms}`; we read it as an ISO string (CONTRACT §1).
 *
 * Parsing avoids regexes and `delete` (which would turn every record into a slow dictionary
 * object): our own lines start with `{"_id":"<key>",`, and a bulk read turns that comma into a
 * `{` ({@link markOwnLines}) so the rest of the line parses as the record, without `_id`.
 */
import { InvalidRecordError } from '../../errors.js';
import type { RecordId } from '../../model/schema.js';
import type { NewRecord, StoredRecord } from '../collection.js';
import {
  BACKSLASH,
  COMMA,
  DOLLAR,
  isOwnLine,
  NEWLINE,
  OPEN_BRACE,
  OWN_PREFIX,
  OWN_PREFIX_BYTES,
  QUOTE,
} from './datafile-bytes.js';
import { keyOf } from './id-rules.js';

export type JsonObject = Record<string, unknown>;

export type ParsedLine =
  | { kind: 'record'; key: string | undefined; fields: JsonObject }
  | { kind: 'delete'; key: string }
  | { kind: 'meta'; lastId: number | undefined }
  | { kind: 'index'; field: string; removed: boolean }
  | { kind: 'invalid'; reason: string };

const META_KEY = '$$decorest';
const DATE_KEY = '"$$date"';

/** The record's line, `_id` first, newline included. Throws if JSON cannot encode it. */
export function recordLine(record: StoredRecord, key: string = keyOf(record.id)): string {
  const json = JSON.stringify(record);
  // `record` always holds `id`, so `json` is never "{}" and slicing off "{" is safe.
  return `{"_id":${toJson(key)},${escapeLineBreaks(json.slice(1))}\n`;
}

export function deleteLine(key: string): string {
  return `{"$$deleted":true,"_id":${toJson(key)}}\n`;
}

/**
 * NeDB splits its datafile on U+0085, U+2028 and U+2029 as well as on newlines, and
 * JSON.stringify leaves those raw inside strings; written as `\uXXXX` escapes they parse back
 * to the same characters and NeDB reads one document per line (found by the interop test).
 */
const HAS_NEDB_LINE_BREAK = /[\u0085\u2028\u2029]/;
const NEDB_LINE_BREAKS = /[\u0085\u2028\u2029]/g;

function escapeLineBreaks(json: string): string {
  if (!HAS_NEDB_LINE_BREAK.test(json)) return json;
  return json.replace(
    NEDB_LINE_BREAKS,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function toJson(key: string): string {
  return escapeLineBreaks(JSON.stringify(key));
}

export function metaLine(lastId: number): string {
  return `{"${META_KEY}":{"lastId":${lastId}}}\n`;
}

/** Any line; our own usual lines take the faster {@link markOwnLines} path instead. */
export function parseLine(line: string): ParsedLine {
  let value: unknown;
  try {
    value = parseJson(line);
  } catch (error) {
    return { kind: 'invalid', reason: `not valid JSON (${(error as Error).message})` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { kind: 'invalid', reason: 'not a JSON object' };
  }
  return classifyObject(value as JsonObject);
}

/**
 * Marks our own lines for a bulk read (issue 15: reading 100,000 records spent about a fifth of
 * its time copying each line to cut `_id` off). In `buffer[start, end)`, every line that starts
 * with `{"_id":"<key without escapes>",` gets that comma overwritten by `{`: from there on the
 * line is the record's JSON without `_id`, parsed by {@link parseMarkedLine} as a slice of the
 * decoded text, with no copy. Returns, for each line of the range, whether it was marked; only
 * those lines may be read with {@link parseMarkedLine} (a line that had a `{` there is corrupt).
 */
export function markOwnLines(buffer: Buffer, start: number, end: number): boolean[] {
  // A plain view: its indexOf is V8's own, without Buffer's argument checks (a tenth of the
  // read's time over 100,000 short lines).
  const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);
  const marks: boolean[] = [];
  let from = start;
  while (from < end) {
    let to = bytes.indexOf(NEWLINE, from);
    if (to < 0 || to > end) to = end;
    marks.push(markOwnLine(bytes, from, to));
    from = to + 1;
  }
  return marks;
}

function markOwnLine(bytes: Uint8Array, from: number, to: number): boolean {
  const keyStart = from + OWN_PREFIX_BYTES.length;
  if (keyStart > to || !isOwnLine(bytes, from)) return false;
  for (let at = keyStart; at < to; at++) {
    const byte = bytes[at];
    if (byte === BACKSLASH) return false;
    if (byte === QUOTE) {
      if (at + 1 >= to || bytes[at + 1] !== COMMA) return false;
      bytes[at + 1] = OPEN_BRACE;
      return true;
    }
  }
  return false;
}

/** Where the key of a line {@link markOwnLines} marked, `text[from, …)`, starts. */
export function markedKeyStart(from: number): number {
  return from + OWN_PREFIX.length;
}

/** Where the key of a line {@link markOwnLines} marked ends (its closing quote). */
export function markedKeyEnd(text: string, from: number): number {
  return text.indexOf('"', from + OWN_PREFIX.length);
}

/**
 * The fields of a marked line whose key ends at `keyEnd`: `text[keyEnd + 1, to)` is the line
 * from its `{` on. `undefined` when the fast path cannot read them (then read
 * {@link unmarkedLine} with {@link parseLine}, which says what is wrong with the line).
 * `mayHoldDates`: whether `text` mentions NeDB's `$$date` at all (asked once per chunk).
 */
export function parseMarkedFields(
  text: string,
  keyEnd: number,
  to: number,
  mayHoldDates: boolean,
): JsonObject | undefined {
  let fields: unknown;
  try {
    const rest = text.slice(keyEnd + 1, to);
    fields = mayHoldDates ? parseJson(rest) : JSON.parse(rest);
  } catch {
    return undefined;
  }
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return undefined;
  // Two `_id`s: the slow path takes the last one, as NeDB does.
  return Object.hasOwn(fields, '_id') ? undefined : (fields as JsonObject);
}

/**
 * Whether any line of `buffer[start, end)` may hold a NeDB date (then each line is asked
 * again). A `$` is rare in records, and a search for one byte is a `memchr`: about ten times
 * faster over 100,000 lines than a search for the whole key.
 */
export function mayHoldDates(buffer: Buffer, start: number, end: number): boolean {
  for (
    let at = buffer.indexOf(DOLLAR, start);
    at >= 0 && at < end;
    at = buffer.indexOf(DOLLAR, at + 1)
  ) {
    if (at > 0 && buffer.toString('latin1', at - 1, at - 1 + DATE_KEY.length) === DATE_KEY)
      return true;
  }
  return false;
}

/** A marked line as it was written, with the comma after its key. */
export function unmarkedLine(text: string, from: number, to: number): string {
  const keyEnd = text.indexOf('"', from + OWN_PREFIX.length);
  return `${text.slice(from, keyEnd + 1)},${text.slice(keyEnd + 2, to)}`;
}

/** What a line that parsed as a JSON object means. */
export function classifyObject(object: JsonObject): ParsedLine {
  const rawKey = object['_id'];
  if (rawKey !== undefined) {
    // NeDB keys its documents by `_id` as an object key, so 5 and "5" are the same document.
    if (typeof rawKey !== 'string' && typeof rawKey !== 'number') {
      return { kind: 'invalid', reason: '`_id` is neither a string nor a number' };
    }
    const key = String(rawKey);
    if (object['$$deleted'] === true) return { kind: 'delete', key };
    return { kind: 'record', key, fields: withoutKey(object) };
  }
  if (object['$$deleted'] === true) return { kind: 'invalid', reason: 'a deletion without `_id`' };
  if (Object.hasOwn(object, META_KEY)) return parseMeta(object[META_KEY]);
  const created = object['$$indexCreated'];
  if (typeof created === 'object' && created !== null) {
    const field = (created as JsonObject)['fieldName'];
    if (typeof field === 'string') return { kind: 'index', field, removed: false };
  }
  const removed = object['$$indexRemoved'];
  if (typeof removed === 'string') return { kind: 'index', field: removed, removed: true };
  if (Object.hasOwn(object, 'id')) return { kind: 'record', key: undefined, fields: object };
  return { kind: 'invalid', reason: 'no `id` and no `_id`' };
}

function parseMeta(meta: unknown): ParsedLine {
  if (typeof meta !== 'object' || meta === null) {
    return { kind: 'invalid', reason: '`$$decorest` is not an object' };
  }
  const lastId = (meta as JsonObject)['lastId'];
  if (lastId === undefined) return { kind: 'meta', lastId: undefined };
  if (typeof lastId !== 'number' || !Number.isSafeInteger(lastId)) {
    return { kind: 'invalid', reason: '`$$decorest.lastId` is not an integer' };
  }
  return { kind: 'meta', lastId };
}

/** A copy without `_id`, `id` first when present (so API output starts with `id`). */
function withoutKey(object: JsonObject): JsonObject {
  const copy: JsonObject = {};
  if (Object.hasOwn(object, 'id')) copy['id'] = object['id'];
  for (const name of Object.keys(object)) {
    if (name !== '_id' && name !== 'id') setField(copy, name, object[name]);
  }
  return copy;
}

/**
 * `target[name] = value`, except that a JSON key `__proto__` stays an own data property
 * instead of replacing the prototype (issue 7: `__proto__` anywhere must change nothing).
 */
export function setField(target: JsonObject, name: string, value: unknown): void {
  if (name === '__proto__') {
    Object.defineProperty(target, name, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    target[name] = value;
  }
}

/** `JSON.parse`, with the (slower) date reviver only when the line mentions `$$date`. */
function parseJson(text: string): unknown {
  return text.includes(DATE_KEY) ? JSON.parse(text, reviveDate) : JSON.parse(text);
}

/** NeDB's `{"$$date": ms}` → ISO-8601 string, CONTRACT §1's wire form of `Date`. */
function reviveDate(this: unknown, _key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const ms = (value as JsonObject)['$$date'];
  if (typeof ms !== 'number') return value;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/**
 * The stored form of `input`: `id` first, `_id` dropped (it lives only in the file), a `Date`
 * stored as the ISO string it would read back as, `undefined` fields left out (JSON drops
 * them), and no top-level `$` keys (NeDB would read `$$deleted` as a deletion).
 */
export function normalize(input: NewRecord, id: RecordId): StoredRecord {
  const record: JsonObject = { id };
  for (const name of Object.keys(input)) {
    if (name === 'id' || name === '_id') continue;
    if (name.charCodeAt(0) === 36 /* $ */) {
      throw new InvalidRecordError(
        `field "${name}": names starting with "$" are reserved by the datafile format`,
      );
    }
    let value = input[name];
    if (value === undefined) continue;
    if (value instanceof Date) {
      if (Number.isNaN(value.getTime()))
        throw new InvalidRecordError(`field "${name}": invalid date`);
      value = value.toISOString();
    }
    setField(record, name, value);
  }
  return record as StoredRecord;
}

/** The record's datafile line, or an {@link InvalidRecordError} when JSON cannot hold it. */
export function serialize(record: StoredRecord, key: string): string {
  try {
    return recordLine(record, key);
  } catch (error) {
    throw new InvalidRecordError(
      `the record cannot be stored as JSON: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
}
