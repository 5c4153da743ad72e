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

  /** The mock API's state: its accessible name says running, stopped or unknown. */
  get serverState(): Locator {
    return this.serverBar.getByRole('status', { name: /^Mock API/ });
  }

  /** Where the records live (issue 26): its accessible name names the database or folder. */
  get storage(): Locator {
    return this.serverBar.getByRole('note', { name: /^Records in/ });
  }

  get portField(): Locator {
    return this.serverBar.getByRole('textbox', { name: 'Port' });
  }

  /** The last refused server action (a busy port), with its Dismiss button. */
  get serverError(): Locator {
    return this.serverBar.getByRole('alert');
  }

  get shortcutsButton(): Locator {
    return this.page.getByRole('button', { name: /^Shortcuts/ });
  }

  get shortcuts(): Locator {
    return this.page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  }

  /** The name of the view whose tab is selected. */
  async selectedView(): Promise<string> {
    return (
      (
        await this.page
          .getByRole('tablist', { name: 'Views' })
          .getByRole('tab', { selected: true })
          .getAttribute('id')
      )?.replace(/^tab-/, '') ?? ''
    );
  }

  get loadError(): Locator {
    return this.page.getByRole('alert', { name: 'Load error' });
  }
}
