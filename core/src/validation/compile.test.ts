/**
 * The validator compiler on its own (CONTRACT §1, §3, §4): what create, replace and patch
 * accept, how they normalise, and every problem of a body reported at once. The HTTP suites
 * reach it only through a served project.
 */
import { describe, expect, it } from 'vitest';

import { ValidationProblem } from '../errors.js';
import type { FieldSchema, FieldType, ModelSchema, RelationSchema } from '../model/schema.js';
import type { StoredRecord } from '../persistence/collection.js';
import { compileModelValidator, type ModelValidator } from './compile.js';

const field = (
  name: string,
  type: FieldType,
  more: Partial<Omit<FieldSchema, 'name' | 'type'>> = {},
): FieldSchema => ({
  name,
  type,
  optional: false,
  nullable: false,
  constraints: {},
  declaredIn: 'Task',
  ...more,
});

const model = (
  name: string,
  idKind: 'number' | 'string',
  fields: FieldSchema[],
  relations: RelationSchema[] = [],
): ModelSchema => ({
  name,
  ctor: class {},
  path: `${name.toLowerCase()}s`,
  idKind,
  fields,
  relations,
  dataSource: undefined,
  file: `${name.toLowerCase()}.ts`,
  line: 1,
});

const USER = model('User', 'number', [field('name', { kind: 'string' })]);
const BOARD = model('Board', 'string', [field('title', { kind: 'string' })]);
const TASK = model(
  'Task',
  'number',
  [
    field('title', { kind: 'string' }, { constraints: { minLength: 1, maxLength: 20 } }),
    field('code', { kind: 'string' }, { optional: true, constraints: { pattern: '^[A-Z]{3}$' } }),
    field('email', { kind: 'string' }, { optional: true, constraints: { format: 'email' } }),
    field(
      'size',
      { kind: 'number', integer: true },
      { optional: true, constraints: { min: 0, max: 10 } },
    ),
    field('weight', { kind: 'number', integer: false }, { optional: true }),
    field('done', { kind: 'boolean' }, { default: false }),
    field('due', { kind: 'date' }, { optional: true }),
    field('level', { kind: 'enum', values: ['low', 'high'] }),
    field('tags', { kind: 'array', element: { kind: 'string' } }, { default: ['new'] }),
    field('note', { kind: 'string' }, { nullable: true }),
    field('flag', { kind: 'boolean' }, { optional: true }),
    field(
      'grades',
      { kind: 'array', element: { kind: 'enum', values: ['a', 'b'] } },
      {
        optional: true,
      },
    ),
  ],
  [
    { kind: 'belongTo', field: 'owner', target: 'User', optional: true },
    { kind: 'belongTo', field: 'board', target: 'Board', optional: false },
    { kind: 'hasMany', field: 'notes', target: 'Note', inverse: 'task', onDelete: 'cascade' },
  ],
);

const validator: ModelValidator = compileModelValidator(TASK, [USER, BOARD, TASK]);

/** A body that create accepts as it is. */
const VALID = { title: 'Write', level: 'low', note: null, board: 'b-1' };

/** The field errors a call throws (it must throw a 422 ValidationProblem). */
function errorsOf(call: () => unknown): { field: string; message: string }[] {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationProblem);
    const problem = error as ValidationProblem;
    expect(problem.status).toBe(422);
    expect(problem.title).toBe('Invalid task');
    return problem.errors ?? [];
  }
  throw new Error('the body was accepted');
}

