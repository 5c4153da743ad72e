/**
 * Issue 48: the diagram opens with every model card whole on screen. A project of 7 models at
 * 1280×800 had a card cut off at the right and two below the fold (fitView stopped at its
 * minimum zoom, so a wide layout ran off the canvas). Each card's box must lie inside the
 * diagram's, on open, at 1920×1080 too, and after a model is added while the diagram shows.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { eventually, openStudio, themedShots, useStudioSession } from './fixtures.js';
import { type Box, ModelsPage } from './pages/models.page.js';
import { StudioPage as Frame } from './pages/studio.page.js';

/**
 * A model file: `fields` as `name: type` (`name?: type` when optional), then a `@BelongTo` for
 * each of `links` (field → parent model, imported from its file).
 */
function modelFile(
  name: string,
  fields: readonly string[],
  links: Readonly<Record<string, string>> = {},
): string {
  const parents = [...new Set(Object.values(links))];
  const imports = parents.map((p) => `import { ${p} } from './${p.toLowerCase()}.js';\n`).join('');
  const decorators = parents.length > 0 ? 'BelongTo, FromDataSource, Rest' : 'FromDataSource, Rest';
  const body = fields.map((f) => `  ${f.replace(/^(\w+):/, '$1!:')};\n`).join('');
  const linked = Object.entries(links)
    .map(([field, parent]) => `\n  @BelongTo\n  ${field}?: ${parent};\n`)
    .join('');
  return (
    `import { ${decorators} } from 'decorest';\n\n${imports}\n` +
    `@Rest\n@FromDataSource\nexport class ${name} {\n  id!: number;\n${body}${linked}}\n`
  );
}

/**
 * Four models beside the example's Todo, User and Quote, 7 in all, with the fields models have:
 * a chain six layers deep (Crop → Thumbnail → Attachment → Comment → Todo → User), Quote alone.
 */
async function sevenModels(dir: string): Promise<void> {
  const models: [string, string[], Record<string, string>][] = [
    [
      'Comment',
      ['body: string', 'createdAt: Date', 'editedAt?: Date', 'pinned: boolean', 'votes: number'],
      { todo: 'Todo', author: 'User' },
    ],
    [
      'Attachment',
      ['name: string', 'size: number', 'mime: string', 'url: string', 'uploadedAt: Date'],
      { comment: 'Comment' },
    ],
    [
      'Thumbnail',
      ['width: number', 'height: number', 'url: string', 'format?: string'],
      { attachment: 'Attachment' },
    ],
    [
      'Crop',
      ['x: number', 'y: number', 'width: number', 'height: number'],
      { thumbnail: 'Thumbnail' },
    ],
  ];
  for (const [name, fields, links] of models)
    await writeFile(join(dir, `${name.toLowerCase()}.ts`), modelFile(name, fields, links));
}

/** The cards whose box is not wholly inside the diagram's (a pixel of rounding allowed). */
function outside(canvas: Box, cards: Box[]): string[] {
  return cards
    .filter(
      (c) =>
        c.x < canvas.x - 1 ||
        c.y < canvas.y - 1 ||
        c.x + c.w > canvas.x + canvas.w + 1 ||
        c.y + c.h > canvas.y + canvas.h + 1,
    )
    .map((c) => `${c.text} at ${Math.round(c.x)},${Math.round(c.y)} ${c.w}×${c.h}`);
}

const session = useStudioSession(sevenModels);

describe('The diagram of 7 models (issue 48)', () => {
  it('opens with every card whole inside the canvas at 1280×800', async () => {
    const { page } = session.ui;
    const models = new ModelsPage(page);
    await new Frame(page).open('Models');
    await models.showDiagram();
    await models.diagramNode('Comment').waitFor();
    await eventually(async () => {
      const cards = await models.cardBoxes();
      expect(cards).toHaveLength(7);
      expect(outside(await models.canvasBox(), cards)).toEqual([]);
    });
    // Fitting to the canvas does not stop a user zooming in to read a card.
    await page.getByRole('button', { name: 'Zoom In' }).click();
    await eventually(async () => {
      expect(outside(await models.canvasBox(), await models.cardBoxes())).not.toEqual([]);
    });
    expect(session.ui.problems).toEqual([]);
  });

  it('opens fitted at 1920×1080, and fits again when a model is added', async () => {
    const view = await openStudio(session.browser, session.studio, { width: 1920, height: 1080 });
    try {
      const models = new ModelsPage(view.page);
      await new Frame(view.page).open('Models');
      await models.showDiagram();
      await models.diagramNode('Comment').waitFor();
      await eventually(async () => {
        const cards = await models.cardBoxes();
        expect(cards).toHaveLength(7);
        expect(outside(await models.canvasBox(), cards)).toEqual([]);
      });
      // An eighth model saved while the diagram shows, a seventh layer: all come in whole.
      await writeFile(
        join(session.studio.dir, 'mask.ts'),
        modelFile('Mask', ['shape: string', 'feather?: number'], { crop: 'Crop' }),
      );
      await models.diagramNode('Mask').waitFor();
      await eventually(async () => {
        const cards = await models.cardBoxes();
        expect(cards).toHaveLength(8);
        expect(outside(await models.canvasBox(), cards)).toEqual([]);
      });
      expect(view.problems).toEqual([]);
    } finally {
      await view.context.close();
    }
  });

  it('is fitted in both themes at 1280×800 and 1920×1080 (screenshots, axe)', async () => {
    const view = await openStudio(session.browser, session.studio);
    try {
      const models = new ModelsPage(view.page);
      await new Frame(view.page).open('Models');
      await models.showDiagram();
      await models.diagramNode('Mask').waitFor();
      await eventually(async () => {
        expect(outside(await models.canvasBox(), await models.cardBoxes())).toEqual([]);
      });
      await themedShots(view.page, 'models-diagram-fit', { wide: true });
      expect(view.problems).toEqual([]);
    } finally {
      await view.context.close();
    }
  });
});
