/**
 * One collection of records as a planned model (issues 28, 42, 46): field types from every
 * record, ids checked as decorest stores them, values that fit no type named, and the
 * `<singular>Id` links between collections. A json-server db.json and recorded traffic (a
 * recording, a HAR file) both come through here; {@link CollectionConvention} says where
 * their sources differ (json-server requires nothing and keeps any body; a real API's records
 * say which fields it always sends).
 */
import type { JsonValue } from '../contract/control-api.js';
import { fieldKeyProblem } from '../model/field-key.js';
import {
  classNameFor,
  derivedPath,
  hasManyName,
  identifierFor,
  isFieldName,
  isModelPath,
  singularOf,
} from './import-names.js';
import type { ImportNote, PlannedField, PlannedModel } from './import-plan.js';
import { FieldStats, type FieldVerdict, verdictOf } from './infer-field.js';
import { isNumberText, type ScalarConvert } from './scalar-majority.js';
import { type RecordRewrite, rewriteList, rewritesOf } from './seed-rewrites.js';

type JsonRecord = Record<string, JsonValue>;
type Id = string | number;

const isRecord = (value: unknown): value is JsonRecord =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Where a source's collections are planned differently. */
export interface CollectionConvention {
  /**
   * json-server: every field optional and the model open (it requires nothing and keeps any
   * body). Otherwise a field is required where every record seen had it, and the model is open
   * only to keep values no declared type holds.
   */
  readonly lenient: boolean;
  /** Said when the records are not in id order (how the source listed them); none: not said. */
  readonly orderNote?: string;
  /** What deleting a parent does to a guessed link's children (the writer's default: nullify). */
  readonly onDelete?: 'cascade';
  /** Why, in the link's note. */
  readonly cascadeWhy?: string;
}

/** A collection while it is read: the model so far and what the relation pass needs. */
export interface Collection {
  key: string;
  model: PlannedModel;
  ids: Set<Id>;
  /** Fields typed as a single number or string, by key: relation candidates. */
  scalars: Map<string, 'string' | 'number' | 'boolean'>;
}

/**
 * What every record seen held under each key, when the types come from more records than the
 * seed keeps (recorded traffic: every answer, of which the seed keeps the latest per id).
 */
export interface SeenRecords {
  readonly stats: ReadonlyMap<string, FieldStats>;
  readonly count: number;
}

/** The stats of every field but `id`, over `records`. */
export function statsOf(records: readonly JsonRecord[]): Map<string, FieldStats> {
  const stats = new Map<string, FieldStats>();
  for (const record of records) addStats(stats, record);
  return stats;
}

/** Adds one record's fields (but `id`) to `stats`. */
export function addStats(stats: Map<string, FieldStats>, record: JsonRecord): void {
  for (const [field, v] of Object.entries(record)) {
    if (field === 'id') continue;
    let s = stats.get(field);
    if (!s) stats.set(field, (s = new FieldStats()));
    s.add(v);
  }
}

/**
 * The model of the records under `key` (its path), or `undefined` (noted) when `key` cannot be
 * a path. `taken` holds the class names given so far.
 */