describe('create', () => {
  it('applies defaults, sets an absent optional parent to null and keeps what was sent', () => {
    expect(validator.create({ ...VALID })).toEqual({
      ...VALID,
      done: false,
      tags: ['new'],
      owner: null,
    });
  });

  it('gives each record its own copy of a default', () => {
    const a = validator.create({ ...VALID });
    const b = validator.create({ ...VALID });
    expect(a['tags']).not.toBe(b['tags']);
  });

  it('writes dates as ISO-8601 UTC and a parent sent as {id} as its id', () => {
    const record = validator.create({
      ...VALID,
      due: '2024-05-01T11:30:00+02:00',
      owner: { id: 4 },
      board: { id: 'b-2' },
    });
    expect(record).toMatchObject({ due: '2024-05-01T09:30:00.000Z', owner: 4, board: 'b-2' });
  });

  it('accepts a client id of the model’s kind', () => {
    expect(validator.create({ ...VALID, id: 7 })).toMatchObject({ id: 7 });
    expect(errorsOf(() => validator.create({ ...VALID, id: 0 }))).toEqual([
      { field: 'id', message: 'must be >= 1, got 0' },
    ]);
  });

  it('reports every invalid field at once, one message each, in CONTRACT §4 wording', () => {
    const errors = errorsOf(() =>
      validator.create({
        title: '',
        code: 'abc',
        email: 'not-an-email',
        size: 11,
        weight: '2',
        done: 'yes',
        due: 'tomorrow',
        level: 'mid',
        tags: ['ok', 3],
        owner: 'x',
        colour: 'red',
      }),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'note', message: 'is required' },
        { field: 'board', message: 'is required' },
        { field: 'colour', message: 'is not a field of Task' },
        { field: 'title', message: 'must be at least 1 characters long' },
        { field: 'code', message: 'must match the pattern /^[A-Z]{3}$/, got "abc"' },
        { field: 'email', message: 'must be a valid email, got "not-an-email"' },
        { field: 'size', message: 'must be <= 10, got 11' },
        { field: 'weight', message: 'must be a number, got "2"' },
        { field: 'done', message: 'must be a boolean, got "yes"' },
        {
          field: 'due',
          message: 'must be an ISO-8601 date-time such as "2024-05-01T09:30:00Z", got "tomorrow"',
        },
        { field: 'level', message: 'must be one of "low", "high", got "mid"' },
        { field: 'tags[1]', message: 'must be a string, got 3' },
        { field: 'owner', message: 'must be an id or an object with an id, got "x"' },
      ]),
    );
    expect(errors).toHaveLength(13);
    expect(new Set(errors.map((e) => e.field)).size).toBe(errors.length);
  });

  it('refuses null where the field is not nullable, and a required parent set to null', () => {
    expect(errorsOf(() => validator.create({ ...VALID, title: null, board: null }))).toEqual([
      { field: 'title', message: 'must be a string, got null' },
      { field: 'board', message: 'must be an id or an object with an id, got null' },
    ]);
  });

  it('refuses a hasMany field: children are written on their own', () => {
    expect(errorsOf(() => validator.create({ ...VALID, notes: [] }))).toEqual([
      { field: 'notes', message: 'is read-only: create or patch note records instead' },
    ]);
  });

  it('refuses a body that is not a JSON object, saying what it got', () => {
    for (const [body, got] of [
      [undefined, 'no body'],
      [null, 'null'],
      [[VALID], 'an array'],
      ['text', '"text"'],
      [3, '3'],
    ] as const) {
      expect(
        errorsOf(() => validator.create(body)),
        String(got),
      ).toEqual([{ field: '', message: `the body must be a JSON object, got ${got}` }]);
    }
  });

  it('leaves the body it was given unchanged', () => {
    const body = { ...VALID, due: '2024-05-01T11:30:00+02:00', owner: { id: 4 } };
    const copy = structuredClone(body);
    validator.create(body);
    expect(body).toEqual(copy);
  });
});

describe('replace', () => {
  it('ignores an id in the body (the path has it) and applies no defaults', () => {
    expect(validator.replace({ ...VALID, id: 99, done: true, tags: [] })).toEqual({
      ...VALID,
      done: true,
      tags: [],
      owner: null,
    });
  });

  it('requires every required field, defaulted ones included', () => {
    expect(errorsOf(() => validator.replace({ ...VALID })).map((e) => e.field)).toEqual([
      'done',
      'tags',
    ]);
  });
});

describe('patch', () => {
  const existing: StoredRecord = {
    id: 3,
    ...VALID,
    done: false,
    tags: ['new'],
    owner: 1,
    size: 2,
  };

  it('merges the changes into the record and validates the result whole', () => {
    expect(validator.patch(existing, { done: true, due: '2024-05-01T00:00:00Z' })).toEqual({
      ...VALID,
      done: true,
      tags: ['new'],
      owner: 1,
      size: 2,
      due: '2024-05-01T00:00:00.000Z',
    });
    expect(errorsOf(() => validator.patch(existing, { size: -1, level: 'x' }))).toEqual([
      { field: 'size', message: 'must be >= 0, got -1' },
      { field: 'level', message: 'must be one of "low", "high", got "x"' },
    ]);
  });

  it('ignores an id in the body and leaves the stored record untouched', () => {
    const before = structuredClone(existing);
    const merged = validator.patch(existing, { id: 8, title: 'New' });
    expect(merged['id']).toBeUndefined();
    expect(merged['title']).toBe('New');
    expect(existing).toEqual(before);
  });

  it('refuses unknown fields and read-only ones as create does', () => {
    expect(errorsOf(() => validator.patch(existing, { colour: 1, notes: [] }))).toEqual([
      { field: 'notes', message: 'is read-only: create or patch note records instead' },
      { field: 'colour', message: 'is not a field of Task' },
    ]);
  });
});

