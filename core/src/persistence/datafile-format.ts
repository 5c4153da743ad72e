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
 * object): our own lines start with `{"_id":"<key>",`, so the key is cut off before parsing.
 */
import type { StoredRecord } from './collection.js';
import { keyOf } from './id-rules.js';

export type JsonObject = Record<string, unknown>;

export type ParsedLine =
  | { kind: 'record'; key: string | undefined; fields: JsonObject }
  | { kind: 'delete'; key: string }
  | { kind: 'meta'; lastId: number | undefined }
  | { kind: 'index'; field: string; removed: boolean }
  | { kind: 'invalid'; reason: string };

const OWN_PREFIX = '{"_id":"';
const META_KEY = '$$decorest';

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

export function parseLine(line: string): ParsedLine {
  if (line.startsWith(OWN_PREFIX)) {
    const fast = parseOwnLine(line);
    if (fast !== undefined) return fast;
  }
  let value: unknown;
  try {
    value = parseJson(line);
  } catch (error) {
    return { kind: 'invalid', reason: `not valid JSON (${(error as Error).message})` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { kind: 'invalid', reason: 'not a JSON object' };
  }
  return classify(value as JsonObject);
}

/** `{"_id":"k",…}` with a plain key: parse only the rest, so `_id` never enters the object. */
function parseOwnLine(line: string): ParsedLine | undefined {
  const end = line.indexOf('"', OWN_PREFIX.length);
  if (end < 0 || line.charCodeAt(end + 1) !== 44 /* , */) return undefined;
  const key = line.slice(OWN_PREFIX.length, end);
  if (key.includes('\\')) return undefined;
  let fields: unknown;
  try {
    fields = parseJson(`{${line.slice(end + 2)}`);
  } catch {
    return undefined; // the slow path reports the error against the whole line
  }
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return undefined;
  const object = fields as JsonObject;
  if (Object.hasOwn(object, '_id')) return undefined;
  if (object['$$deleted'] === true) return { kind: 'delete', key };
  return { kind: 'record', key, fields: object };
}

function classify(object: JsonObject): ParsedLine {
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
  return text.includes('"$$date"') ? JSON.parse(text, reviveDate) : JSON.parse(text);
}

/** NeDB's `{"$$date": ms}` → ISO-8601 string, CONTRACT §1's wire form of `Date`. */
function reviveDate(this: unknown, _key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const ms = (value as JsonObject)['$$date'];
  if (typeof ms !== 'number') return value;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}
