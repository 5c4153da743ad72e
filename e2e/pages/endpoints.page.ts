/** The Endpoints view: the route table and its filters. */
import type { Locator, Page } from 'playwright-core';

export class EndpointsPage {
  constructor(readonly page: Page) {}

  get table(): Locator {
    return this.page.getByRole('table', { name: 'Endpoints' });
  }

  get rows(): Locator {
    return this.table.locator('tbody').getByRole('row');
  }

  row(method: string, path: string): Locator {
    return this.rows
      .filter({ has: this.page.getByText(method, { exact: true }) })
      .filter({ has: this.page.getByText(path, { exact: true }) });
  }

  async filter(text: string): Promise<void> {
    await this.page.getByLabel('Filter endpoints').fill(text);
  }

  async openInConsole(method: string, path: string): Promise<void> {
    await this.page
      .getByRole('button', { name: `Open in Console: ${method} ${path}` })
      .first()
      .click();
  }
}
