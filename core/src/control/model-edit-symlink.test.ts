/**
 * A model file that is a symlink (a model shared between projects, a dotfiles-style setup):
 * the studio's model edit writes through the link, as an editor's save does, so the link
 * stays a link and the file it points at gets the edit (issue 24 §4).
 */
import { lstat, mkdtemp, readFile, rename, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type {
  ModelEdit,
  ModelEditPreview,
  ModelInfo,
  ProjectStatus,
} from '../contract/control-api.js';
import { startStudioFixture, type StudioFixture } from '../studio/test-support/studio-fixture.js';
import { EXAMPLES } from '../test-support/project-server.js';

let f: StudioFixture;
let elsewhere: string;
beforeEach(async () => {
  f = await startStudioFixture(EXAMPLES.todo);
  elsewhere = await mkdtemp(join(tmpdir(), 'decorest-elsewhere-'));
});
afterEach(async () => {
  await f.dispose();
  await rm(elsewhere, { recursive: true, force: true });
});

describe('a model file that is a symlink', () => {
  it('is edited through the link: the link stays, the file it points at changes', async () => {
    const link = join(f.dir, 'todo.ts');
    const target = join(elsewhere, 'todo.ts');
    await rename(link, target);
    await symlink(target, link);
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
