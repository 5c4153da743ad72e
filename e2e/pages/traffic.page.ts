/**
 * The Traffic view: the live exchange list, its filters and the detail pane; the Record switch
 * and the review of a recording (issue 46).
 */
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

  // ---------------------------------------------------------------- recording (issue 46)

  /** Shown while the mock API has a proxy target. */
  get recordSwitch(): Locator {
    return this.page.getByRole('switch', { name: 'Record' });
  }
  /** The server bar's state while recording. */
  get recordingState(): Locator {
    return this.page
      .getByRole('banner', { name: 'Server bar' })
      .getByRole('status', { name: /^Recording what the proxy forwards/ });
  }
  get review(): Locator {
    return this.page.getByRole('dialog', { name: 'New project from the recording' });
  }
  get reviewPreview(): Locator {
    return this.review.getByRole('region', { name: 'Preview' });
  }
  reviewModel(name: string): Locator {
    return this.reviewPreview.getByRole('article', { name, exact: true });
  }
  reviewField(model: string, field: string): Locator {
    return this.reviewModel(model).getByRole('row', { name: new RegExp(`^${field}\\b`) });
  }
  get reviewFolder(): Locator {
    return this.review.getByRole('textbox', { name: 'New project folder' });
  }
  get reviewCreate(): Locator {
    return this.review.getByRole('button', { name: 'Create project' });
  }
}
