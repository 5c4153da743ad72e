/**
 * The Data view's cells: an edit a plain client of the mock API reads back, a 422 shown on the
 * cell with the API's message and the typed value kept, Tab saving and leaving the grid, typing
 * over a value as a spreadsheet does, and an open editor kept while another client writes to
 * another record.
 */
import { describe, expect, it } from 'vitest';

import { api, data, useDataView } from './data-view.js';
import { eventually, screenshot } from './fixtures.js';

const session = useDataView();

describe('Data view', () => {
  it('edits a cell, and a plain client of the mock API reads the change', async () => {
    await data.editCell('Todo', 1, 'content', 'Edited in the grid');
    await eventually(async () =>
      expect((await api('/todos/1')).body.content).toBe('Edited in the grid'),
    );
    expect(await (await data.cell('Todo', 1, 'content')).innerText()).toBe('Edited in the grid');
  });

  it('shows a 422 on the cell with the API message and keeps the typed value', async () => {
    await data.editCell('Todo', 2, 'user', '999');
    const cell = await data.cell('Todo', 2, 'user');
    await eventually(async () =>
      expect(await cell.innerText()).toMatch(/999[\s\S]*no user with id 999/),
    );
    // The whole message, with the record and field, above the grid.
    expect(
      await session.ui.page.getByRole('status').filter({ hasText: 'not saved' }).innerText(),
    ).toMatch(/Record 2, user: not saved\.[\s\S]*no user with id 999/);
    await screenshot(session.ui.page, 'data-cell-error-light-1280x800');
    // The typed value is still there when the editor opens again.
    await cell.dblclick();
    expect(await session.ui.page.getByLabel('Edit user of record 2').inputValue()).toBe('999');
    await session.ui.page.getByLabel('Edit user of record 2').fill('1');
    await session.ui.page.getByLabel('Edit user of record 2').press('Enter');
    await eventually(async () => expect((await api('/todos/2')).body.user).toBe(1));
    // The mock API can see the write before the page has handled its own answer.
    await eventually(async () => expect(await cell.innerText()).toBe('1 Ann Lee'));
  });

  it('saves a plain cell on Tab, as on a click away, and stays on the cell', async () => {
    const cell = await data.cell('Todo', 4, 'content');
    await cell.dblclick();
    const editor = session.ui.page.getByLabel('Edit content of record 4');
    await editor.fill('Saved by Tab');
    await editor.press('Tab');
    await eventually(async () => expect((await api('/todos/4')).body.content).toBe('Saved by Tab'));
    await editor.waitFor({ state: 'detached' });
    // Tab left the editing, not the cell: the next Tab is the one that leaves the grid.
    expect(await data.focusedCell()).toEqual({ model: 'Todo', id: '4', column: 'content' });
  });

  it('lets Tab and Shift+Tab leave the grid, and come back to the cell it left', async () => {
    const page = session.ui.page;
    await (await data.cell('Todo', 2, 'content')).click();
    expect(await data.focusedCell()).toEqual({ model: 'Todo', id: '2', column: 'content' });
    // Arrows move inside the grid.
    await page.keyboard.press('ArrowDown');
    expect(await data.focusedCell()).toEqual({ model: 'Todo', id: '3', column: 'content' });
    await page.keyboard.press('Shift+Tab');
    expect(await data.focusedCell()).toBeNull();
    expect(
      await page.evaluate(() => document.activeElement?.closest('[role="toolbar"]') !== null),
    ).toBe(true);
    await page.keyboard.press('Tab');
    expect(await data.focusedCell()).toEqual({ model: 'Todo', id: '3', column: 'content' });
    await page.keyboard.press('Tab');
    expect(await data.focusedCell()).toBeNull();
  });

  it("replaces a cell's value with what is typed on it, as a spreadsheet does", async () => {
    const cell = await data.cell('Todo', 5, 'content');
    await cell.click();
    await session.ui.page.keyboard.type('Typed over');
    const editor = session.ui.page.getByLabel('Edit content of record 5');
    expect(await editor.inputValue()).toBe('Typed over');
    await editor.press('Enter');
    await eventually(async () => expect((await api('/todos/5')).body.content).toBe('Typed over'));
    // The row shows the saved value (the answer is applied after the server has it: wait for
    // the grid, not only the server, on a busy machine).
    await expect.poll(() => cell.innerText()).toBe('Typed over');
    // A double-click still opens the value as it is, to change part of it.
    await cell.dblclick();
    expect(await editor.inputValue()).toBe('Typed over');
    await editor.press('Escape');
  });

  it('keeps an open cell editor while another client writes to another record', async () => {
    const cell = await data.cell('Todo', 3, 'content');
    await cell.dblclick();
    const editor = session.ui.page.getByLabel('Edit content of record 3');
    await editor.fill('Typed while');
    // The record-change event reads the rows on screen again; record 3's row must stay.
    await api('/todos/4', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Written by another client' }),
    });
    await eventually(async () =>
      expect(await (await data.cell('Todo', 4, 'content')).innerText()).toBe(
        'Written by another client',
      ),
    );
    expect(await editor.inputValue()).toBe('Typed while');
    await editor.fill('Typed while another client wrote');
    await editor.press('Enter');
    await eventually(async () =>
      expect((await api('/todos/3')).body.content).toBe('Typed while another client wrote'),
    );
  });
});
