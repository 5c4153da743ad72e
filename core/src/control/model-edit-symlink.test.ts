/**
 * A model file that is a symlink to another file of the project (one kept in a folder the
 * loader skips): the studio's model edit writes through the link, as an editor's save does, so
 * the link stays a link and the file it points at gets the edit (issue 24 §4). A link leading
 * outside the project is refused instead (issue 40 §2: outside-project.test.ts).
 */
import { lstat, mkdir, readFile, rename, symlink } from 'node:fs/promises';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type {
  ModelEdit,
  ModelEditPreview,
  ModelInfo,
  ProjectStatus,
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

describe('a model file that is a symlink', () => {
  it('is edited through the link: the link stays, the file it points at changes', async () => {
    const link = join(f.dir, 'todo.ts');
    // A dot-folder: the loader skips it, so the model is loaded once, through the link.
    await mkdir(join(f.dir, '.shared'));
    const target = join(f.dir, '.shared', 'todo.ts');
    await rename(link, target);
    await symlink(join('.shared', 'todo.ts'), link);
    const reloaded = await f.api('POST', '/project/reload');
    expect((reloaded.json as ProjectStatus).state, reloaded.text).toBe('loaded');

    const edit: ModelEdit = {
      kind: 'addField',
      model: 'Todo',
      field: { name: 'due', type: 'Date', optional: true },
    };
    const preview = (await f.api('POST', '/model-edits/preview', { edit }))
      .json as ModelEditPreview;
    const hashes = Object.fromEntries(preview.files.map((p) => [p.file, p.hash]));
    const applied = await f.api('POST', '/model-edits', { edit, hashes });
    expect(applied.status, applied.text).toBe(200);

    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readFile(target, 'utf8')).toContain('  due?: Date;\n');
    const models = (await f.api('GET', '/models')).json as ModelInfo[];
    const todo = models.find((m) => m.name === 'Todo')!;
    expect(todo.fields.map((x) => x.name)).toContain('due');
  });
});
