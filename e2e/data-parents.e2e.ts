/**
 * The Data view's relation cells: each todo's user shown by name and picked by typing or
 * clicking, the picker saying how many parents lie beyond the first 20 (and opening upwards near
 * the bottom), and a todo's user opened from its cell, following a rename by any client.
 */
import { describe, expect, it } from 'vitest';

import { api, data, useDataView } from './data-view.js';
import { eventually, screenshot, themedShots } from './fixtures.js';

const session = useDataView();

describe('Data view', () => {
  it("shows each todo's user by name, and picks another user by typing or clicking", async () => {
    const page = session.ui.page;
    const names: Record<number, string> = { 1: 'Ann Lee', 2: 'Bob Martin', 3: 'Chloé Dubois' };
    const cell = await data.cell('Todo', 3, 'user');
    const user = async () => (await api('/todos/3')).body.user;
    const before = (await user()) as number;
    await eventually(async () => expect(await cell.innerText()).toBe(`${before} ${names[before]}`));

    await cell.dblclick();
    const editor = page.getByRole('combobox', { name: 'Edit user of record 3' });
    const list = page.getByRole('listbox', { name: 'User records' });
    // Opened: the first users to pick from, each with its name, the cell's own marked.
    await list.getByRole('option', { name: '1 Ann Lee' }).waitFor();
    expect(
      await list.getByRole('option', { name: `${before} ${names[before]}` }).innerText(),
    ).toMatch(/current$/);
    const other = before === 2 ? 3 : 2;
    await editor.fill(names[other]!.split(' ')[0]!);
    await eventually(async () =>
      expect(await list.getByRole('option').allInnerTexts()).toEqual([`${other} ${names[other]}`]),
    );
    await themedShots(page, 'data-parent-picker');
    await editor.press('ArrowDown');
    await editor.press('Enter');
    await eventually(async () => expect(await user()).toBe(other));
    await eventually(async () => expect(await cell.innerText()).toBe(`${other} ${names[other]}`));
    expect(await list.isHidden()).toBe(true);

    // A click on a suggestion picks it.
    await cell.dblclick();
    await list.getByRole('option', { name: '1 Ann Lee' }).click();
    await eventually(async () => expect(await user()).toBe(1));
    // A name and Enter: its first match, even typed faster than the list follows.
    await cell.dblclick();
    await editor.press('Control+a');
    await page.keyboard.type('chloé');
    await page.keyboard.press('Enter');
    await eventually(async () => expect(await user()).toBe(3));
    // A typed id is looked up, and Tab saves it.
    await cell.dblclick();
    await editor.fill('2');
    await eventually(async () =>
      expect(await list.getByRole('option').allInnerTexts()).toEqual(['2 Bob Martin']),
    );
    await editor.press('Tab');
    await eventually(async () => expect(await user()).toBe(2));
    // A name nobody has: Enter saves nothing and the list says why; Escape leaves the cell.
    await cell.dblclick();
    await editor.fill('zzzz');
    await list.getByText('No User matches “zzzz”').waitFor();
    await editor.press('Enter');
    await editor.press('Escape');
    await editor.waitFor({ state: 'detached' });
    expect(await user()).toBe(2);
    // The 422 of the test above is logged by the browser as a failed load; nothing else.
    expect(session.ui.problems.filter((p) => !/status of 422/.test(p))).toEqual([]);
  });

  it('says how many parents lie beyond the first 20, and opens the list upwards near the bottom', async () => {
    const page = session.ui.page;
    const created: number[] = [];
    for (let i = 1; i <= 25; i++) {
      const answer = await api('/users', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: `Extra ${i}` }),
      });
      created.push(answer.body.id as unknown as number);
    }
    try {
      await page.setViewportSize({ width: 1280, height: 420 });
      const cell = await data.cell('Todo', 6, 'user');
      await cell.dblclick();
      const editor = page.getByRole('combobox', { name: 'Edit user of record 6' });
      const list = page.getByRole('listbox', { name: 'User records' });
      await list.getByText('20 of 28: type to narrow').waitFor();
      const [input, box] = [(await editor.boundingBox())!, (await list.boundingBox())!];
      expect(box.y + box.height).toBeLessThanOrEqual(input.y);
      await screenshot(page, 'data-parent-picker-above-light-1280x420');
      await editor.fill('Extra 24');
      await eventually(async () =>
        expect(await list.getByRole('option').allInnerTexts()).toEqual([`${created[23]} Extra 24`]),
      );
      await editor.press('Escape');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
      for (const id of created) await api(`/users/${id}`, { method: 'DELETE' });
    }
  });

  it("opens a todo's user from its cell, and follows a rename by any client", async () => {
    const page = session.ui.page;
    const cell = await data.cell('Todo', 1, 'user');
    const rename = (name: string) =>
      api('/users/1', {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name }),
      });
    await rename('Ann Lee-Smith');
    await eventually(async () => expect(await cell.innerText()).toBe('1 Ann Lee-Smith'));
    await rename('Ann Lee');
    await eventually(async () => expect(await cell.innerText()).toBe('1 Ann Lee'));

    // Its model, filtered to its id, with the focus on its row; Ctrl+Enter does it too.
    await cell.hover();
    await cell.getByRole('button', { name: 'Open User 1' }).click();
    await data.grid('User').waitFor();
    expect(await page.getByLabel('Filter records').inputValue()).toBe('id=1');
    await eventually(async () =>
      expect(
        await page.evaluate(() =>
          document.activeElement?.closest('[role="grid"]')?.getAttribute('aria-label'),
        ),
      ).toBe('Records of User'),
    );
    expect(await data.grid('User').getByRole('row').count()).toBe(2); // the header and Ann
    // Back where it was opened from.
    await data.toolbar.getByRole('button', { name: 'Back to Todo' }).click();
    await data.grid('Todo').waitFor();
    expect(await page.getByLabel('Filter records').inputValue()).toBe('');
    await (await data.cell('Todo', 5, 'user')).click();
    await page.keyboard.press('Control+Enter');
    await data.grid('User').waitFor();
    expect(await page.getByLabel('Filter records').inputValue()).toBe('id=3');
    await data.chooseModel('Todo');
    await data.grid('Todo').waitFor();
  });
});
