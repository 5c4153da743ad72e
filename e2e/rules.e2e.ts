/**
 * Issue 29: answers shaped without code. In the inspector of `GET /todos/:id`: a rule "header
 * authorization is missing → 401 with a problem body", seen from a fetch without the header
 * and not with it; on `GET /todos` a sequence whose third answer is 503; from Traffic, "Answer
 * like this" on a captured exchange. The rules are in `mock-rules.json`. Both themes, axe.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { eventually, screenshot, themedShots, useStudioSession } from './fixtures.js';
import { EndpointsPage } from './pages/endpoints.page.js';
import { InspectorPage } from './pages/inspector.page.js';
import { RulesPage } from './pages/rules.page.js';
import { StudioPage as Frame } from './pages/studio.page.js';
import { TrafficPage } from './pages/traffic.page.js';

const session = useStudioSession(undefined, { width: 1280, height: 900 });
const AUTH = { authorization: 'Bearer e2e' };

async function shots(name: string): Promise<void> {
  return themedShots(session.ui.page, `rules-${name}`);
}

describe('Response rules (issue 29)', () => {
  it('answers 401 with a problem body when the authorization header is missing, not otherwise', async () => {
    const { page } = session.ui;
    const rules = new RulesPage(page);
    await new Frame(page).open('Endpoints');
    await new EndpointsPage(page).table.waitFor();
    await new InspectorPage(page).open('GET', '/todos/:id');
    await rules.section.waitFor();
    await rules.addRule.click();
    await rules.editor.waitFor();
    await rules.name.fill('No token → 401');
    await rules.addCondition('Header', 'authorization', 'is missing');
    const answer = rules.answer(0);
    await answer.getByRole('textbox', { name: 'Status' }).fill('401');
    await answer.getByRole('button', { name: 'Problem body' }).click();
    await answer.getByRole('button', { name: 'Preview' }).click();
    await answer.getByLabel('Preview of answer').waitFor();
    expect(JSON.parse(await answer.getByLabel('Preview of answer').innerText())).toMatchObject({
      status: 401,
      title: 'Unauthorized',
    });
    await shots('editor');
    await rules.save();
    expect(await rules.rule('No token → 401').innerText()).toMatch(
      /when header authorization is missing → 401/,
    );

    const without = await fetch(`${session.studio.apiUrl}/todos/1`);
    expect(without.status).toBe(401);
    expect(without.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await without.json()).toMatchObject({ status: 401, title: 'Unauthorized' });
    const withToken = await fetch(`${session.studio.apiUrl}/todos/1`, { headers: AUTH });
    expect(withToken.status).toBe(200);

    const file = JSON.parse(
      await readFile(join(session.studio.dir, 'mock-rules.json'), 'utf8'),
    ) as { rules: { name: string; when: unknown[] }[] };
    expect(file.rules).toMatchObject([
      {
        name: 'No token → 401',
        when: [{ part: 'header', name: 'authorization', matcher: 'missing' }],
      },
    ]);
    await shots('inspector');
  });

  it('answers a sequence in turn: the third call fails with 503', async () => {
    const { page } = session.ui;
    const rules = new RulesPage(page);
    await new InspectorPage(page).back.click();
    await new InspectorPage(page).open('GET', '/todos');
    await rules.addRule.click();
    await rules.name.fill('Third call fails');
    await rules.answer(0).getByRole('textbox', { name: 'Body' }).fill('[]');
    await rules.editor.getByRole('button', { name: 'Add answer' }).click();
    await rules.editor.getByRole('button', { name: 'Add answer' }).click();
    const second = rules.answer(2);
    await second.getByRole('textbox', { name: 'Status' }).fill('200');
    await second.getByRole('textbox', { name: 'Body' }).fill('[]');
    // A new answer starts as a 200 (issue 48), to be made the failure here.
    const third = rules.answer(3).getByRole('textbox', { name: 'Status' });
    expect(await third.inputValue()).toBe('200');
    await third.fill('503');
    await rules.save();
    expect(await rules.rule('Third call fails').innerText()).toMatch(/200, 200, 503 in turn/);

    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await fetch(`${session.studio.apiUrl}/todos`)).status);
    expect(statuses).toEqual([200, 200, 503, 200]);

    // Switched off, the route answers as generated again, and the rule is kept.
    await rules.rule('Third call fails').getByRole('checkbox').uncheck();
    await eventually(async () =>
      expect(await rules.rule('Third call fails').innerText()).toMatch(/off/),
    );
    await eventually(async () => {
      const generated = await fetch(`${session.studio.apiUrl}/todos`);
      expect(generated.headers.get('x-total-count')).not.toBeNull();
    });
    expect(await rules.rule('Third call fails').getByRole('checkbox').isChecked()).toBe(false);

    // The route's Delay / fail dialog holds its rules too; Escape closes only the topmost dialog.
    await new InspectorPage(page).back.click();
    // Endpoints still counts the switched-off rule (issue 48), with a badge of its own.
    const row = new EndpointsPage(page).row('GET', '/todos');
    await expect.poll(() => row.innerText()).toMatch(/\b1 off\b/);
    expect(await row.locator('.badge.off').count()).toBe(1);
    await themedShots(page, 'endpoints-rule-off');
    await page.getByRole('button', { name: 'Delay & failure GET /todos', exact: true }).click();
    const behaviour = page.getByRole('dialog', { name: 'Behaviour of GET /todos' });
    await behaviour.getByRole('button', { name: 'Edit rule Third call fails' }).click();
    await rules.editor.waitFor();
    await page.keyboard.press('Escape');
    await rules.editor.waitFor({ state: 'detached' });
    expect(await behaviour.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await behaviour.waitFor({ state: 'detached' });
  });

  it('makes a rule from a captured exchange with "Answer like this"', async () => {
    const { page } = session.ui;
    const api = session.studio.apiUrl;
    const before = (await (await fetch(`${api}/todos/2`, { headers: AUTH })).json()) as {
      content: string;
    };
    await new Frame(page).open('Traffic');
    const traffic = new TrafficPage(page);
    await traffic.filterText('/todos/2');
    await traffic.row('/todos/2').first().click();
    await traffic.detail.getByRole('button', { name: 'Answer like this…' }).click();
    const rules = new RulesPage(page);
    await rules.editor.waitFor();
    expect(await rules.name.inputValue()).toBe('Like GET /todos/2');
    await rules.save();

    // The record changes; the rule still answers as the exchange was answered.
    const patched = await fetch(`${api}/todos/2`, {
      method: 'PATCH',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'changed after the capture' }),
    });
    expect(patched.status).toBe(200);
    const answered = (await (await fetch(`${api}/todos/2`, { headers: AUTH })).json()) as {
      content: string;
    };
    expect(answered.content).toBe(before.content);
    // Traffic names the rule that answered.
    await traffic.filterText('/todos/2');
    await eventually(async () => expect(await traffic.list.innerText()).toMatch(/rule/));
    expect(session.ui.problems.filter((p) => !/status of 4\d\d|status of 503/.test(p))).toEqual([]);
  });

  it('shows a hand edit that does not load, keeps the last good rules, and lists orphaned ones', async () => {
    const { page } = session.ui;
    const file = join(session.studio.dir, 'mock-rules.json');
    const good = JSON.parse(await readFile(file, 'utf8')) as { rules: { path: string }[] };
    await new Frame(page).open('Endpoints');
    await writeFile(file, '{ "rules": [ { "id": 1 } ');
    const problem = page.getByRole('alert', { name: 'Rules file problem' });
    await problem.waitFor();
    expect(await problem.innerText()).toMatch(/mock-rules\.json does not load/);
    // The last good rules still answer.
    expect((await fetch(`${session.studio.apiUrl}/todos/1`)).status).toBe(401);
    await screenshot(page, 'rules-file-problem-light');

    const gone = { ...good.rules[0], id: 'gone', name: 'Old route', path: '/nowhere/:id' };
    await writeFile(file, JSON.stringify({ rules: [...good.rules, gone] }, null, 2));
    await problem.waitFor({ state: 'detached' });
    const orphaned = page.getByRole('region', { name: 'Rules without a route' });
    await orphaned.waitFor();
    expect(await orphaned.innerText()).toMatch(/Old route\s+GET \/nowhere\/:id/);
    await screenshot(page, 'rules-orphaned-light');
    await orphaned.getByRole('button', { name: 'Delete rule Old route' }).click();
    await orphaned.waitFor({ state: 'detached' });
    expect(await readFile(file, 'utf8')).not.toContain('Old route');
  });
});
