/** The Models view: the model list, one model's schema, the diagram. */
import type { Locator, Page } from 'playwright-core';

export class ModelsPage {
  constructor(readonly page: Page) {}

  get list(): Locator {
    return this.page.getByRole('navigation', { name: 'Models' });
  }

  async showModel(name: string): Promise<Locator> {
    await this.list.getByRole('button', { name: new RegExp(`^${name}\\b`) }).click();
    const detail = this.page.getByRole('region', { name: `Model ${name}` });
    await detail.waitFor();
    return detail;
  }

  fields(name: string): Locator {
    return this.page.getByRole('region', { name: `Fields of ${name}` }).getByRole('row');
  }

  relations(name: string): Locator {
    return this.page.getByRole('region', { name: `Relations of ${name}` }).getByRole('row');
  }

  async showDiagram(): Promise<Locator> {
    await this.list.getByRole('button', { name: /^Diagram/ }).click();
    const figure = this.page.getByRole('figure', { name: /Diagram of the models/ });
    await figure.waitFor();
    return figure;
  }

  diagramNode(name: string): Locator {
    return this.page.getByRole('group', { name: `Model ${name}` });
  }
}
