/** Issue 17 against a real studio: read a model's source, preview, apply, create, migrate. */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type {
  ModelEdit,
  ModelEditPreview,
  ModelEditResult,
  ModelInfo,
  ModelSource,
  Problem,
  RouteInfo,
} from '../contract/control-api.js';
import { EXAMPLES } from '../test-support/project-server.js';
import { startStudioFixture, type StudioFixture } from '../test-support/studio-fixture.js';

let f: StudioFixture;
beforeEach(async () => {
  f = await startStudioFixture(EXAMPLES.todo);
});
afterEach(async () => {
  await f.dispose();
});

async function source(model: string): Promise<ModelSource> {
  return (await f.api('GET', `/models/${model}/source`)).json as ModelSource;
}

async function previewAndApply(edit: ModelEdit): Promise<ModelEditResult> {
  const preview = (await f.api('POST', '/model-edits/preview', { edit })).json as ModelEditPreview;
  const hashes = Object.fromEntries(preview.files.map((p) => [p.file, p.hash]));
  const answer = await f.api('POST', '/model-edits', { edit, hashes });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as ModelEditResult;
}

describe('model edit operations', () => {
  it('reads a model file with its hash and decorator ranges', async () => {
    const src = await source('Todo');
    expect(src.text).toBe(await readFile(join(f.dir, 'todo.ts'), 'utf8'));
    expect(src.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(src.decorators.map((d) => d.name)).toEqual(['Rest', 'FromDataSource', 'BelongTo']);
    const rest = src.decorators[0]!;
    expect(src.text.slice(rest.from, rest.to)).toBe('@Rest');
    expect((await f.api('GET', '/models/Nope/source')).status).toBe(404);
  });

  it('previews without writing, then applies; a file changed since is a 409', async () => {
    const before = await readFile(join(f.dir, 'todo.ts'), 'utf8');
    const edit: ModelEdit = {
      kind: 'addField',
      model: 'Todo',
      field: { name: 'due', type: 'Date', optional: true },
    };
    const preview = (await f.api('POST', '/model-edits/preview', { edit }))
      .json as ModelEditPreview;
    expect(preview.files).toHaveLength(1);
    expect(preview.files[0]!.diff).toContain('+  due?: Date;');
    expect(await readFile(join(f.dir, 'todo.ts'), 'utf8')).toBe(before);
    await writeFile(join(f.dir, 'todo.ts'), `${before}// edited by hand\n`);
    const stale = await f.api('POST', '/model-edits', {
      edit,
      hashes: { [preview.files[0]!.file]: preview.files[0]!.hash },
    });
    expect(stale.status).toBe(409);
    expect((stale.json as Problem).detail).toMatch(/todo\.ts changed on disk since it was read/);
    const result = await previewAndApply(edit);
    expect(result.project.state).toBe('loaded');
    const todo = ((await f.api('GET', '/models')).json as ModelInfo[]).find(
      (m) => m.name === 'Todo',
    )!;
    expect(todo.fields.map((x) => x.name)).toContain('due');
    expect(await readFile(join(f.dir, 'todo.ts'), 'utf8')).toContain('// edited by hand\n');
  });

  it('a required field on a model with records asks for a default, then fills it', async () => {
    await f.mock('POST', '/todos', { content: 'a', completed: false });
    const edit: ModelEdit = {
      kind: 'addField',
      model: 'Todo',
      field: { name: 'priority', type: 'number' },
    };
    const refused = await f.api('POST', '/model-edits/preview', { edit });
    expect(refused.status).toBe(422);
    expect(refused.text).toMatch(/need a value for the required field priority/);
    await previewAndApply({ ...edit, default: 3 });
    const todos = (await f.mock('GET', '/todos')).json as { priority: number }[];
    expect(todos.length).toBeGreaterThan(0);
    expect(todos.every((t) => t.priority === 3)).toBe(true);
  });

  it('renames a field with migration: every record gets the new key', async () => {
    const created = (await f.mock('POST', '/todos', { content: 'keep me', completed: true }))
      .json as { id: number };
    const edit: ModelEdit = {
      kind: 'renameField',
      model: 'Todo',
      field: 'content',
      to: 'title',
      migrate: true,
    };
    const preview = (await f.api('POST', '/model-edits/preview', { edit }))
      .json as ModelEditPreview;
    expect(preview.migration).toMatchObject({ action: 'rename', field: 'content', to: 'title' });
    expect(preview.migration!.records).toBeGreaterThan(0);
    const result = await previewAndApply(edit);
    expect(result.migrated).toBe(preview.migration!.records);
    const read = (await f.mock('GET', `/todos/${created.id}`)).json as Record<string, unknown>;
    expect(read['title']).toBe('keep me');
    expect(read).not.toHaveProperty('content');
  });

  it('converts the stored values when a type changes, all or nothing', async () => {
    const file = join(f.dir, 'todo.ts');
    const datafile = join(f.dir, 'data', 'todos.db');
    const sourceBefore = await readFile(file, 'utf8');
    const dataBefore = await readFile(datafile, 'utf8');
    // Todo.content holds sentences: none reads as a number, so nothing is written.
    const refused: ModelEdit = {
      kind: 'changeField',
      model: 'Todo',
      field: 'content',
      type: 'number',
      optional: false,
      convert: true,
    };
    for (const [path, body] of [
      ['/model-edits/preview', { edit: refused }],
      ['/model-edits', { edit: refused, hashes: { [file]: (await source('Todo')).hash } }],
    ] as const) {
      const answer = await f.api('POST', path, body);
      expect(answer.status, answer.text).toBe(422);
      const problem = answer.json as Problem;
      expect(problem.title).toMatch(/records have a content that cannot become number/);
      expect(problem.errors![0]).toMatchObject({ field: 'Todo[id=1].content' });
      // The first five are named; the rest are counted, so the list never stops silently.
      const failures = Number(/^(\d+) /.exec(problem.title)![1]);
      expect(failures).toBeGreaterThan(5);
      expect(problem.errors).toHaveLength(6);
      expect(problem.errors![5]).toEqual({
        field: 'Todo.content',
        message: `and ${failures - 5} more ${failures - 5 === 1 ? 'record' : 'records'}`,
      });
    }
    expect(await readFile(file, 'utf8')).toBe(sourceBefore);
    expect(await readFile(datafile, 'utf8')).toBe(dataBefore);

    // Todo.completed → string: every stored boolean becomes its text, then back again.
    const toText: ModelEdit = { ...refused, field: 'completed', type: 'string' };
    const preview = (await f.api('POST', '/model-edits/preview', { edit: toText }))
      .json as ModelEditPreview;
    expect(preview.migration).toMatchObject({
      action: 'convert',
      field: 'completed',
      to: 'string',
    });
    const result = await previewAndApply(toText);
    expect(result.migrated).toBe(preview.migration!.records);
    expect(result.migrated).toBeGreaterThan(0);
    const todo = (await f.mock('GET', '/todos/1')).json as Record<string, unknown>;
    expect(todo['completed']).toBe('true');
    expect(await readFile(datafile, 'utf8')).toContain('"completed":"true"');
    await previewAndApply({ ...toText, type: 'boolean' });
    expect(((await f.mock('GET', '/todos/1')).json as Record<string, unknown>)['completed']).toBe(
      true,
    );
  });

  it('creates a model that belongs to an existing one; its endpoints serve', async () => {
    const body = {
      model: {
        name: 'Tag',
        fields: [{ name: 'label', type: 'string', rules: { minLength: 1 } }],
        belongTo: [{ target: 'User' }],
      },
    };
    const preview = (
      await f.api('POST', '/model-edits/preview', { edit: { kind: 'createModel', ...body } })
    ).json as ModelEditPreview;
    expect(preview.files.map((p) => [p.relative, p.created])).toEqual([
      ['tag.ts', true],
      ['user.ts', false],
    ]);
    const hashes = Object.fromEntries(preview.files.map((p) => [p.relative, p.hash]));
    const answer = await f.api('POST', '/models', { ...body, hashes });
    expect(answer.status, answer.text).toBe(201);
    const routes = (await f.api('GET', '/routes')).json as RouteInfo[];
    expect(routes.some((r) => r.path === '/tags' && r.method === 'GET')).toBe(true);
    expect(routes.some((r) => r.path === '/users/:id/tags')).toBe(true);
    const tag = await f.mock('POST', '/tags', { label: 'x', user: 1 });
    expect(tag.status, tag.text).toBe(201);
    expect((await f.api('POST', '/models', { ...body, hashes })).status).toBe(422);
  });

  it('refuses at the preview a rule the loader would refuse, naming it', async () => {
    const cases: [unknown, string, RegExp][] = [
      [
        {
          kind: 'setRules',
          model: 'Todo',
          field: 'content',
          rules: { minLength: 10, maxLength: 5 },
        },
        'edit.rules',
        /minLength \(10\) is above maxLength \(5\)/,
      ],
      [
        {
          kind: 'addField',
          model: 'Todo',
          field: { name: 'code', type: 'string', optional: true, rules: { pattern: '[' } },
        },
        'edit.field.rules',
        /pattern is not a valid regular expression/,
      ],
      [
        {
          kind: 'createModel',
          model: {
            name: 'Gadget',
            fields: [{ name: 'size', type: 'number', rules: { min: 3, max: 1 } }],
          },
        },
        'edit.model.fields.0.rules',
        /min \(3\) is above max \(1\)/,
      ],
    ];
    for (const [edit, field, message] of cases) {
      const answer = await f.api('POST', '/model-edits/preview', { edit });
      expect(answer.status, answer.text).toBe(422);
      const error = (answer.json as { errors: { field: string; message: string }[] }).errors[0]!;
      expect(error.field).toBe(field);
      expect(error.message).toMatch(message);
    }
  });

  it('answers a malformed edit with a 422 naming the member, never a 500', async () => {
    const bodies: unknown[] = [
      {},
      { edit: { kind: 'drop' } },
      { edit: { kind: 'addField', model: 'Todo' } },
      {
        edit: {
          kind: 'addField',
          model: 'Todo',
          field: { name: 'x', type: "string = require('fs')" },
        },
      },
      { edit: { kind: 'renameField', model: 'Todo', field: 'content', to: 7 } },
      { edit: { kind: 'renameField', model: 'Todo', field: 'content', to: '../x' } },
      { edit: { kind: 'createModel', model: { name: '../../evil', fields: [] } } },
      { edit: { kind: 'createModel', model: { name: 'Ok', fields: [1] } } },
      { edit: { kind: 'changeField', model: 'Todo', field: 'content', type: 'string' } },
      {
        edit: {
          kind: 'changeField',
          model: 'Todo',
          field: 'content',
          type: 'string',
          optional: false,
          convert: 'yes',
        },
      },
      {
        edit: {
          kind: 'changeField',
          model: 'Todo',
          field: 'content',
          type: "'a' | 'b'",
          optional: false,
          convert: true,
        },
      },
    ];
    for (const body of bodies) {
      const answer = await f.api('POST', '/model-edits/preview', body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
    }
    expect(
      (
        await f.api('POST', '/model-edits/preview', {
          edit: { kind: 'removeField', model: 'Nope', field: 'x' },
        })
      ).status,
    ).toBe(404);
  });
});
