/** The Models view: the model list, one model's schema, the diagram. */
import type { Locator, Page } from 'playwright-core';

/** An element's box on the page, with its accessible text. */
export interface Box {
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

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

  /** Every model card of the diagram. */
  get diagramNodes(): Locator {
    return this.page.getByRole('group', { name: /^Model / });
  }

  /** Where each card of the diagram is on the page, named by its model. */
  cardBoxes(): Promise<Box[]> {
    return this.diagramNodes.evaluateAll((nodes) =>
      nodes.map((n) => {
        const r = n.getBoundingClientRect();
        return {
          text: n.getAttribute('aria-label') ?? '',
          x: r.x,
          y: r.y,
          w: r.width,
          h: r.height,
        };
      }),
    );
  }

  /** The diagram's canvas: what of the cards is on screen (the legend sits above it). */
  get diagramCanvas(): Locator {
    return this.page.getByRole('application', { name: 'Model diagram canvas' });
  }

  async canvasBox(): Promise<Box> {
    const r = await this.diagramCanvas.boundingBox();
    if (!r) throw new Error('The diagram canvas is not on the page');
    return { text: 'canvas', x: r.x, y: r.y, w: r.width, h: r.height };
  }
}
