/**
 * The Data view at a glance (issue 23): each model's record count, live, and a filtered count of
 * how many; a field a record leaves out shown apart from a stored null; and the relation column
 * kept on screen beside a long text, the toolbar tidy, at 1280x800 and 1024x700 in both themes.
 */
import { describe, expect, it } from 'vitest';

import { api, data, useDataView } from './data-view.js';
import { axeViolations, eventually, screenshot } from './fixtures.js';

const session = useDataView();

describe('Data view at a glance (issue 23)', () => {
  const post = (path: string, body: unknown) =>
    api(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it("lists each model's record count, live, and a filtered count says of how many", async () => {
    const page = session.ui.page;
    await data.chooseModel('Todo');
    await data.grid('Todo').waitFor();
    const users = (await api('/users')).body.length;
    const userCount = (n: number) =>
      data.models.getByRole('button', { name: `User ${n} records`, exact: true });
    await userCount(users).waitFor();
    const created = await post('/users', { name: 'Counted' });
    await userCount(users + 1).waitFor();
    await api(`/users/${String(created.body.id)}`, { method: 'DELETE' });
    await userCount(users).waitFor();

    const todos = (await api('/todos')).body as unknown as { completed: boolean }[];
    const done = todos.filter((t) => t.completed).length;
    await page.getByLabel('Filter records').fill('completed=true');
    await eventually(async () =>
      expect(await data.count.innerText()).toBe(`${done} of ${todos.length} records`),
    );
    await page.getByLabel('Filter records').fill('');
    await eventually(async () =>
      expect(await data.count.innerText()).toBe(`${todos.length} records`),
    );
  });

  it('shows a field the record leaves out as an empty cell, apart from a stored null', async () => {
    const created = await post('/notes', { text: 'Half filled', reviewed: null });
    expect(created.body).toEqual({ id: created.body.id, text: 'Half filled', reviewed: null });
    const id = created.body.id as number;
    await data.chooseModel('Note');
    await data.row('Note', id).waitFor();
    expect(await (await data.cell('Note', id, 'remark')).innerText()).toBe('');
    expect(await (await data.cell('Note', id, 'reviewed')).innerText()).toBe('null');
  });

  it.each([
    [1280, 800],
    [1024, 700],
  ])(
    'keeps the relation column on screen beside a long text, and its toolbar tidy, at %ix%i',
    async (width, height) => {
      const page = session.ui.page;
      await page.setViewportSize({ width, height });
      const long = `A long note ${'that goes on and on '.repeat(20)}until the end`;
      const created = await post('/todos', { content: long, completed: false, user: 1 });
      const id = created.body.id as number;
      try {
        await data.chooseModel('Todo');
        await data.row('Todo', id).waitFor();
        const grid = (await data.grid('Todo').boundingBox())!;
        // Rendered at all: the grid leaves out columns scrolled out of view.
        const head = data.grid('Todo').getByRole('columnheader').filter({ hasText: /^user/ });
        expect(await head.count()).toBe(1);
        const user = (await head.boundingBox())!;
        expect(user.x + user.width).toBeLessThanOrEqual(grid.x + grid.width);
        // The text is cut short; all of it is on hover.
        const text = (await data.cell('Todo', id, 'content')).locator('.cell-text');
        await text.hover();
        expect(await text.getAttribute('title')).toBe(long);

        // The toolbar: one line at 1280; where it wraps, no divider starts a line.
        const bar = (await data.toolbar.boundingBox())!;
        if (width >= 1280) expect(bar.height).toBeLessThan(50);
        expect(await data.toolbar.locator('.sep').count()).toBe(0);
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await screenshot(page, `data-long-text-${scheme}-${width}x${height}`);
          expect(await axeViolations(page)).toEqual([]);
        }
        await page.emulateMedia({ colorScheme: 'light' });
      } finally {
        await api(`/todos/${id}`, { method: 'DELETE' });
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    },
  );
});
