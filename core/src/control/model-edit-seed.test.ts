/**
 * Issue 23 against a real studio: a model edit carries the seed with the records (a rename
 * that left `seed/` behind made Reset to seed refuse it), and a tightened rule counts what it
 * breaks at the preview, then fits the values or keeps them, as the user chose.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type {
  ModelEdit,
  ModelEditPreview,
  ModelEditResult,
  Problem,
} from '../contract/control-api.js';
import { EXAMPLES } from '../test-support/project-server.js';
import {
  readEvents,
  startStudioFixture,
  type StudioFixture,
} from '../test-support/studio-fixture.js';
import { hashesOf, RENAME_CONTENT } from './test-support/model-edits.js';

let f: StudioFixture;
beforeEach(async () => {
  f = await startStudioFixture(EXAMPLES.todo);
});
afterEach(async () => {
  await f.dispose();
});

type Row = Record<string, unknown>;

async function seedRows(): Promise<Row[]> {
  return JSON.parse(await readFile(join(f.dir, 'seed', 'todos.json'), 'utf8')) as Row[];
}

async function preview(edit: ModelEdit): Promise<ModelEditPreview> {
  const answer = await f.api('POST', '/model-edits/preview', { edit });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as ModelEditPreview;
}

async function apply(edit: ModelEdit, seen: ModelEditPreview) {
  return f.api('POST', '/model-edits', { edit, hashes: hashesOf(seen) });
}

describe('a model edit and the seed', () => {
  it('renames the key in the seed with the records, so Reset to seed still works', async () => {
    const before = await seedRows();
    const edit = RENAME_CONTENT;
    const seen = await preview(edit);
    expect(seen.migration).toMatchObject({ action: 'rename', seedRecords: before.length });
    const done = (await apply(edit, seen)).json as ModelEditResult;
    expect(done.seedMigrated).toBe(before.length);
    const after = await seedRows();
    expect(after.map((r) => r['title'])).toEqual(before.map((r) => r['content']));
    expect(after.every((r) => !('content' in r))).toBe(true);

    const reset = await f.api('POST', '/data/reset');
    expect(reset.status, reset.text).toBe(200);
    const todos = (await f.mock('GET', '/todos')).json as Row[];
    expect(todos.map((t) => t['title'])).toEqual(before.map((r) => r['content']));
  });

  it('drops a removed field from the seed, and fills a new field’s default there', async () => {
    const removed = await preview({
      kind: 'removeField',
      model: 'Todo',
      field: 'completed',
      migrate: true,
    });
    await apply({ kind: 'removeField', model: 'Todo', field: 'completed', migrate: true }, removed);
    expect((await seedRows()).some((r) => 'completed' in r)).toBe(false);

    const added: ModelEdit = {
      kind: 'addField',
      model: 'Todo',
      field: { name: 'rank', type: 'number' },
      default: 5,
    };
    const seen = await preview(added);
    expect(seen.migration?.seedRecords).toBe((await seedRows()).length);
    await apply(added, seen);
    expect((await seedRows()).every((r) => r['rank'] === 5)).toBe(true);
    expect((await f.api('POST', '/data/reset')).status).toBe(200);
  });

  it('names the seed rows a new required field without default leaves invalid', async () => {
    // The records are emptied (no default asked for them); the seed still holds rows.
    for (const todo of (await f.mock('GET', '/todos')).json as Row[])
      await f.mock('DELETE', `/todos/${String(todo['id'])}`);
    const rows = (await seedRows()).length;
    const seen = await preview({
      kind: 'addField',
      model: 'Todo',
      field: { name: 'rank', type: 'number' },
    });
    expect(seen.breaking).toMatchObject({ field: 'rank', records: 0, seedRecords: rows });
    expect(seen.breaking!.examples[0]).toBe('seed/todos.json row 0: rank is required');
  });
});

describe('a tightened rule', () => {
  const tighten = (rules: Record<string, number>, fit?: boolean): ModelEdit => ({
    kind: 'setRules',
    model: 'Todo',
    field: 'content',
    rules,
    ...(fit === undefined ? {} : { fit }),
  });

  it('counts the records and seed rows it breaks; kept, their writes are refused', async () => {
    const stored = (await f.mock('GET', '/todos')).json as Row[];
    const long = stored.filter((t) => String(t['content']).length > 10);
    const seen = await preview(tighten({ maxLength: 10 }));
    expect(long.length).toBeGreaterThan(0);
    expect(seen.breaking).toMatchObject({
      field: 'content',
      records: long.length,
      seedRecords: (await seedRows()).filter((r) => String(r['content']).length > 10).length,
      fittable: true,
    });
    expect(seen.breaking!.examples[0]).toBe(
      `record ${String(long[0]!['id'])}: must be at most 10 characters long`,
    );
    expect(seen.migration).toBeUndefined();
    expect((await apply(tighten({ maxLength: 10 }), seen)).status).toBe(200);
    // Kept as stored: what the preview warned about.
    const patch = await f.mock('PATCH', `/todos/${String(long[0]!['id'])}`, { completed: true });
    expect(patch.status).toBe(422);
  });

  it('fits the values inside the new rule, records and seed alike', async () => {
    const seen = await preview(tighten({ maxLength: 10 }, true));
    expect(seen.migration).toMatchObject({ action: 'fit', field: 'content' });
    expect(seen.migration!.records).toBe(seen.breaking!.records);
    expect(seen.migration!.seedRecords).toBe(seen.breaking!.seedRecords);
    const before = await seedRows();
    expect((await apply(tighten({ maxLength: 10 }, true), seen)).status).toBe(200);
    expect((await seedRows()).map((r) => r['content'])).toEqual(
      before.map((r) => String(r['content']).slice(0, 10)),
    );
    const todos = (await f.mock('GET', '/todos')).json as Row[];
    expect(todos.every((t) => String(t['content']).length <= 10)).toBe(true);
    const patch = await f.mock('PATCH', `/todos/${String(todos[0]!['id'])}`, { completed: true });
    expect(patch.status).toBe(200);
    expect((await f.api('POST', '/data/reset')).status).toBe(200);
  });

  it('refuses a fit no bound can make, writing nothing', async () => {
    const file = join(f.dir, 'todo.ts');
    const sourceBefore = await readFile(file, 'utf8');
    const seedBefore = await seedRows();
    const seen = await f.api('POST', '/model-edits/preview', { edit: tighten({ minLength: 500 }) });
    expect((seen.json as ModelEditPreview).breaking?.fittable).toBe(false);
    const refused = await f.api('POST', '/model-edits/preview', {
      edit: tighten({ minLength: 500 }, true),
    });
    expect(refused.status).toBe(422);
    expect((refused.json as Problem).title).toMatch(
      /Todo records have a content that no bound of the new rules can mend/,
    );
    expect(await readFile(file, 'utf8')).toBe(sourceBefore);
    expect(await seedRows()).toEqual(seedBefore);
  });
});

describe('a migration and the event stream (issue 25)', () => {
  it('publishes the migrated records like every other write', async () => {
    const events = await readEvents(f.base, f.studio.token);
    try {
      const edit = RENAME_CONTENT;
      const seen = await preview(edit);
      expect((await apply(edit, seen)).status).toBe(200);
      await events.waitFor((all) =>
        all.some(
          (e) =>
            e.type === 'records' &&
            e.model === 'Todo' &&
            e.op === 'update' &&
            e.ids.length === seen.migration!.records,
        ),
      );
    } finally {
      events.close();
    }
  });
});
