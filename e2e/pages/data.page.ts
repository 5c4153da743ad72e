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
