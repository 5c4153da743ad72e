import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { openStudio, screenshot, startStudio, useStudioSession } from './fixtures.js';
import { ModelsPage } from './pages/models.page.js';
import { StudioPage as Frame } from './pages/studio.page.js';

const session = useStudioSession();

describe('Models view', () => {
  it('shows each model with its fields, relations, datasource and source file', async () => {
    const models = new ModelsPage(session.ui.page);
    await new Frame(session.ui.page).open('Models');
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
    const models = new ModelsPage(session.ui.page);
    const diagram = await models.showDiagram();
    for (const name of ['Todo', 'User', 'Quote']) await models.diagramNode(name).waitFor();
    expect(await models.diagramNode('Todo').innerText()).toMatch(/user\?\s+User/);
    expect(await diagram.locator('.react-flow__edge').count()).toBe(1);
    expect(await diagram.getByText('user', { exact: true }).count()).toBe(1);
    await screenshot(session.ui.page, 'models-diagram-todo');
    // Clicking a node's title opens that model.
    await models.diagramNode('User').getByRole('button', { name: /User/ }).click();
    await session.ui.page.getByRole('region', { name: 'Model User' }).waitFor();
    expect(session.ui.problems).toEqual([]);
  });
});

/** 17 more models beside Todo, User and Quote: a chain of parents plus a few fields each. */
async function addModels(dir: string): Promise<void> {
  const names = Array.from({ length: 17 }, (_, i) => `Entity${String.fromCharCode(65 + i)}`);
  for (const [i, name] of names.entries()) {
    const parent = i === 0 ? 'User' : names[Math.floor((i - 1) / 2)]!;
    const file = i === 0 ? './user.js' : `./${parent.toLowerCase()}.js`;
    await writeFile(
      join(dir, `${name.toLowerCase()}.ts`),
      `import { BelongTo, FromDataSource, Rest } from 'decorest';\n\nimport { ${parent} } from '${file}';\n\n` +
        `@Rest\n@FromDataSource\nexport class ${name} {\n  id!: number;\n  title!: string;\n  rank?: number;\n  active!: boolean;\n\n  @BelongTo\n  owner?: ${parent};\n}\n`,
    );
  }
}

describe('The diagram at 20 models', () => {
  it('lays every model out without overlap', async () => {
    const big = await startStudio(addModels);
    try {
      const view = await openStudio(session.browser, big, { width: 1920, height: 1080 });
      const models = new ModelsPage(view.page);
      await new Frame(view.page).open('Models');
      await models.showDiagram();
      await models.diagramNode('EntityQ').waitFor();
      const boxes = await view.page
        .getByRole('group', { name: /^Model / })
        .evaluateAll((nodes) =>
          nodes
            .map((n) => n.getBoundingClientRect())
            .map((r) => ({ x: r.x, y: r.y, w: r.width, h: r.height })),
        );
      expect(boxes).toHaveLength(20);
      const overlaps = boxes.flatMap((a, i) =>
        boxes
          .slice(i + 1)
          .filter((b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h),
      );
      expect(overlaps).toEqual([]);
      expect(await view.page.locator('.react-flow__edge').count()).toBe(18);
      await screenshot(view.page, 'models-diagram-20-light-1920x1080');
      expect(view.problems).toEqual([]);
      await view.context.close();
    } finally {
      await big.stop();
    }
  });
});

interface Box {
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

function boxesOf(locator: Locator): Promise<Box[]> {
  return locator.evaluateAll((elements) =>
    elements.map((e) => {
      const r = e.getBoundingClientRect();
      return { text: e.textContent ?? '', x: r.x, y: r.y, w: r.width, h: r.height };
    }),
  );
}

const overlap = (a: Box, b: Box): boolean =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('Edge labels of the diagram (issue 23)', () => {
  it('sit clear of every node, a delete rule included, in light and dark', async () => {
    const big = await startStudio(async (dir) => {
      await addModels(dir);
      const user = join(dir, 'user.ts');
      const text = await readFile(user, 'utf8');
      await writeFile(user, text.replace('@HasMany\n', "@HasMany({ onDelete: 'cascade' })\n"));
    });
    try {
      for (const colorScheme of ['light', 'dark'] as const) {
        const view = await openStudio(session.browser, big, {
          width: 1440,
          height: 900,
          colorScheme,
        });
        const models = new ModelsPage(view.page);
        await new Frame(view.page).open('Models');
        const diagram = await models.showDiagram();
        await models.diagramNode('EntityQ').waitFor();
        const nodes = await boxesOf(view.page.getByRole('group', { name: /^Model / }));
        const labels = await boxesOf(diagram.getByText(/^(user|owner)( · on delete \w+)?$/));
        expect(labels).toHaveLength(18);
        expect(labels.map((l) => l.text)).toContain('user · on delete cascade');
        const hidden = labels.flatMap((label) =>
          nodes.filter((node) => overlap(label, node)).map(() => label.text),
        );
        expect(hidden).toEqual([]);
        await screenshot(view.page, `models-diagram-labels-${colorScheme}`);
        expect(view.problems).toEqual([]);
        await view.context.close();
      }
    } finally {
      await big.stop();
    }
  });
});
