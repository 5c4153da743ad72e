/** The Traffic view: the live exchange list, its filters and the detail pane. */
import type { Locator, Page } from 'playwright-core';

export class TrafficPage {
  constructor(readonly page: Page) {}

  get list(): Locator {
    return this.page.getByRole('grid', { name: 'Traffic' });
  }
  get rows(): Locator {
    return this.list.getByRole('rowgroup').getByRole('row');
  }
  row(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }
  get detail(): Locator {
    return this.page.getByRole('region', { name: 'Exchange detail' });
  }
  async filterText(text: string): Promise<void> {
    await this.page.getByLabel('Filter by path').fill(text);
  }
}
