/**
 * `req.body(Model)` then `dao(Model).save(...)` (the spec's hand-written POST) validates the
 * body once (issue 11): the binder's validation is reused by the write path.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createRecord } from '../app/write/record-writes.js';
import type { ModelClass } from '../http/request.js';
import { createBodyBinder } from './body-binder.js';
import { openProject, type ProjectRuntime } from './open-project.js';

const FIXTURE = new URL('../app/write/fixtures/optional-fields', import.meta.url).pathname;

let project: ProjectRuntime;
beforeEach(async () => {
  project = await openProject(FIXTURE, { data: false });
});
afterEach(async () => {
  await project.close();
});

describe('req.body(Model) then a save', () => {
  it('validates the body once, and again only when the handler changed it', async () => {
    const owner = project.runtimes.find((r) => r.schema.name === 'Owner')!;
    const create = vi.spyOn(owner.validator, 'create');
    const bind = createBodyBinder(project.runtimes);
    const instance = bind(owner.schema.ctor as ModelClass, { name: 'Ann' }, '/owners') as {
      name: string;
    };
    expect(instance).toBeInstanceOf(owner.schema.ctor);
    await createRecord(owner, instance);
    expect(create).toHaveBeenCalledTimes(1);
    const changed = bind(owner.schema.ctor as ModelClass, { name: 'Bo' }, '/owners') as {
      name: string;
    };
    changed.name = 'Bob';
    const saved = await createRecord(owner, changed);
    expect(saved.name).toBe('Bob');
    expect(create).toHaveBeenCalledTimes(3);
  });
});
