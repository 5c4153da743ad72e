/**
 * The hostile-input tests of the mock API (issue 7), aimed at the control API (issue 12):
 * hostile bodies, ids, paths and headers. Every answer is a success or a 4xx problem, never a
 * 5xx or a dropped connection; a refused write changes nothing in memory or on disk; the UI
 * files never leak what lies outside their folder; the gates hold for any header mix.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type PlainRecord, replayDataDir } from '../test-support/datafile-replay.js';
import { PROPERTY_MS, RUNS } from '../test-support/hostile-harness.js';
import {
  CONTENT_TYPES,
  deepNesting,
  headerPairs,
  hostileBody,
  HOSTS,
  jsonValueText,
  NASTY_STRINGS,
  percentEncode,
} from '../test-support/hostile-inputs.js';
import { EXAMPLES } from '../test-support/project-server.js';
import { exchange, type RawExchange, requestBytes } from '../test-support/raw-http.js';
import {
  copyProject,
  startStudioFixture,
  type StudioFixture,
} from '../test-support/studio-fixture.js';

const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

let f: StudioFixture;
let port: number;
beforeAll(async () => {
  f = await startStudioFixture(EXAMPLES.todo);
  port = Number(new URL(f.base).port);
}, 60_000);
afterAll(() => f.dispose());

const MODELS: Record<string, { path: string; fields: string[]; seed: Record<string, unknown> }> = {
  User: { path: 'users', fields: ['id', 'name', 'todos'], seed: { name: 'Ann' } },
  Todo: {
    path: 'todos',
    fields: ['id', 'content', 'completed', 'user'],
    seed: { content: 'x', completed: false },
  },
};

function send(
  method: string,
  target: string,
  headers: [string, string][] = [],
  body?: Buffer,
): Promise<RawExchange> {
  const base: [string, string][] = [
    ['host', `127.0.0.1:${port}`],
    ['authorization', `Bearer ${f.studio.token}`],
    ['connection', 'close'],
  ];
  const names = new Set(headers.map(([n]) => n.toLowerCase()));
  const all = [...base.filter(([n]) => !names.has(n)), ...headers];
  if (body !== undefined) all.push(['content-length', String(body.length)]);
  return exchange(port, requestBytes(method, target, all, body));
}

function expectAnswered(answer: RawExchange): void {
  expect(answer.status, 'the connection closed without an answer').not.toBe(0);
  expect(answer.status, `5xx: ${answer.text}`).toBeLessThan(500);
  if (answer.status >= 400) {
    expect(answer.headers['content-type'], answer.text).toBe(PROBLEM_TYPE);
    expect(answer.text).not.toMatch(/\bat .*\.(ts|js):\d+/);
  }
}

/** Records as the control API exports them and as the datafiles replay, by model path. */
async function state(): Promise<{
  memory: Record<string, PlainRecord[]>;
  files: Record<string, PlainRecord[]>;
}> {
  const memory: Record<string, PlainRecord[]> = {};
  for (const [name, { path }] of Object.entries(MODELS)) {
    memory[path] = (await f.api('GET', `/models/${name}/export`)).json as PlainRecord[];
  }
  return { memory, files: await replayDataDir(join(f.dir, 'data')) };
}

async function someId(model: string, pick: number): Promise<string> {
  const records = (await f.api('GET', `/models/${model}/export`)).json as { id: number }[];
  return String(records[pick % Math.max(1, records.length)]?.id ?? 1);
}

