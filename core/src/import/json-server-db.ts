/**
 * A json-server `db.json` as an import plan (issue 28). Each top-level array is a collection
 * and becomes a model on the same path; field types come from every record; json-server's
 * `<singular>Id` convention becomes `@BelongTo <singular>Id` (the key stays `postId` on the
 * wire, so bodies stay json-server's); a top-level object (a "singular" resource) is answered
 * read-only by a manual route.
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
import {
  ImportError,
  type ImportNote,
  type ImportPlan,
  type PlannedField,
  type PlannedModel,
  type PlannedRoute,
} from './import-plan.js';
import { FieldStats, type FieldVerdict, verdictOf } from './infer-field.js';
import { parseJsonText } from './parse-source.js';
import { isNumberText, type ScalarConvert } from './scalar-majority.js';
import { type RecordRewrite, rewriteList, rewritesOf } from './seed-rewrites.js';

type JsonRecord = Record<string, JsonValue>;
type Id = string | number;

/** A collection while it is read: the model so far and what the relation pass needs. */
interface Collection {
  key: string;
  model: PlannedModel;
  ids: Set<Id>;
  /** Fields typed as a single number or string, by key: relation candidates. */
  scalars: Map<string, 'string' | 'number' | 'boolean'>;
}

const isRecord = (value: unknown): value is JsonRecord =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Parses a db.json text and plans it; see {@link planJsonServerDb}. */
export function readJsonServerDb(file: string, text: string): ImportPlan {
  return planJsonServerDb(file, parseJsonText(file, text));
}

/** The plan for a parsed db.json: a top-level object whose arrays are collections. */
export function planJsonServerDb(file: string, db: unknown): ImportPlan {
  if (!isRecord(db))
    throw new ImportError(
      file,
      undefined,
      'is not a json-server database: the top level must be an object',
    );
  const notes: ImportNote[] = [];
  const routes: PlannedRoute[] = [];
  const collections: Collection[] = [];
  const taken = new Set<string>();
  for (const [key, value] of Object.entries(db)) {
    const at = `/${key}`;
    if (Array.isArray(value) && value.length > 0 && !value.some(isRecord) && isModelPath(key)) {
      // A list of plain values (`"tags": ["a", "b"]`) has no records to model: GET keeps it.
      routes.push({ method: 'GET', path: at, status: 200, body: value, source: `#${at}` });
      notes.push({
        kind: 'not-imported',
        at: key,
        text: `holds no objects, so no model: GET ${at} answers the list from app.ts`,
      });
    } else if (Array.isArray(value)) {
      const collection = readCollection(key, value, taken, notes);
      if (collection) {
        collections.push(collection);
        taken.add(collection.model.name);
      }
    } else if (isRecord(value) && isModelPath(key)) {
      // json-server serves GET/PUT/PATCH /profile; a manual route keeps GET's body.
      routes.push({ method: 'GET', path: at, status: 200, body: value, source: `#${at}` });
      notes.push({
        kind: 'not-imported',
        at: key,
        text: `a singular resource, not a collection: GET ${at} answers it from app.ts; PUT and PATCH are not served`,
      });
    } else {
      notes.push({
        kind: 'not-imported',
        at: key,
        text: 'is neither a collection (array) nor a resource (object) with a path-safe name',
      });
    }
  }
  if (collections.length === 0 && routes.length === 0)
    throw new ImportError(file, undefined, 'holds no collection: a db.json is an object of arrays');
  linkRelations(collections, notes);
  return {
    source: { kind: 'json-server', file },
    models: collections.map((c) => c.model),
    routes,
    notes,
  };
}

function readCollection(
  key: string,
  value: readonly unknown[],
  taken: ReadonlySet<string>,
  notes: ImportNote[],
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
  const stats = new Map<string, FieldStats>();
  for (const record of kept)
    for (const [field, v] of Object.entries(record)) {
      if (field === 'id') continue;
      let s = stats.get(field);
      if (!s) stats.set(field, (s = new FieldStats()));
      s.add(v);
    }
  const fields: PlannedField[] = [];
  const scalars = new Map<string, 'string' | 'number' | 'boolean'>();
  const converts = new Map<string, ScalarConvert>();
  const guesses = new Map<string, ImportNote>();
  // Fields no declared type holds, kept in the seed as they are: the model is open.
  const undeclared = new Set<string>();
  const everywhere: string[] = [];
  for (const [field, s] of stats) {
    const verdict = fieldVerdict(field, verdictOf(s, kept.length));
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
      optional: true,
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
  const model: PlannedModel = { name, path: key, idType, fields, relations: [], open: true, seed };
  notes.push({
    kind: 'guess',
    at: name,
    text:
      `@Rest({ open: true }): a write may leave out any field and add fields ${name} does not declare, stored as sent` +
      (everywhere.length > 0
        ? `; every record has ${everywhere.join(', ')}: remove the ? to require ${everywhere.length > 1 ? 'them' : 'it'}`
        : ''),
  });
  if (!inIdOrder(seed))
    notes.push({
      kind: 'guess',
      at: key,
      text:
        'records are not in id order: GET /' +
        key +
        ' lists them by id (CONTRACT §2), json-server in file order',
    });
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
function linkRelations(collections: readonly Collection[], notes: ImportNote[]): void {
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
      // json-server 0.17 deletes the records a deleted record's id leaves dangling.
      child.model.relations.push({
        field,
        target: parent.model.name,
        hasMany,
        onDelete: 'cascade',
      });
      notes.push({
        kind: 'guess',
        at,
        text: `links to ${parent.model.name}: @BelongTo ${field}, with @HasMany({ onDelete: 'cascade' }) ${hasMany} on ${parent.model.name} (deleting a ${parent.model.name.toLowerCase()} deletes its ${child.key}, as json-server does)`,
      });
    }
  }
}
