/**
 * Every view in both themes at 1280×800 and 1920×1080, saved under e2e/artifacts/ for a person
 * to look at, each scanned with axe-core (no serious or critical violation) and watched for
 * console errors and CSP violations.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  axeViolations,
  launchBrowser,
  openStudio,
  screenshot,
  startStudio,
  type Studio,
} from './fixtures.js';
import { ConsolePage } from './pages/console.page.js';
import { DataPage } from './pages/data.page.js';
import { ModelsPage } from './pages/models.page.js';
import { StudioPage as Frame } from './pages/studio.page.js';
import { TrafficPage } from './pages/traffic.page.js';

let studio: Studio;
let browser: Browser;

beforeAll(async () => {
  [studio, browser] = await Promise.all([startStudio(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await studio?.stop();
});

type Shot = { name: string; show(page: Page): Promise<void> };

const shots: Shot[] = [
  {
    name: 'models-diagram',
    async show(page) {
      await new Frame(page).open('Models');
      await new ModelsPage(page).showDiagram();
      await new ModelsPage(page).diagramNode('Todo').waitFor();
      await page.locator('.react-flow__edge').first().waitFor();
    },
  },
  {
    name: 'models-todo',
    show: async (page) => void (await new ModelsPage(page).showModel('Todo')),
  },
  {
    name: 'endpoints',
    show: async (page) => {
      await new Frame(page).open('Endpoints');
      await page.getByRole('table', { name: 'Endpoints' }).waitFor();
    },
  },
  {
    name: 'data',
    async show(page) {
      await new Frame(page).open('Data');
      const data = new DataPage(page);
      await data.chooseModel('Todo');
      await data.row('Todo', 1).waitFor();
    },
  },
  {
    name: 'console',
    async show(page) {
      await new Frame(page).open('Endpoints');
      await page.getByRole('button', { name: 'Open in Console: GET /todos' }).first().click();
      const consolePage = new ConsolePage(page);
      await consolePage.send.click();
      await consolePage.status.waitFor();
      // A GET has no body editor: its section says so.
      await page.getByText('A GET request sends no body.').waitFor();
    },
  },
  {
    name: 'traffic',
    async show(page) {
      await new Frame(page).open('Traffic');
      const traffic = new TrafficPage(page);
      await traffic.rows.first().click();
      await traffic.detail.waitFor();
    },
  },
];

describe('Screens', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const [width, height] of [
      [1280, 800],
      [1920, 1080],
    ] as const) {
      it(`${colorScheme} ${width}×${height}: every view renders cleanly${width === 1280 ? ', passes axe' : ''}`, async () => {
        const ui = await openStudio(browser, studio, { width, height, colorScheme });
        const violations: Record<string, unknown[]> = {};
        for (const shot of shots) {
          await shot.show(ui.page);
          // Let lazy chunks, fonts and the diagram's fit settle before the picture.
          await ui.page.waitForTimeout(300);
          await screenshot(ui.page, `${shot.name}-${colorScheme}-${width}x${height}`);
          if (width === 1280) {
            const found = await axeViolations(ui.page);
            if (found.length > 0) violations[shot.name] = found;
          }
        }
        await ui.context.close();
        expect(violations).toEqual({});
        expect(ui.problems).toEqual([]);
      });
    }
  }
});
