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
    return this.page.getByRole('region', { name: 'History' });
  }

  /** Issue 30: the saved requests' tab of the left pane, and the pane itself. */
  get savedTab(): Locator {
    return this.page
      .getByRole('tablist', { name: 'Saved and history' })
      .getByRole('tab', { name: 'Saved' });
  }
  get requests(): Locator {
    return this.page.getByRole('navigation', { name: 'Requests' });
  }
  get environment(): Locator {
    return this.page.getByRole('combobox', { name: 'Environment' });
  }
  get resolvedUrl(): Locator {
    return this.page.getByLabel('Resolved URL');
  }
  /** A saved request's item in the Saved tab's tree (named `GET List todos`), by its name. */
  saved(name: string): Locator {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.requests.getByRole('treeitem', { name: new RegExp(`^[A-Z]+ ${escaped}$`) });
  }

  /** Issue 30: the open requests' tabs, and one by its title. */
  get tabs(): Locator {
    return this.page.getByRole('list', { name: 'Open requests' });
  }
  /** A tab by its title; with or without its unsaved-changes dot unless `unsaved` says. */
  tab(title: string, { unsaved }: { unsaved?: boolean } = {}): Locator {
    const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const dot =
      unsaved === undefined ? '(\\s*, unsaved changes)?' : unsaved ? '\\s*, unsaved changes' : '';
    return this.tabs.getByRole('button', { name: new RegExp(`^${escaped}${dot}$`) });
  }
  get newTab(): Locator {
    return this.page.getByRole('button', { name: 'New tab' });
  }
  bodyKind(kind: 'None' | 'JSON' | 'Text' | 'Form' | 'Multipart'): Locator {
    return this.page
      .getByRole('radiogroup', { name: 'Body kind' })
      .getByRole('radio', { name: kind });
  }
  get testResults(): Locator {
    return this.page.getByRole('region', { name: 'Test results' });
  }
  /** Adds a test to the request; its controls are named `Test <n> …`. */
  async addTest(): Promise<number> {
    await this.page.getByRole('button', { name: '+ Add test' }).click();
    return this.page.getByRole('group', { name: 'Tests' }).getByRole('combobox').count();
  }
  /** Issue 47: adds a "Save from answer" row: `name` from `source` (`/id`, `header:Location`). */
  async saveFromAnswer(name: string, source: string): Promise<void> {
    await this.page.getByRole('button', { name: '+ Save a value' }).click();
    const n = await this.page
      .getByRole('group', { name: 'Save from answer' })
      .getByRole('textbox', { name: /variable$/ })
      .count();
    await this.page.getByRole('textbox', { name: `Saved value ${n} variable` }).fill(name);
    await this.page.getByRole('textbox', { name: `Saved value ${n} source` }).fill(source);
  }
  /** Saves the shown request as `name` into `folder` (Save… asks where). */
  async saveAs(name: string, folder: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Save…' }).click();
    const save = this.page.getByRole('dialog', { name: 'Save request' });
    await save.getByRole('textbox', { name: 'Name' }).fill(name);
    await save.getByLabel('Folder').fill(folder);
    await save.getByRole('button', { name: 'Save', exact: true }).click();
    await save.waitFor({ state: 'detached' });
  }

  async setBody(text: string): Promise<void> {
    await this.body.click();
    await this.page.keyboard.press('ControlOrMeta+a');
    await this.page.keyboard.press('Delete');
    await this.body.fill(text);
  }
}