describe('patch with null (RFC 7396)', () => {
  const existing: StoredRecord = {
    id: 3,
    ...VALID,
    note: 'kept',
    done: false,
    tags: ['new'],
    code: 'ABC',
    size: 2,
    flag: true,
    due: '2024-05-01T00:00:00.000Z',
    grades: ['a'],
    owner: 1,
  };

  it('removes an optional field of every kind sent as null', () => {
    const optional = ['code', 'size', 'flag', 'due', 'grades'];
    for (const name of optional) {
      const merged = validator.patch(existing, { [name]: null });
      expect(merged, name).not.toHaveProperty(name);
      expect(Object.keys(merged).sort(), name).toEqual(
        Object.keys(existing)
          .filter((k) => k !== 'id' && k !== name)
          .sort(),
      );
    }
    // An optional field that is absent already stays absent.
    expect(validator.patch(existing, { weight: null })).not.toHaveProperty('weight');
  });

  it('clears an optional parent to null (a stored relation field is always present)', () => {
    expect(validator.patch(existing, { owner: null })).toMatchObject({ owner: null });
  });

  it('stores null in a T | null field', () => {
    expect(validator.patch(existing, { note: null })).toMatchObject({ note: null });
  });

  it('refuses null on a required field, naming it, and keeps the other changes out', () => {
    for (const name of ['title', 'level', 'done', 'tags', 'board']) {
      const errors = errorsOf(() => validator.patch(existing, { [name]: null, size: 3 }));
      expect(
        errors.map((e) => e.field),
        name,
      ).toEqual([name]);
      expect(errors[0]!.message, name).toMatch(/null/);
    }
  });

  it('removes several fields and sets others in one body', () => {
    const merged = validator.patch(existing, { code: null, size: null, title: 'T', note: null });
    expect(merged).not.toHaveProperty('code');
    expect(merged).not.toHaveProperty('size');
    expect(merged).toMatchObject({ title: 'T', note: null });
  });
});

describe('an open model (issue 42: @Rest({ open: true }))', () => {
  const OPEN_TASK: ModelSchema = { ...TASK, open: true };
  const open = compileModelValidator(OPEN_TASK, [USER, BOARD, OPEN_TASK]);

  it('keeps undeclared fields of any JSON type as sent, and still checks declared ones', () => {
    const extras = { likes: 3, meta: { a: [1, null] }, gone: null, 'first-name': 'Ann' };
    expect(open.create({ ...VALID, ...extras })).toMatchObject(extras);
    expect(errorsOf(() => open.create({ ...VALID, size: 'big', likes: 'any' }))).toEqual([
      { field: 'size', message: 'must be an integer, got "big"' },
    ]);
  });

  it('leaves a link out of a write absent, where a closed model stores null', () => {
    expect(open.create(VALID)).not.toHaveProperty('owner');
    expect(validator.create(VALID)).toHaveProperty('owner', null);
  });

  it('replaces with exactly what was sent, and merges a patch keeping a null on an undeclared field', () => {
    const whole = { ...VALID, done: true, tags: [], views: 1 };
    const existing = { id: 1, ...whole, likes: 3, colour: 'red' } as StoredRecord;
    expect(open.replace(whole)).toEqual(whole);
    const patched = open.patch(existing, { likes: null, stars: 5 });
    expect(patched).toMatchObject({ likes: null, colour: 'red', stars: 5 });
  });

  it('refuses keys no field can have, wherever the body came from, and changes no prototype', () => {
    for (const key of [
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      '',
      'x'.repeat(65),
    ]) {
      const body = JSON.parse(
        `{"title":"t","level":"low","note":null,"board":"b",${JSON.stringify(key)}:{"polluted":true}}`,
      ) as unknown;
      expect(errorsOf(() => open.create(body)).map((e) => e.field)).toEqual([key.slice(0, 64)]);
      const existing = { id: 1, ...VALID, done: true, tags: [] } as StoredRecord;
      const change = JSON.parse(`{${JSON.stringify(key)}:{"polluted":true}}`) as unknown;
      expect(errorsOf(() => open.patch(existing, change)).map((e) => e.field)).toEqual([
        key.slice(0, 64),
      ]);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('holds at most 100 undeclared fields in a record, a patch counted with what is stored', () => {
    const many = (n: number, from = 0) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${from + i}`, i]));
    expect(Object.keys(open.create({ ...VALID, ...many(100) }))).toHaveLength(106);
    expect(errorsOf(() => open.create({ ...VALID, ...many(101) }))).toEqual([
      { field: '', message: 'a Task holds at most 100 fields it does not declare, got 101' },
    ]);
    const existing = { id: 1, ...VALID, done: true, tags: [], ...many(60) } as StoredRecord;
    expect(errorsOf(() => open.patch(existing, many(41, 60)))[0]?.field).toBe('');
  });
});
