/** The frame: the five view tabs and the server bar (always on screen). */
import type { Locator, Page } from 'playwright-core';

export type ViewName = 'Models' | 'Endpoints' | 'Data' | 'Console' | 'Traffic';

export class StudioPage {
  constructor(readonly page: Page) {}

  tab(name: ViewName): Locator {
    return this.page
      .getByRole('tab', { name, exact: false })
      .filter({ hasText: new RegExp(`^${name}`) });
  }

  async open(name: ViewName): Promise<void> {
    await this.tab(name).click();
    await this.page.locator(`#panel-${name}[role="tabpanel"]`).waitFor();
  }

  get serverBar(): Locator {
    return this.page.getByRole('banner', { name: 'Server bar' });
  }

  get loadError(): Locator {
    return this.page.getByRole('alert', { name: 'Load error' });
  }
}