export function planCollection(
  key: string,
  value: readonly unknown[],
  taken: ReadonlySet<string>,
  notes: ImportNote[],
  convention: CollectionConvention,
  seen?: SeenRecords,
): Collection | undefined {
  const name = isModelPath(key) ? classNameFor(key, taken) : undefined;
  if (name === undefined) {
    notes.push({
      kind: 'not-imported',
      at: key,
      text: 'cannot be a path: letters, digits, _ and -, starting with a letter or digit',
    });
    return undefined;
  }
  const records = value.filter(isRecord);
  if (records.length < value.length)
    notes.push({
      kind: 'not-imported',
      at: key,
      text: `${value.length - records.length} items are not objects`,
    });
  const { idType, kept } = readIds(key, records, notes);
  const stats = seen?.stats ?? statsOf(kept);
  const count = seen?.count ?? kept.length;
  const fields: PlannedField[] = [];
  const scalars = new Map<string, 'string' | 'number' | 'boolean'>();
  const converts = new Map<string, ScalarConvert>();
  const guesses = new Map<string, ImportNote>();
  // Fields no declared type holds, kept in the seed as they are: the model is open.
  const undeclared = new Set<string>();
  const everywhere: string[] = [];
  for (const [field, s] of stats) {
    const verdict = fieldVerdict(field, verdictOf(s, count));
    const at = `${name}.${field}`;
    if (!verdict.imported) {
      if (fieldKeyProblem(field) === undefined) {
        undeclared.add(field);
        notes.push({
          kind: 'guess',
          at,
          text: `${verdict.reason}: not declared, its values are kept as they are (the model is open)`,
        });
      } else notes.push({ kind: 'not-imported', at, text: verdict.reason });
      continue;
    }
    if (!verdict.optional) everywhere.push(field);
    if (verdict.guess) {
      const note: ImportNote = { kind: 'guess', at, text: verdict.guess };
      guesses.set(field, note);
      notes.push(note);
    }
    if (verdict.convert) converts.set(field, verdict.convert);
    if (verdict.scalar) scalars.set(field, verdict.scalar);
    const identifier = isFieldName(field);
    if (!identifier)
      notes.push({
        kind: 'guess',
        at,
        text: `is no identifier: declared as the quoted member '${field}', the key stays ${field} on the wire`,
      });
    fields.push({
      name: identifier ? field : identifierFor(field),
      ...(identifier ? {} : { wireName: field }),
      type: verdict.type,
      // json-server requires no field: the user tightens the ones a client must send.
      optional: convention.lenient || verdict.optional,
    });
  }
  const imported = new Set([...fields.map((f) => f.wireName ?? f.name), ...undeclared]);
  const rewrites = new Map<string, RecordRewrite[]>();
  const seed = kept.map((record) => {
    const row: JsonRecord = {};
    if (record.id !== undefined)
      row.id = idType === 'string' ? String(record.id) : Number(record.id);
    for (const [field, v] of Object.entries(record)) {
      if (!imported.has(field)) continue;
      const convert = converts.get(field);
      const written = convert ? convert(v) : v;
      // A value fitting no type of its field is left out: the key is missing in this record.
      if (written !== undefined) row[field] = written;
      if (!convert) continue;
      const changed = rewritesOf(v, written);
      if (changed.length === 0) continue;
      let list = rewrites.get(field);
      if (!list) rewrites.set(field, (list = []));
      const label = recordName(key, value, record);
      for (const rewrite of changed) list.push({ record: label, rewrite });
    }
    return row;
  });
  listRewrites(name, rewrites, guesses, notes);
  const open = convention.lenient || undeclared.size > 0;
  const model: PlannedModel = { name, path: key, idType, fields, relations: [], open, seed };
  notes.push(...modelNotes(name, key, seed, everywhere, undeclared, convention));
  if (derivedPath(name) !== key)
    notes.push({
      kind: 'guess',
      at: key,
      text: `class ${name} keeps the path /${key} with @Rest({ path })`,
    });
  return {
    key,
    model,
    ids: new Set(seed.flatMap((r) => (r.id === undefined ? [] : [r.id as Id]))),
    scalars,
  };
}

/** What the model's shape guessed: open or closed, which fields a write must send, its order. */
function modelNotes(
  name: string,
  key: string,
  seed: readonly JsonRecord[],
  everywhere: readonly string[],
  undeclared: ReadonlySet<string>,
  convention: CollectionConvention,
): ImportNote[] {
  const notes: ImportNote[] = [];
  const them = everywhere.length > 1 ? 'them' : 'it';
  if (convention.lenient)
    notes.push({
      kind: 'guess',
      at: name,
      text:
        `@Rest({ open: true }): a write may leave out any field and add fields ${name} does not declare, stored as sent` +
        (everywhere.length > 0
          ? `; every record has ${everywhere.join(', ')}: remove the ? to require ${them}`
          : ''),
    });
  // Otherwise the fields a write must send are said once the links are made (a link is optional).
  else if (undeclared.size > 0)
    notes.push({
      kind: 'guess',
      at: name,
      text: `@Rest({ open: true }): ${[...undeclared].join(', ')} fit no field type, so ${name} keeps fields it does not declare, stored as sent`,
    });
  if (convention.orderNote !== undefined && !inIdOrder(seed))
    notes.push({
      kind: 'guess',
      at: key,
      text: `records are not in id order: GET /${key} lists them by id (CONTRACT §2), ${convention.orderNote}`,
    });
  return notes;
}

