/** The endpoint inspector: one route's page in the Endpoints view (issue 29). */
import type { Locator, Page } from 'playwright-core';

export class InspectorPage {
  constructor(readonly page: Page) {}

  /** Opens a route's page from the list, by its path link. */
  async open(method: string, path: string): Promise<void> {
    await this.page.getByRole('button', { name: `Inspect ${method} ${path}`, exact: true }).click();
    await this.region(method, path).waitFor();
  }

  region(method: string, path: string): Locator {
    return this.page.getByRole('region', { name: `Endpoint ${method} ${path}`, exact: true });
  }

  get back(): Locator {
    return this.page.getByRole('button', { name: 'Back to endpoints' });
  }

  get tryIt(): Locator {
    return this.page.getByRole('button', { name: /^Try it:/ });
  }

  get requestFields(): Locator {
    return this.page.getByRole('table', { name: 'Request body fields' }).locator('tbody tr');
  }

  get requestExample(): Locator {
    return this.page.getByLabel('Example request body', { exact: true });
  }

  status(code: string): Locator {
    return this.page.getByRole('tablist', { name: 'Statuses' }).getByRole('tab', { name: code });
  }

  /** The example body of one status, as JSON. */
  async example(code: string): Promise<unknown> {
    await this.status(code).click();
    const text = await this.page.getByLabel(`Example ${code} body`, { exact: true }).innerText();
    return JSON.parse(text) as unknown;
  }

  /** Which query a list's example answers (issue 48): `no query`, `?embed=todos` … */
  get exampleQuery(): Locator {
    return this.page.getByRole('combobox', { name: 'Example for' });
  }

  /** Shows the example a list answers to `query` (`embed=todos`), or to none with ''. */
  async chooseExampleQuery(query: string): Promise<void> {
    await this.exampleQuery.selectOption({ label: query === '' ? 'no query' : `?${query}` });
  }

  /** What the example query's select is described by: what the chosen query adds. */
  exampleQueryDescription(): Promise<string> {
    return this.exampleQuery.evaluate((select) => {
      const ids = select.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
      return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    });
  }

  /** A query example's button, by the start of its query (`completed=`). */
  queryExample(start: string): Locator {
    const escaped = start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.page
      .getByRole('list', { name: 'Query examples' })
      .getByRole('button', { name: new RegExp(`^\\?${escaped}`) });
  }

  snippet(language: 'curl' | 'fetch'): Locator {
    return this.page.getByRole('tab', { name: language, exact: true });
  }

  get snippetText(): Locator {
    return this.page.getByRole('region', { name: 'Code' }).getByRole('tabpanel');
  }
}
