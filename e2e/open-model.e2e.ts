/**
 * Issue 42: an open model (`@Rest({ open: true })`, as `init --from db.json` writes) closed from
 * the studio. The preview names the records and seed rows holding fields the model does not
 * declare; "Remove the undeclared fields" drops them, the file no longer says open, and the mock
 * API refuses an undeclared field again. Both themes, axe.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { themedShots, useStudioSession } from './fixtures.js';
import { ModelEditPage } from './pages/model-edit.page.js';
import { ModelsPage } from './pages/models.page.js';

const session = useStudioSession(async (dir) => {
  const file = join(dir, 'user.ts');
  await writeFile(
    file,
    (await readFile(file, 'utf8')).replace('@Rest\n', '@Rest({ open: true })\n'),
  );
  await writeFile(
    join(dir, 'seed', 'users.json'),
    JSON.stringify([
      { id: 1, name: 'Ann Lee', nickname: 'ann' },
      { id: 2, name: 'Bob Martin' },
      { id: 3, name: 'Chloé Dubois', likes: 3 },
    ]),
  );
});

describe('Closing an open model (issue 42)', () => {
  it('names what the closed model would refuse, removes it on request, and refuses it after', async () => {
    const { page } = session.ui;
    const models = new ModelsPage(page);
    const edit = new ModelEditPage(page);
    const detail = await models.showModel('User');
    await detail.getByRole('button', { name: 'Close model…' }).click();
    await edit.dialog.getByLabel('Open model (keeps undeclared fields)').uncheck();
    await edit.preview();
    await expect
      .poll(() => edit.dialog.getByRole('note').allInnerTexts())
      .toContainEqual(expect.stringMatching(/record 1: nickname is not a field of User/));
    const group = edit.dialog.getByRole('group', {
      name: 'Stored fields the closed model does not declare',
    });
    await group.getByRole('radio', { name: 'Remove the undeclared fields' }).check();
    await themedShots(page, 'open-model-close');
    await edit.apply();

    expect(await readFile(join(session.studio.dir, 'user.ts'), 'utf8')).not.toMatch(/open/);
    const users = (await (await fetch(`${session.studio.apiUrl}/users`)).json()) as object[];
    expect(users.some((u) => 'nickname' in u || 'likes' in u)).toBe(false);
    const refused = await fetch(`${session.studio.apiUrl}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Dee', likes: 1 }),
    });
    expect(refused.status).toBe(422);
    await detail.getByRole('button', { name: 'Keep undeclared fields…' }).waitFor();
    expect(session.ui.problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
  });
});
