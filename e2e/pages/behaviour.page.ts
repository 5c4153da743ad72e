/**
 * Issue 16's studio controls: the Data view's dataset actions (Generate records…, Reset to
 * seed…, Save as seed…), a route's delay/failure dialog in Endpoints and the server bar's
 * "Mock behaviour" dialog.
 */
import type { Locator, Page } from 'playwright-core';

export class BehaviourPage {
  constructor(readonly page: Page) {}

  dialog(name: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name });
  }

  // ---------------------------------------------------------------- Data view

  get generateDialog(): Locator {
    return this.dialog('Generate records');
  }

  async openGenerate(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Generate records…' }).click();
    await this.generateDialog.waitFor();
    return this.generateDialog;
  }

  /** Generates `count` records of the preselected model; answers the dialog (left open). */
  async generate(count: number, seed?: number): Promise<Locator> {
    const dialog = await this.openGenerate();
    await dialog.getByLabel('Records').fill(String(count));
    if (seed !== undefined) await dialog.getByLabel('Seed number').fill(String(seed));
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
    return dialog;
  }

  async openReset(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Reset to seed…' }).click();
    const dialog = this.dialog('Reset data to the seed?');
    await dialog.waitFor();
    return dialog;
  }

  /** Confirms the reset dialog `openReset` opened and waits for it to close. */
  async confirmReset(dialog: Locator): Promise<void> {
    await dialog.getByRole('button', { name: 'Reset data' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  async openSaveSeed(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Save as seed…' }).click();
    const dialog = this.dialog('Save the data as the seed?');
    await dialog.waitFor();
    return dialog;
  }

  // ---------------------------------------------------------------- Endpoints view

  async openRoute(method: string, path: string): Promise<Locator> {
    await this.page
      .getByRole('button', { name: `Delay & failure ${method} ${path}`, exact: true })
      .click();
    const dialog = this.dialog(`Behaviour of ${method} ${path}`);
    await dialog.waitFor();
    return dialog;
  }

  /** A failure rule on one route: `percent` of its requests answered with `status`. */
  async setRouteFailure(
    method: string,
    path: string,
    percent: number,
    status: number,
  ): Promise<void> {
    const dialog = await this.openRoute(method, path);
    await dialog.getByLabel('Answer some requests with a simulated error').check();
    await dialog.getByLabel('Share of requests').fill(String(percent));
    await dialog.getByLabel('Status').fill(String(status));
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** A fixed delay on one route. */
  async setRouteDelay(method: string, path: string, ms: number): Promise<void> {
    const dialog = await this.openRoute(method, path);
    await dialog.getByLabel('Fixed').check();
    await dialog.getByLabel('Every answer after').fill(String(ms));
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  async clearRoute(method: string, path: string): Promise<void> {
    const dialog = await this.openRoute(method, path);
    await dialog.getByRole('button', { name: 'Clear rule' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  // ---------------------------------------------------------------- server bar

  get behaviourDialog(): Locator {
    return this.dialog('Mock behaviour');
  }

  async openBehaviour(): Promise<Locator> {
    await this.page
      .getByRole('banner', { name: 'Server bar' })
      .getByRole('button', { name: /^Mock behaviour/ })
      .click();
    await this.behaviourDialog.waitFor();
    return this.behaviourDialog;
  }

  /** Types a proxy URL and applies it; the dialog stays open (its field may show an error). */
  async applyProxy(url: string): Promise<Locator> {
    const dialog = this.behaviourDialog;
    await dialog.getByLabel('Forward unmatched requests to').fill(url);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    return dialog;
  }
}
