/** The Data view: model picker, toolbar and the records grid. */
import type { Locator, Page } from 'playwright-core';

export class DataPage {
  constructor(readonly page: Page) {}

  async chooseModel(name: string): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Data models' })
      .getByRole('button', { name: new RegExp(`^${name}`) })
      .click();
  }

  grid(model: string): Locator {
    return this.page.getByRole('grid', { name: `Records of ${model}` });
  }

  /** The row whose id cell (the first column) reads `id`. */
  row(model: string, id: number | string): Locator {
    const idCell = this.page.locator('[role="gridcell"][aria-colindex="1"]', {
      hasText: new RegExp(`^${id}$`),
    });
    return this.grid(model).getByRole('row').filter({ has: idCell });
  }

  columnIndex(model: string, column: string): Promise<number> {
    return this.grid(model)
      .getByRole('columnheader')
      .evaluateAll(
        (heads, name) => heads.findIndex((h) => h.textContent?.trim().startsWith(name as string)),
        column,
      );
  }

  async cell(model: string, id: number, column: string): Promise<Locator> {
    const index = await this.columnIndex(model, column);
    return this.row(model, id).getByRole('gridcell').nth(index);
  }

  async editCell(model: string, id: number, column: string, text: string): Promise<void> {
    const cell = await this.cell(model, id, column);
    await cell.dblclick();
    const editor = this.page.getByLabel(`Edit ${column} of record ${id}`);
    if ((await editor.evaluate((e) => e.tagName)) === 'SELECT') {
      await editor.selectOption(text);
    } else {
      await editor.fill(text);
    }
    await editor.press('Enter');
  }

  /** The grid cell that has the keyboard focus: its grid's model, row id and column; or null. */
  focusedCell(): Promise<{ model: string; id: string; column: string } | null> {
    return this.page.evaluate(() => {
      const cell = document.activeElement?.closest('[role="gridcell"]');
      const grid = cell?.closest('[role="grid"]');
      const row = cell?.closest('[role="row"]');
      if (!cell || !grid || !row) return null;
      const index = Number(cell.getAttribute('aria-colindex'));
      const head = grid.querySelector(`[role="columnheader"][aria-colindex="${index}"]`);
      return {
        model: grid.getAttribute('aria-label')?.replace(/^Records of /, '') ?? '',
        id: row.querySelector('[aria-colindex="1"]')?.textContent?.trim() ?? '',
        column: (head?.querySelector('.grid-head > span') ?? head)?.textContent?.trim() ?? '',
      };
    });
  }

  /** The model list: each entry's accessible name says its record count (`User 3 records`). */
  get models(): Locator {
    return this.page.getByRole('navigation', { name: 'Data models' });
  }

  get toolbar(): Locator {
    return this.page.getByRole('toolbar');
  }

  get count(): Locator {
    return this.toolbar.getByRole('status');
  }

  get problem(): Locator {
    return this.page.getByRole('alert', { name: 'Problem' });
  }
}
