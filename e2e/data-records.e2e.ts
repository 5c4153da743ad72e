/**
 * The Data view's records: added and deleted from the toolbar (Delete asks first), imported
 * from a JSON file (every bad row named) and exported, another client's writes shown without a
 * refresh, filters by text and by field=value run on the server, and a named-datasource model
 * shown read-only with the reason.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { api, data, useDataView } from './data-view.js';
import { eventually } from './fixtures.js';

const session = useDataView();

describe('Data view', () => {
  it('adds and deletes records', async () => {
    const before = (await api('/todos')).body.length;
    await data.toolbar.getByRole('button', { name: 'Add record' }).click();
    const dialog = session.ui.page.getByRole('dialog', { name: 'New Todo' });
    await dialog
      .getByLabel('Record JSON')
      .fill('{"content":"Added from the grid","completed":true,"user":null}');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });
    const todos = (await api('/todos')).body as unknown as { id: number; content: string }[];
    expect(todos).toHaveLength(before + 1);
    const added = todos.at(-1)!;
    expect(added.content).toBe('Added from the grid');
    await data.row('Todo', added.id).waitFor();

    // The Delete key asks first; Cancel keeps the record.
    await (await data.cell('Todo', added.id, 'content')).click();
    await session.ui.page.keyboard.press('Delete');
    const confirm = session.ui.page.getByRole('dialog', { name: `Delete Todo ${added.id}?` });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect((await api(`/todos/${added.id}`)).status).toBe(200);

    await data.toolbar.getByRole('button', { name: `Delete record ${added.id}` }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await eventually(async () => expect((await api(`/todos/${added.id}`)).status).toBe(404));
    await data.row('Todo', added.id).waitFor({ state: 'detached' });
    // The record is gone, so nothing offers to delete it again.
    expect(await data.toolbar.getByRole('button', { name: /^Delete record/ }).isDisabled()).toBe(
      true,
    );
  });

  it('imports a JSON file naming every bad row, then a good one, and exports', async () => {
    const bad = join(session.studio.dir, 'bad.json');
    await writeFile(
      bad,
      JSON.stringify([
        { content: 'ok', completed: false },
        { content: 1, completed: 'no' },
        { content: 'x' },
      ]),
    );
    await data.toolbar.getByLabel('Import JSON file').setInputFiles(bad);
    const problem = data.problem;
    await problem.waitFor();
    const text = await problem.innerText();
    expect(text).toMatch(/\[1\]\.content/);
    expect(text).toMatch(/\[1\]\.completed/);
    expect(text).toMatch(/\[2\]\.completed/);
    await problem.getByRole('button', { name: 'Dismiss problem' }).click();

    const good = join(session.studio.dir, 'good.json');
    await writeFile(
      good,
      JSON.stringify([
        { content: 'Imported one', completed: false },
        { content: 'Imported two', completed: true },
      ]),
    );
    await data.toolbar.getByLabel('Import JSON file').setInputFiles(good);
    await session.ui.page.getByText('Imported 2 records.').waitFor();
    const contents = ((await api('/todos')).body as unknown as { content: string }[]).map(
      (t) => t.content,
    );
    expect(contents).toEqual(expect.arrayContaining(['Imported one', 'Imported two']));

    const [download] = await Promise.all([
      session.ui.page.waitForEvent('download'),
      data.toolbar.getByRole('button', { name: 'Export JSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('todos.json');
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as unknown[];
    expect(exported).toEqual((await api('/todos')).body);
  });

  it('shows records another client writes without a refresh', async () => {
    const created = await api('/todos', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ content: 'Written by curl', completed: false }),
    });
    expect(created.status).toBe(201);
    await data
      .row('Todo', created.body.id as number)
      .getByText('Written by curl')
      .waitFor();
  });

  it('filters by text and by field=value, on the server', async () => {
    await session.ui.page.getByLabel('Filter records').fill('completed=true');
    const all = (await api('/todos')).body as unknown as { completed: boolean }[];
    const done = all.filter((t) => t.completed).length;
    // Out of how many: the model's count.
    await eventually(async () =>
      expect(await data.count.innerText()).toBe(`${done} of ${all.length} records`),
    );
    await session.ui.page.getByLabel('Filter records').fill('Written by curl');
    await eventually(async () =>
      expect(await data.count.innerText()).toBe(`1 of ${all.length} records`),
    );
    // A name that is no field is ignored by the API: the view says so instead of showing
    // every record as a match.
    await session.ui.page.getByLabel('Filter records').fill('colour=red');
    await session.ui.page.getByText('colour: not a field of Todo, ignored').waitFor();
    await session.ui.page.getByLabel('Filter records').fill('no such text anywhere');
    await session.ui.page.getByText('No record matches the filter').waitFor();
    await session.ui.page.getByLabel('Filter records').fill('');
    await eventually(async () =>
      expect(await data.count.innerText()).toBe(`${all.length} records`),
    );
  });

  it('shows a named-datasource model read-only and says why', async () => {
    await data.chooseModel('Quote');
    await data.grid('Quote').waitFor();
    // The server bar's "Records in files" is a note too: this one is the grid's banner.
    const banner = session.ui.page.getByRole('note').filter({ hasText: 'Read-only' });
    expect(await banner.innerText()).toMatch(/Read-only[\s\S]*quotes/);
    expect(await data.toolbar.getByRole('button', { name: 'Add record' }).count()).toBe(0);
    const problems = session.ui.problems.filter((p) => !/status of 4\d\d/.test(p));
    expect(problems).toEqual([]);
  });
});