/** `id 8`, or the record's place in the file when it has no id (`/products/3`). */
function recordName(key: string, records: readonly unknown[], record: JsonRecord): string {
  return record.id !== undefined
    ? `id ${JSON.stringify(record.id)}`
    : `/${key}/${records.indexOf(record)}`;
}

/**
 * Names every value the seed holds otherwise than the file: the rewritten ones after their
 * field's guess, the ones left out as not imported.
 */
function listRewrites(
  model: string,
  rewrites: ReadonlyMap<string, RecordRewrite[]>,
  guesses: ReadonlyMap<string, ImportNote>,
  notes: ImportNote[],
): void {
  for (const [field, list] of rewrites) {
    const written = list.filter((r) => r.rewrite.after !== undefined);
    const leftOut = list.filter((r) => r.rewrite.after === undefined);
    const guess = guesses.get(field);
    if (guess && written.length > 0) guess.text += `: ${rewriteList(written)}`;
    if (leftOut.length > 0)
      notes.push({
        kind: 'not-imported',
        at: `${model}.${field}`,
        text: `left out of the seed, fitting no type of the field: ${rewriteList(leftOut)}`,
      });
  }
}

/** Whether a list by ascending id (decorest's order) is the file's order (json-server's). */
function inIdOrder(seed: readonly JsonRecord[]): boolean {
  // Records without an id get theirs after the others: only the given ids' order counts.
  const ids = seed.flatMap((r) => (r.id === undefined ? [] : [r.id as Id]));
  return ids.every((id, i) => i === 0 || ids[i - 1]! < id);
}

/** Keys decorest cannot carry (`__proto__`, `constructor`) or too long are not imported. */
function fieldVerdict(field: string, verdict: FieldVerdict): FieldVerdict {
  const problem = fieldKeyProblem(field);
  return problem === undefined ? verdict : { imported: false, reason: problem };
}

/** An id written as the text of a positive integer (`"3"`), which a numeric id holds as 3. */
function isIdText(id: JsonValue): boolean {
  if (typeof id !== 'string' || !isNumberText(id)) return false;
  const value = Number(id);
  return Number.isSafeInteger(value) && value >= 1;
}

/**
 * Each record's id, checked as decorest stores ids (a positive integer, or a string of 1 to
 * 200 characters). Numbers and strings mixed become strings, as json-server compares them.
 */
