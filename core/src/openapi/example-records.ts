/**
 * The records the OpenAPI document shows for each model (issue 43): the project's seed records
 * where it has them, else records the fake-data generator makes up. Fake values are drawn from
 * a faker seeded by model, field and record number, and dates count from a fixed day, so two
 * builds of one project give the same document (and adding a field leaves the others' values
 * as they were). A record shows what a list or a read answers: no `@HasMany` children, which
 * only `?embed=` adds.
 */
import type { Faker } from '@faker-js/faker';

import type { ModelRuntime } from '../app/model-runtime.js';
import type { JsonValue } from '../contract/values.js';
import { fieldPicker } from '../model/fake-values.js';
import type { ModelSchema } from '../model/schema.js';

export type ExampleRecord = { [key: string]: JsonValue };

/** Enough to show a list's shape and a patch that changes something. */
export const FAKE_RECORDS_PER_MODEL = 2;

/** The day made-up dates count from: fixed, so the document is the same tomorrow. */
const EXAMPLE_DAY = new Date(Date.UTC(2025, 0, 1));

/** FNV-1a, 31 bits: a faker seed from a key (`Todo.content#0`). */
function seedOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) & 0x7fffffff;
}

const isRecord = (value: JsonValue | undefined): value is ExampleRecord =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A made-up id: 1, 2 … or a 16-character key, as the store would give them. */
function fakeId(faker: Faker, model: ModelSchema, index: number): JsonValue {
  if (model.idKind === 'number') return index + 1;
  faker.seed(seedOf(`${model.name}#id#${index}`));
  return faker.string.alphanumeric(16);
}

/** One model's made-up records, fields in declaration order, links left for the caller. */
function fakeRecords(faker: Faker, model: ModelSchema): ExampleRecord[] {
  const pickers = model.fields.map((f) => ({
    name: f.name,
    pick: fieldPicker(f, { refDate: EXAMPLE_DAY, whole: true }),
  }));
  const records: ExampleRecord[] = [];
  for (let i = 0; i < FAKE_RECORDS_PER_MODEL; i++) {
    const record: ExampleRecord = { id: fakeId(faker, model, i) };
    for (const { name, pick } of pickers) {
      faker.seed(seedOf(`${model.name}.${name}#${i}`));
      const value = pick(faker) as JsonValue | undefined;
      if (value !== undefined) record[name] = value;
    }
    records.push(record);
  }
  return records;
}

/** The example records of every model of a project, by model name. */
export interface ExampleRecords {
  /** At least one record of `model` (a model without any gets an empty record). */
  of(model: string): readonly ExampleRecord[];
  /** The id of the first record of `model`: what a path's `{id}` reads in the examples. */
  firstId(model: string): JsonValue;
}

/**
 * Builds the examples: `seeded` (model name → seed records) first, made-up records for every
 * other model. Each `@BelongTo` of a made-up record names a record of its parent's examples.
 * `faker` is reseeded here and left randomly seeded afterwards, for the next user.
 *
 * @example
 * ```ts
 * const examples = exampleRecords(runtimes, await seedExamples(root, schemas), await loadFaker());
 * examples.of('Todo'); // [{ id: 1, content: 'Aequitas …', completed: true, user: 1 }, …]
 * ```
 */
export function exampleRecords(
  runtimes: readonly ModelRuntime[],
  seeded: ReadonlyMap<string, readonly JsonValue[]>,
  faker: Faker,
): ExampleRecords {
  const byName = new Map<string, ExampleRecord[]>();
  const made = new Set<string>();
  try {
    for (const { schema } of runtimes) {
      const seeds = (seeded.get(schema.name) ?? []).filter(isRecord);
      if (seeds.length > 0) byName.set(schema.name, seeds.map(withoutChildren(schema)));
      else {
        byName.set(schema.name, fakeRecords(faker, schema));
        made.add(schema.name);
      }
    }
  } finally {
    faker.seed();
  }
  // Links once every model has its records, so a parent declared after its child is found.
  for (const { schema } of runtimes) {
    if (!made.has(schema.name)) continue;
    for (const relation of schema.relations) {
      if (relation.kind !== 'belongTo') continue;
      const parents = byName.get(relation.target) ?? [];
      byName.get(schema.name)!.forEach((record, i) => {
        record[relation.field] = parents[i % Math.max(parents.length, 1)]?.['id'] ?? null;
      });
    }
  }
  return {
    of: (model) => {
      const records = byName.get(model);
      return records && records.length > 0 ? records : [{}];
    },
    firstId: (model) => byName.get(model)?.[0]?.['id'] ?? 1,
  };
}

/** A seed record as a list answers it: a `@HasMany` field is only there with `?embed=`. */
function withoutChildren(model: ModelSchema): (record: ExampleRecord) => ExampleRecord {
  const children = new Set(model.relations.filter((r) => r.kind === 'hasMany').map((r) => r.field));
  return (record) =>
    children.size === 0
      ? record
      : Object.fromEntries(Object.entries(record).filter(([key]) => !children.has(key)));
}