describe('hostile input on the control API', () => {
  it(
    'answers hostile record writes with a success or a problem, and a refusal writes nothing',
    async () => {
      const arbitrary = fc.constantFrom(...Object.keys(MODELS)).chain((model) =>
        fc.record({
          model: fc.constant(model),
          op: fc.constantFrom('create', 'replace', 'patch', 'import'),
          body: hostileBody(MODELS[model]!.fields, MODELS[model]!.seed),
          asArray: fc.boolean(),
          contentType: fc.oneof(
            { weight: 4, arbitrary: fc.constant('application/json') },
            { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
          ),
          headers: headerPairs.map((pairs) =>
            pairs.filter(([n]) => n !== 'origin' && n !== 'authorization'),
          ),
          pick: fc.nat(),
        }),
      );
      const outcomes = new Set<number>();
      await fc.assert(
        fc.asyncProperty(arbitrary, async (input) => {
          const before = await state();
          const id = await someId(input.model, input.pick);
          const [method, target] =
            input.op === 'create'
              ? ['POST', `/api/models/${input.model}/records`]
              : input.op === 'import'
                ? ['POST', `/api/models/${input.model}/import`]
                : [
                    input.op === 'replace' ? 'PUT' : 'PATCH',
                    `/api/models/${input.model}/records/${id}`,
                  ];
          const body =
            input.op === 'import' && input.asArray
              ? Buffer.concat([Buffer.from('['), input.body, Buffer.from(']')])
              : input.body;
          const headers: [string, string][] = [...input.headers];
          if (input.contentType !== undefined) headers.push(['content-type', input.contentType]);
          const answer = await send(method!, target!, headers, body);
          expectAnswered(answer);
          outcomes.add(Math.floor(answer.status / 100));
          const after = await state();
          if (answer.status >= 400) expect(after).toEqual(before);
          // What the API holds is what the datafiles hold, whatever was sent.
          expect(after.files).toEqual(after.memory);
          // Keep a few records around so ids keep resolving.
          for (const [name, { seed }] of Object.entries(MODELS)) {
            const page = (await f.api('GET', `/models/${name}/records?limit=0`)).json as {
              total: number;
            };
            if (page.total < 2) await f.api('POST', `/models/${name}/records`, seed);
          }
        }),
        { numRuns: RUNS },
      );
      // The inputs reached both sides: some writes went through, some were refused.
      expect([...outcomes].sort()).toEqual([2, 4]);
    },
    PROPERTY_MS,
  );

  it(
    'answers hostile ids and paths, under /api and for UI files, without a 5xx or a leak',
    async () => {
      const segment = fc.oneof(
        fc.constantFrom(...NASTY_STRINGS).map(percentEncode),
        fc.constantFrom(...NASTY_STRINGS.filter((s) => !/\s/.test(s) && !s.includes('\u0000'))),
        fc.string({ maxLength: 20 }).map(percentEncode),
      );
      const arbitrary = fc.record({
        method: fc.constantFrom('GET', 'HEAD', 'DELETE', 'PATCH', 'OPTIONS', 'PUT', 'POST'),
        shape: fc.constantFrom('record', 'model', 'api', 'ui'),
        a: segment,
        b: segment,
      });
      await fc.assert(
        fc.asyncProperty(arbitrary, async ({ method, shape, a, b }) => {
          const target =
            shape === 'record'
              ? `/api/models/Todo/records/${a}`
              : shape === 'model'
                ? `/api/models/${a}/records/${b}`
                : shape === 'api'
                  ? `/api/${a}/${b}`
                  : `/${a}/${b}`;
          const before = method === 'DELETE' ? undefined : await state();
          const answer = await send(method, target);
          expectAnswered(answer);
          expect(answer.text).not.toContain('outside the UI folder');
          if (before && answer.status >= 400) expect(await state()).toEqual(before);
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_MS,
  );

  it(
    'holds the Host, Origin and token gates for any header mix',
    async () => {
      const arbitrary = fc.record({
        host: fc.oneof(
          fc.constantFrom(...HOSTS),
          fc.constantFrom('127.0.0.1', 'localhost', '[::1]').map((h) => `${h}:${port}`),
        ),
        origin: fc.option(
          fc.constantFrom('http://evil.example', 'null', 'file://', `http://127.0.0.1:${port}`),
        ),
        token: fc.constantFrom('right', 'wrong', 'none'),
        headers: headerPairs.map((pairs) =>
          pairs.filter(([n]) => n !== 'origin' && n !== 'authorization'),
        ),
        target: fc.constantFrom('/api/project', '/api/models/Todo/records', '/api/events', '/'),
      });
      await fc.assert(
        fc.asyncProperty(arbitrary, async (input) => {
          const headers: [string, string][] = [['host', input.host], ...input.headers];
          if (input.origin !== null) headers.push(['origin', input.origin]);
          if (input.token === 'wrong') headers.push(['authorization', 'Bearer x']);
          if (input.token === 'right') headers.push(['authorization', `Bearer ${f.studio.token}`]);
          const all: [string, string][] = [...headers, ['connection', 'close']];
          const request =
            input.target === '/api/events' && input.token === 'right'
              ? requestBytes('HEAD', '/api/project', all)
              : requestBytes('GET', input.target, all);
          const answer = await exchange(port, request);
          expectAnswered(answer);
          expect(answer.headers['access-control-allow-origin']).toBeUndefined();
          // Headers past Node's limit (16 KiB) are refused before any gate: refused all the same.
          if (answer.status === 431) {
            expect(request.length).toBeGreaterThan(16 * 1024);
            return;
          }
          const hostOk =
            input.host.toLowerCase().endsWith(`:${port}`) && !HOSTS.includes(input.host);
          const originOk = input.origin === null || input.origin === `http://127.0.0.1:${port}`;
          if (!hostOk || !originOk) expect(answer.status).toBe(403);
          else if (input.target.startsWith('/api') && input.token !== 'right')
            expect(answer.status).toBe(401);
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_MS,
  );
});

/** The project's model sources and datafiles, to show a refused edit wrote nothing. */
async function projectFiles(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of ['todo.ts', 'user.ts', 'data/todos.db', 'data/users.db'])
    out[name] = await readFile(join(f.dir, name), 'utf8');
  return out;
}

/** A JSON body as text: `"@deep:<n>"` becomes `n` nested arrays, which `JSON.stringify` of a
 * real value that deep would overflow the test's own stack building. */
function bodyText(body: unknown): Buffer {
  return Buffer.from(
    JSON.stringify(body).replace(/"@deep:(\d+)"/g, (_m, n: string) => {
      const levels = Number(n);
      return `${'['.repeat(levels)}1${']'.repeat(levels)}`;
    }),
  );
}

async function postEdit(path: string, body: unknown): Promise<RawExchange> {
  const answer = await send(
    'POST',
    `/api${path}`,
    [['content-type', 'application/json']],
    bodyText(body),
  );
  expectAnswered(answer);
  return answer;
}

/** The hashes an apply needs, as the files are now (`gadget.ts`: a new model's file). */
async function currentHashes(): Promise<Record<string, string | null>> {
  const source = (await f.api('GET', '/models/Todo/source')).json as { file: string; hash: string };
  const user = (await f.api('GET', '/models/User/source')).json as { file: string; hash: string };
  return { [source.file]: source.hash, [user.file]: user.hash, 'gadget.ts': null };
}

/**
 * Each edit is refused with a 422 naming `field` (and a message matching `message`) at the
 * preview and at the apply, and nothing on disk changes.
 */
async function expectRefused(edit: unknown, field: string, message: RegExp): Promise<void> {
  const before = await projectFiles();
  const preview = await postEdit('/model-edits/preview', { edit });
  expect(preview.status, preview.text).toBe(422);
  const error = (JSON.parse(preview.text) as { errors: { field: string; message: string }[] })
    .errors[0]!;
  expect(error.field, preview.text).toBe(field);
  expect(error.message).toMatch(message);
  const apply = await postEdit('/model-edits', { edit, hashes: await currentHashes() });
  expect(apply.status, apply.text).toBe(422);
  expect(await projectFiles()).toEqual(before);
}

describe('hostile model edits on the control API (issue 24 §4)', () => {
  it('refuses a default that is no value of its field, naming it; nothing is written', async () => {
    const cases: [unknown, string, RegExp][] = [
      [
        { kind: 'addField', model: 'Todo', field: { name: 'n', type: 'number' }, default: 'x' },
        'edit.default',
        /is not a value of Todo\.n: must be a number/,
      ],
      [
        {
          kind: 'addField',
          model: 'Todo',
          field: { name: 'n', type: 'number', optional: true, rules: { default: 'x' } },
        },
        'edit.field.rules.default',
        /must be a number/,
      ],
      [
        // A value of the type, but not of the rules.
        {
          kind: 'addField',
          model: 'Todo',
          field: { name: 'n', type: 'number', rules: { min: 5 } },
          default: 3,
        },
        'edit.default',
        /Todo\.n/,
      ],
      [
        // An optional field is absent or a number; null is neither.
        {
          kind: 'addField',
          model: 'Todo',
          field: { name: 'n', type: 'number', optional: true },
          default: null,
        },
        'edit.default',
        /Todo\.n/,
      ],
      [
        {
          kind: 'addField',
          model: 'Todo',
          field: { name: 'level', type: "'low' | 'high'" },
          default: 'medium',
        },
        'edit.default',
        /Todo\.level/,
      ],
      [
        { kind: 'setRules', model: 'Todo', field: 'completed', rules: { default: 'yes' } },
        'edit.rules.default',
        /is not a value of Todo\.completed: must be a boolean/,
      ],
      [
        {
          kind: 'createModel',
          model: {
            name: 'Gadget',
            fields: [{ name: 'tags', type: 'string[]', rules: { default: ['a', 2] } }],
          },
        },
        'edit.model.fields.0.rules.default',
        /Gadget\.tags/,
      ],
    ];
    for (const [edit, field, message] of cases) await expectRefused(edit, field, message);
    // A default of the field's type still previews.
    const fine = await postEdit('/model-edits/preview', {
      edit: {
        kind: 'addField',
        model: 'Todo',
        field: { name: 'level', type: "'low' | 'high' | null", rules: { default: null } },
        default: 'low',
      },
    });
    expect(fine.status, fine.text).toBe(200);
  });

  it('bounds the depth of defaults and the length of names with a 422', async () => {
    await expectRefused(
      {
        kind: 'addField',
        model: 'Todo',
        field: { name: 'n', type: 'number[]', optional: true, rules: { default: '@deep:1000' } },
      },
      'edit.field.rules.default',
      /nested deeper than 32 levels/,
    );
    await expectRefused(
      {
        kind: 'addField',
        model: 'Todo',
        field: { name: 'n', type: 'number[]' },
        default: '@deep:5000',
      },
      'edit.default',
      /nested deeper than 32 levels/,
    );
    await expectRefused(
      { kind: 'setRules', model: 'Todo', field: 'content', rules: { pattern: '@deep:5000' } },
      'edit',
      /nested deeper than 32 levels/,
    );
    await expectRefused(
      { kind: 'createModel', model: { name: `A${'a'.repeat(299)}`, fields: [] } },
      'edit.model.name',
      /at most 64 characters, this one has 300/,
    );
    await expectRefused(
      { kind: 'renameField', model: 'Todo', field: 'content', to: 'a'.repeat(65) },
      'edit.to',
      /at most 64 characters/,
    );
    await expectRefused(
      {
        kind: 'addField',
        model: 'Todo',
        field: { name: 'n', type: `${'('.repeat(20_000)}string${')'.repeat(20_000)}` },
      },
      'edit.field.type',
      /is not a field type/,
    );
    // 32 levels is a default still (of a type no field has, so refused as a value, not a depth).
    const answer = await postEdit('/model-edits/preview', {
      edit: {
        kind: 'addField',
        model: 'Todo',
        field: { name: 'n', type: 'number[]', optional: true },
        default: '@deep:32',
      },
    });
    expect(answer.status).toBe(422);
    expect(answer.text).toMatch(/is not a value of Todo\.n/);
  });

  it('refuses at the preview the names and types the loader would refuse, with the reason', async () => {
    for (const name of ['Object', 'Rest', 'FromDataSource', 'Field', 'HasMany', 'Date', 'Array'])
      await expectRefused(
        { kind: 'createModel', model: { name, fields: [] } },
        'edit.model.name',
        new RegExp(`${name} cannot be a model name: (decorest exports|it would hide)`),
      );
    for (const name of ['constructor', '__proto__', 'prototype', 'hasOwnProperty'])
      await expectRefused(
        { kind: 'addField', model: 'Todo', field: { name, type: 'string', optional: true } },
        'edit.field.name',
        /cannot be a field name: every JavaScript object has a member of that name/,
      );
    await expectRefused(
      { kind: 'renameField', model: 'Todo', field: 'content', to: '__proto__' },
      'edit.to',
      /cannot be a field name/,
    );
    await expectRefused(
      { kind: 'link', parent: 'User', child: 'Todo', hasMany: 'constructor' },
      'edit.hasMany',
      /cannot be a field name/,
    );
    for (const type of [
      'typeof process',
      "import('node:fs').Stats",
      'keyof Todo',
      'string | number',
      'Todo',
      'Array<string>',
      '1 | 2',
      'undefined',
    ])
      await expectRefused(
        { kind: 'addField', model: 'Todo', field: { name: 'n', type, optional: true } },
        'edit.field.type',
        /is not a field type; use string, number, boolean, Date, a union of string literals/,
      );
    await expectRefused(
      {
        kind: 'changeField',
        model: 'Todo',
        field: 'content',
        type: 'typeof globalThis',
        optional: false,
      },
      'edit.type',
      /is not a field type/,
    );
    await expectRefused(
      { kind: 'setRules', model: 'Todo', field: 'content', rules: { minLength: 1, type: 'x' } },
      'edit.rules.type',
      /is not a rule the studio writes/,
    );
    // What the studio offers still previews.
    for (const type of ['Date', 'string[] | null', "('a' | 'b')[]", "'low' | 'high'", 'boolean']) {
      const answer = await postEdit('/model-edits/preview', {
        edit: { kind: 'addField', model: 'Todo', field: { name: 'n', type, optional: true } },
      });
      expect(answer.status, `${type}: ${answer.text}`).toBe(200);
    }
  });

  it(
    'answers any model edit preview with a success or a 4xx, and writes nothing',
    async () => {
      const value = fc.oneof(
        jsonValueText(['name', 'type', 'rules', 'default', 'optional', 'target']),
        fc.constantFrom(...EDIT_VALUES),
        fc.constantFrom(...deepNesting('name', 5_000).slice(0, 2)),
      );
      const arbitrary = fc.constantFrom(...Object.keys(BASE_EDITS)).chain((kind) =>
        fc.record({
          kind: fc.constant(kind),
          members: fc.array(fc.tuple(fc.constantFrom(...EDIT_PATHS[kind]!), value), {
            minLength: 1,
            maxLength: 3,
          }),
        }),
      );
      const before = await projectFiles();
      await fc.assert(
        fc.asyncProperty(arbitrary, async ({ kind, members }) => {
          const answer = await send(
            'POST',
            '/api/model-edits/preview',
            [['content-type', 'application/json']],
            editText(kind, members),
          );
          expectAnswered(answer);
        }),
        { numRuns: RUNS },
      );
      expect(await projectFiles()).toEqual(before);
    },
    PROPERTY_MS,
  );
});

/** A valid edit of each kind, so a hostile member meets an edit that gets far. */
const BASE_EDITS: Record<string, Record<string, unknown>> = {
  createModel: { model: { name: 'Gadget', fields: [{ name: 'n', type: 'number' }] } },
  addField: { model: 'Todo', field: { name: 'n', type: 'number', optional: true } },
  renameField: { model: 'Todo', field: 'content', to: 'title' },
  removeField: { model: 'Todo', field: 'completed' },
  changeField: { model: 'Todo', field: 'content', type: 'string', optional: false },
  setRules: { model: 'Todo', field: 'content', rules: { minLength: 1 } },
  link: { parent: 'User', child: 'Todo', hasMany: 'items', belongTo: 'owner' },
};

/** Where a hostile value goes in an edit of each kind (`0`: an array index). */
const EDIT_PATHS: Record<string, string[]> = {
  createModel: [
    'model',
    'model.name',
    'model.fields',
    'model.fields.0',
    'model.fields.0.name',
    'model.fields.0.type',
    'model.fields.0.rules',
    'model.fields.0.rules.default',
    'model.fields.0.rules.pattern',
    'model.belongTo',
    'model.belongTo.0',
    'model.belongTo.0.target',
    'model.belongTo.0.field',
    'model.belongTo.0.hasMany',
  ],
  addField: [
    'model',
    'field',
    'field.name',
    'field.type',
    'field.optional',
    'field.rules',
    'field.rules.default',
    'field.rules.pattern',
    'field.rules.min',
    'default',
  ],
  renameField: ['model', 'field', 'to', 'migrate'],
  removeField: ['model', 'field', 'migrate'],
  changeField: ['model', 'field', 'type', 'optional', 'convert'],
  setRules: ['model', 'field', 'rules', 'rules.default', 'rules.pattern', 'rules.min', 'fit'],
  link: ['parent', 'child', 'hasMany', 'belongTo'],
};

/** Values that are almost right, or wrong in the ways that used to reach a 500. */
const EDIT_VALUES = [
  '"Todo"',
  '"User"',
  '"content"',
  '"number"',
  '"Date"',
  `"'a' | 'b'"`,
  '"typeof process"',
  `"${'('.repeat(20_000)}string${')'.repeat(20_000)}"`,
  '"Object"',
  '"constructor"',
  '"__proto__"',
  `"A${'a'.repeat(299)}"`,
  'true',
  '5',
  '"x"',
  'null',
  '[]',
  '{"name":"n","type":"number","optional":true}',
  '{"default":"x","min":1}',
  '{"min":5,"max":1}',
  '{"pattern":"("}',
  '{"pattern":5}',
  '{"target":"User","field":"owner"}',
  `${'['.repeat(1_000)}1${']'.repeat(1_000)}`,
  '{"__proto__":{"polluted":1}}',
];

/** The edit `kind` with each `[path, value text]` set in its base, as JSON text. */
function editText(kind: string, members: [string, string][]): Buffer {
  const edit: Record<string, unknown> = { kind, ...structuredClone(BASE_EDITS[kind]) };
  members.forEach(([path], i) => {
    const keys = path.split('.');
    let node: Record<string, unknown> = edit;
    for (const key of keys.slice(0, -1)) {
      const next = node[key];
      if (next === null || typeof next !== 'object') node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    node[keys[keys.length - 1]!] = `@value:${i}`;
  });
  const text = JSON.stringify({ edit }).replace(
    /"@value:(\d+)"/g,
    (_m, i: string) => members[Number(i)]![1],
  );
  return Buffer.from(text);
}

describe('concurrent saves and reloads on the control API (issue 24 §4)', () => {
  it('answers 20 concurrent Save as seed with 200; the seed files are valid JSON', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => f.api('POST', '/data/seed')),
    );
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    const result = answers[0]!.json as { models: { file: string; count: number }[] };
    expect(result.models.length).toBeGreaterThan(0);
    for (const { file, count } of result.models) {
      const rows = JSON.parse(await readFile(join(f.dir, file), 'utf8')) as unknown[];
      expect(rows).toHaveLength(count);
    }
    // No temp file is left beside them.
    expect((await readdir(join(f.dir, 'seed'))).filter((n) => !n.endsWith('.json'))).toEqual([]);
  });

  it('serves control reads during reloads: no 409, no 5xx', async () => {
    const reads: Promise<{ status: number; text: string }>[] = [];
    const reloads: Promise<{ status: number; text: string }>[] = [];
    for (let i = 0; i < 5; i++) {
      reloads.push(f.api('POST', '/project/reload'));
      for (let j = 0; j < 20; j++)
        reads.push(f.api('GET', j % 2 === 0 ? '/models' : '/models/Todo/records'));
    }
    // More reads while the reloads are still queued behind one another.
    for (let j = 0; j < 100; j++)
      reads.push(f.api('GET', j % 2 === 0 ? '/models' : '/models/Todo/records?limit=5'));
    for (const answer of await Promise.all(reloads)) expect(answer.status, answer.text).toBe(200);
    for (const answer of await Promise.all(reads)) expect(answer.status, answer.text).toBe(200);
  });

  it('serves control reads while another folder opens, then the other folder', async () => {
    const other = await copyProject(EXAMPLES.todo);
    try {
      const reads = Array.from({ length: 100 }, () => f.api('GET', '/models'));
      const opened = f.api('POST', '/project/open', { dir: other });
      reads.push(...Array.from({ length: 100 }, () => f.api('GET', '/models')));
      expect((await opened).status).toBe(200);
      for (const answer of await Promise.all(reads)) expect(answer.status, answer.text).toBe(200);
      expect(((await f.api('GET', '/project')).json as { root: string }).root).toBe(other);
    } finally {
      await f.api('POST', '/project/open', { dir: f.dir });
      await rm(other, { recursive: true, force: true });
    }
  });
});
