import { describe, expect, it } from 'vitest';

import type { RouteInfo } from '../core/src/contract/control-api.js';
import { control, useStudioSession } from './fixtures.js';
import { ConsolePage } from './pages/console.page.js';
import { EndpointsPage } from './pages/endpoints.page.js';
import { StudioPage as Frame } from './pages/studio.page.js';

const session = useStudioSession();

describe('Endpoints view', () => {
  it('lists every route the mock API answers, generated and manual (with file:line)', async () => {
    const routes = await control<RouteInfo[]>(session.studio, '/routes');
    const endpoints = new EndpointsPage(session.ui.page);
    await new Frame(session.ui.page).open('Endpoints');
    await endpoints.table.waitFor();
    expect(await endpoints.rows.count()).toBe(routes.length);
    const texts = await endpoints.rows.allInnerTexts();
    for (const r of routes) {
      const line = texts.find((t) => t.startsWith(`${r.method}\t${r.path}\t`));
      expect(line, `${r.method} ${r.path}`).toBeDefined();
      if (r.kind === 'manual') expect(line).toContain(`app.ts:${r.line}`);
    }
  });

  it('marks the writes the read-only quotes datasource refuses, and says why in the inspector', async () => {
    const endpoints = new EndpointsPage(session.ui.page);
    await endpoints.filter('/quotes');
    await expect.poll(() => endpoints.rows.count()).toBe(6);
    await expect
      .poll(() => endpoints.row('POST', '/quotes').innerText())
      .toContain('read-only · 405');
    expect(await endpoints.row('GET', '/quotes').innerText()).not.toContain('405');
    await session.ui.page.getByRole('button', { name: 'Inspect DELETE /quotes/:id' }).click();
    const note = session.ui.page.getByRole('note').filter({ hasText: 'Answers 405' });
    await expect
      .poll(() => note.innerText())
      .toContain('datasource "quotes" has no delete() method');
    // The answer shown first is the one a valid request gets: the 405, not a 400.
    const statuses = session.ui.page.getByRole('tablist', { name: 'Statuses' });
    expect(await statuses.getByRole('tab', { selected: true }).innerText()).toBe('405');
    await session.ui.page.getByRole('button', { name: 'Back to endpoints' }).click();
    await endpoints.filter('');
    expect(session.ui.problems).toEqual([]);
  });

  it('filters, and opens a route in the Console with a body from the schema', async () => {
    const endpoints = new EndpointsPage(session.ui.page);
    await endpoints.filter('/users/:id');
    await expect.poll(() => endpoints.rows.count()).toBeLessThan(10);
    expect((await endpoints.rows.allInnerTexts()).filter((t) => !t.includes('/users/:id'))).toEqual(
      [],
    );
    await endpoints.openInConsole('PATCH', '/users/:id');
    const consolePage = new ConsolePage(session.ui.page);
    expect(await consolePage.method.inputValue()).toBe('PATCH');
    expect(await consolePage.url.inputValue()).toBe('/users/:id');
    // A PATCH starts empty and names no record: sent as it is, a template would blank the
    // record's fields, and a guessed id would pick the record for the user.
    await expect.poll(() => consolePage.body.innerText()).toBe('{}');
    await consolePage.send.click();
    await expect
      .poll(() => consolePage.page.getByRole('region', { name: 'Response' }).innerText())
      .toMatch(/Fill the path parameter :id/);
    await consolePage.page.getByLabel('Path params value id').fill('1');
    await consolePage.setBody('{"name":"Ann Lee"}');
    await consolePage.send.click();
    await expect.poll(() => consolePage.status.innerText()).toMatch(/^200/);

    // A create gets the model's fields, made up by the project's fake-data generator.
    await new Frame(session.ui.page).open('Endpoints');
    await endpoints.filter('/users');
    await endpoints.openInConsole('POST', '/users');
    await expect
      .poll(async () => JSON.parse(await consolePage.body.innerText()) as unknown)
      .toEqual({ name: expect.stringMatching(/\S/) as unknown });
    expect(session.ui.problems).toEqual([]);
  });
});
