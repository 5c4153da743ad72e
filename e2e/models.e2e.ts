import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  launchBrowser,
  openStudio,
  startStudio,
  type Studio,
  type StudioPage,
} from './fixtures.js';
import { ModelsPage } from './pages/models.page.js';
import { StudioPage as Frame } from './pages/studio.page.js';

let studio: Studio;
let browser: Browser;
let ui: StudioPage;

beforeAll(async () => {
  [studio, browser] = await Promise.all([startStudio(), launchBrowser()]);
  ui = await openStudio(browser, studio);
});
afterAll(async () => {
  await browser?.close();
  await studio?.stop();
});

describe('Models view', () => {
  it('shows each model with its fields, relations, datasource and source file', async () => {
    const models = new ModelsPage(ui.page);
    await new Frame(ui.page).open('Models');
    const todo = await models.showModel('Todo');
    await expect
      .poll(() => models.fields('Todo').allInnerTexts())
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/content\s+string\s+required/),
          expect.stringMatching(/completed\s+boolean\s+required/),
        ]),
      );
    expect(await models.relations('Todo').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringMatching(/user\s+@BelongTo.*User/)]),
    );
    expect(await todo.innerText()).toMatch(/todo\.ts:\d+/);
    expect(await todo.innerText()).toMatch(/default datasource/);

    await models.showModel('User');
    expect(await models.relations('User').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringMatching(/todos\s+@HasMany.*Todo.*onDelete: nullify/)]),
    );

    const quote = await models.showModel('Quote');
    expect(await quote.innerText()).toMatch(/datasource “quotes”/);
  });

  it('draws every model in the diagram, with the relation between Todo and User', async () => {
    const models = new ModelsPage(ui.page);
    const diagram = await models.showDiagram();
    for (const name of ['Todo', 'User', 'Quote']) await models.diagramNode(name).waitFor();
    expect(await models.diagramNode('Todo').innerText()).toMatch(/user\?\s+User/);
    expect(await diagram.locator('.react-flow__edge').count()).toBe(1);
    expect(await diagram.getByText('user · on delete nullify').count()).toBe(1);
    // Clicking a node's title opens that model.
    await models.diagramNode('User').getByRole('button', { name: /User/ }).click();
    await ui.page.getByRole('region', { name: 'Model User' }).waitFor();
    expect(ui.problems).toEqual([]);
  });
});