function readIds(
  key: string,
  records: readonly JsonRecord[],
  notes: ImportNote[],
): { idType: 'number' | 'string'; kept: JsonRecord[] } {
  const ids = records.map((r) => r.id).filter((id) => id !== undefined);
  const numbers = ids.filter((id) => typeof id === 'number').length;
  // Numbers with a few ids written as their text (`"3"`) are numbers, as a field's are (issue
  // 42); ids written as text throughout stay text, as json-server keeps them.
  const numeric = ids.every((id) => typeof id === 'number' || (numbers > 0 && isIdText(id)));
  if (numeric && numbers < ids.length) {
    const texts = records.flatMap((record, index) =>
      typeof record.id === 'string'
        ? [
            {
              record: `/${key}/${index}`,
              rewrite: { path: '', before: record.id, after: Number(record.id) },
            },
          ]
        : [],
    );
    notes.push({
      kind: 'guess',
      at: `${key}.id`,
      text: `holds numbers and ${texts.length} written as text: typed number, ${texts.length === 1 ? 'that one written as a number' : 'those written as numbers'} in the seed: ${rewriteList(texts)}`,
    });
  }
  if (!numeric && numbers > 0)
    notes.push({
      kind: 'guess',
      at: `${key}.id`,
      text: 'holds numbers and strings: typed string, numbers written as strings in the seed',
    });
  const idType = numeric ? 'number' : 'string';
  const seen = new Set<Id>();
  const kept: JsonRecord[] = [];
  let missing = 0;
  records.forEach((record, index) => {
    const id = record.id;
    if (id === undefined) {
      missing++;
      kept.push(record);
      return;
    }
    const value =
      idType === 'string' ? (typeof id === 'number' ? String(id) : id) : Number(id as Id);
    const valid =
      idType === 'number'
        ? Number.isSafeInteger(value) && (value as number) >= 1
        : typeof value === 'string' && value.length >= 1 && value.length <= 200;
    const why = !valid
      ? 'is no id decorest stores (a positive integer or a string of 1 to 200 characters)'
      : seen.has(value as Id)
        ? 'appears twice'
        : undefined;
    if (why) {
      notes.push({
        kind: 'not-imported',
        at: `/${key}/${index}`,
        text: `id ${JSON.stringify(id)} ${why}: the record is left out`,
      });
      return;
    }
    seen.add(value as Id);
    kept.push(record);
  });
  if (missing > 0)
    notes.push({
      kind: 'guess',
      at: `${key}.id`,
      text: `${missing} records have no id: decorest gives them one`,
    });
  return { idType, kept };
}

/**
 * json-server's convention (its `_embed`/`_expand` and nested routes): `postId` holding ids of
 * `posts` is a link to a post. Only a field whose every value names an existing record becomes
 * `@BelongTo`, since the seed is checked for orphans when it is loaded.
 */
export function linkRelations(
  collections: readonly Collection[],
  notes: ImportNote[],
  convention: CollectionConvention,
): void {
  const bySingular = new Map(collections.map((c) => [singularOf(c.key), c]));
  const members = new Map(
    collections.map((c) => [
      c,
      new Set(['id', ...c.model.fields.map((f) => f.wireName ?? f.name)]),
    ]),
  );
  for (const child of collections) {
    for (const [field, scalar] of child.scalars) {
      const match = /^(.+)Id$/.exec(field);
      const parent = match ? bySingular.get(match[1]!) : undefined;
      if (!parent || !isFieldName(field)) continue;
      const at = `${child.model.name}.${field}`;
      const values = child.model.seed
        .map((r) => r[field])
        .filter((v) => v !== undefined && v !== null);
      const orphans = values.filter(
        (v) => typeof v !== parent.model.idType || !parent.ids.has(v as Id),
      );
      if (scalar !== parent.model.idType || orphans.length > 0) {
        notes.push({
          kind: 'guess',
          at,
          text: `looks like a link to ${parent.model.name} but ${orphans.length || values.length} values name no ${parent.model.name.toLowerCase()}: kept as a plain field`,
        });
        continue;
      }
      child.model.fields = child.model.fields.filter((f) => f.name !== field);
      const used = members.get(parent)!;
      const hasMany = hasManyName(child.key, child.model.name, used);
      used.add(hasMany);
      const cascade = convention.onDelete === 'cascade';
      child.model.relations.push({
        field,
        target: parent.model.name,
        hasMany,
        ...(cascade ? { onDelete: 'cascade' as const } : {}),
      });
      const parentWord = parent.model.name.toLowerCase();
      notes.push({
        kind: 'guess',
        at,
        text: cascade
          ? `links to ${parent.model.name}: @BelongTo ${field}, with @HasMany({ onDelete: 'cascade' }) ${hasMany} on ${parent.model.name} (deleting a ${parentWord} deletes its ${child.key}, ${convention.cascadeWhy ?? ''})`
          : `links to ${parent.model.name}: @BelongTo ${field} (every value names a ${parentWord} seen), with @HasMany ${hasMany} on ${parent.model.name} (deleting a ${parentWord} sets ${field} of its ${child.key} to null)`,
      });
    }
  }
}
