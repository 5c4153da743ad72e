/**
 * The one write path (issue 11), driven directly as the control API and dao() drive it: the
 * same validation, parent rules and store mapping as the HTTP routes, every write published.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { ProjectRuntime } from '../../project/open-project.js';
import { serveCopy, type ServedProject } from '../../test-support/project-server.js';
import { problemOf } from '../../test-support/rejected-problem.js';
import type { ModelRuntime } from '../model-runtime.js';
import type { RecordChange } from './record-changes.js';
import { importRecords } from './record-import.js';
import { createRecord, deleteRecord, patchRecord, replaceRecord } from './record-writes.js';
import { markValidated } from './validated-bodies.js';

const FIXTURE = new URL('./fixtures/optional-fields', import.meta.url).pathname;

let served: ServedProject;
let project: ProjectRuntime;
let changes: RecordChange[];
const model = (name: string): ModelRuntime => project.runtimes.find((r) => r.schema.name === name)!;

beforeEach(async () => {
  served = await serveCopy(FIXTURE);
  project = served.project;
  changes = [];
  project.changes.subscribe((c) => changes.push(c));
});
afterEach(async () => {
  await served.dispose();
});

describe('the write path', () => {
  it('creates, replaces, patches and deletes, publishing each change with its ids', async () => {
    const owner = await createRecord(model('Owner'), { name: 'Ann' });
    const p = await createRecord(model('Profile'), { name: 'p', note: null, owner: owner.id });
    await replaceRecord(model('Profile'), p.id, { name: 'q', note: 'x' });
    await patchRecord(model('Profile'), p.id, { age: 3 });
    await deleteRecord(model('Profile'), p.id);
    expect(changes).toEqual([
      { model: 'Owner', op: 'create', ids: [owner.id] },
      { model: 'Profile', op: 'create', ids: [p.id] },
      { model: 'Profile', op: 'update', ids: [p.id] },
      { model: 'Profile', op: 'update', ids: [p.id] },
      { model: 'Profile', op: 'delete', ids: [p.id] },
    ]);
  });

  it('publishes the children a delete rule nulled', async () => {
    const owner = await createRecord(model('Owner'), { name: 'Ann' });
    const a = await createRecord(model('Profile'), { name: 'a', note: null, owner: owner.id });
    const b = await createRecord(model('Profile'), { name: 'b', note: null, owner: owner.id });
    changes.length = 0;
    await deleteRecord(model('Owner'), owner.id);
    expect(changes).toEqual([
      { model: 'Profile', op: 'update', ids: [a.id, b.id] },
      { model: 'Owner', op: 'delete', ids: [owner.id] },
    ]);
  });

  it('answers the same problems as the HTTP routes: 422 with every field, 404, 409', async () => {
    const invalid = await problemOf(createRecord(model('Profile'), { age: 'x', colour: 1 }));
    expect(invalid.status).toBe(422);
    expect(invalid.errors!.map((e) => e.field).sort()).toEqual(['age', 'colour', 'name', 'note']);
    expect((await problemOf(patchRecord(model('Profile'), 99, { age: 1 }))).status).toBe(404);
    expect((await problemOf(deleteRecord(model('Profile'), 99))).status).toBe(404);
    await createRecord(model('Owner'), { id: 5, name: 'A' });
    expect((await problemOf(createRecord(model('Owner'), { id: 5, name: 'B' }))).status).toBe(409);
    const orphan = await problemOf(
      createRecord(model('Profile'), { name: 'p', note: null, owner: 77 }),
    );
    expect(orphan.errors).toEqual([{ field: 'owner', message: 'no owner with id 77' }]);
    expect(changes.map((c) => c.op)).toEqual(['create']);
  });

  it('does not validate again a body bound by req.body(Model) and left untouched', async () => {
    // A record the validator would refuse, marked as already validated: stored as is.
    const bound = { name: 'p', note: null, age: 1 };
    markValidated(bound, { ...bound });
    await expect(createRecord(model('Profile'), bound)).resolves.toMatchObject({ age: 1 });
    // Changed after binding: validated again, so a wrong type is refused.
    const changed = { name: 'p', note: null };
    markValidated(changed, { ...changed });
    (changed as Record<string, unknown>).age = 'old';
    expect((await problemOf(createRecord(model('Profile'), changed))).status).toBe(422);
  });
});

describe('importRecords', () => {
  it('writes nothing when one row is bad, and names every bad row by index', async () => {
    await createRecord(model('Owner'), { id: 1, name: 'Ann' });
    const problem = await problemOf(
      importRecords(model('Profile'), [
        { name: 'ok', note: null },
        { name: 'bad', note: null, age: 'x' },
        { name: 'orphan', note: null, owner: 9 },
        'not an object',
      ]),
    );
    expect(problem.status).toBe(422);
    expect(problem.errors!.map((e) => e.field)).toEqual(['[1].age', '[2].owner', '[3]']);
    expect((await project.runtimes[1]!.store.records()).count()).toBe(0);
    const reopened = await served.restart();
    served = reopened;
    project = reopened.project;
    expect((await model('Profile').store.records()).count()).toBe(0);
  });

  it('refuses ids taken in the store or twice in the file', async () => {
    await createRecord(model('Owner'), { id: 1, name: 'Ann' });
    const problem = await problemOf(
      importRecords(model('Owner'), [
        { id: 1, name: 'taken' },
        { id: 2, name: 'x' },
        { id: 2, name: 'twice' },
      ]),
    );
    expect(problem.errors).toEqual([
      { field: '[0].id', message: 'id 1 is already taken' },
      { field: '[2].id', message: 'appears twice in the import' },
    ]);
  });

  it('writes every row of a clean import, kept after a restart, as one change', async () => {
    const rows = Array.from({ length: 500 }, (_, i) => ({ name: `o${i}` }));
    const saved = await importRecords(model('Owner'), rows);
    expect(saved).toHaveLength(500);
    expect(changes).toEqual([{ model: 'Owner', op: 'import', ids: saved.map((r) => r.id) }]);
    served = await served.restart();
    project = served.project;
    expect((await model('Owner').store.records()).count()).toBe(500);
  });

  it('answers 422 for a body that is not an array', async () => {
    expect((await problemOf(importRecords(model('Owner'), { name: 'x' }))).status).toBe(422);
  });
});
