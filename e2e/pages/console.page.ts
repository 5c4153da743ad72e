/** The Console: the request form (Method, URL, Headers, Body, Send), response and history. */
import type { Locator, Page } from 'playwright-core';

export class ConsolePage {
  constructor(readonly page: Page) {}

  get method(): Locator {
    return this.page.getByLabel('Method', { exact: true });
  }
  get url(): Locator {
    return this.page.getByLabel('URL', { exact: true });
  }
  get headers(): Locator {
    return this.page.getByRole('group', { name: 'Headers' });
  }
  get body(): Locator {
    return this.page.getByRole('textbox', { name: 'Body' });
  }
  get send(): Locator {
    return this.page.getByRole('button', { name: 'Send', exact: true });
  }
  get status(): Locator {
    return this.page.getByRole('status', { name: 'Response status' });
  }
  get responseBody(): Locator {
    return this.page.getByRole('tabpanel', { name: 'Response body' });
  }
  get history(): Locator {
    return this.page.getByRole('navigation', { name: 'History' });
  }

  async setBody(text: string): Promise<void> {
    await this.body.click();
    await this.page.keyboard.press('ControlOrMeta+a');
    await this.page.keyboard.press('Delete');
    await this.body.fill(text);
  }
}
