/**
 * Issue 47, request chaining in the Console: "Save from answer" takes the id a POST created
 * (a JSON pointer) and its Location (a header); Send shows what it saved and the next request
 * uses `{{todoId}}`; the rows are saved in the request's file as `set`; Run folder runs the
 * chain again, the POST's new id filling the GET. Both themes, axe.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { themedShots, useStudioSession } from './fixtures.js';
import { ConsolePage } from './pages/console.page.js';
import { StudioPage as Frame } from './pages/studio.page.js';

const session = useStudioSession(undefined, { width: 1280, height: 800 });

describe('Save from answer (issue 47)', () => {
  it('saves the id a POST created for the GET after it, in Send and in Run folder', async () => {
    const { page } = session.ui;
    const frame = new Frame(page);
    const c = new ConsolePage(page);
    await frame.open('Console');

    await c.method.selectOption('POST');
    await c.url.fill('/todos');
    await c.setBody('{"content":"Chained","completed":false,"user":1}');
    await c.saveFromAnswer('todoId', '/id');
    await c.saveFromAnswer('todoUrl', 'header:Location');
    await c.send.click();
    await expect.poll(() => c.status.innerText()).toMatch(/^201/);
    await c.testResults.getByText('All 2 values were saved').waitFor();
    await c.testResults.getByText('save todoId from /id').waitFor();
    await c.testResults.getByText('= 7').waitFor();
    await c.testResults.getByText('= "/todos/7"').waitFor();
    await themedShots(page, 'console-chaining-saved');
    await c.saveAs('Create todo', 'chain');
    const file = JSON.parse(
      await readFile(join(session.studio.dir, 'requests', 'chain', 'Create todo.json'), 'utf8'),
    ) as { set?: unknown };
    expect(file.set).toEqual({ todoId: '/id', todoUrl: 'header:Location' });

    // The next request uses what the answer gave.
    await c.newTab.click();
    await c.url.fill('/todos/{{todoId}}');
    await page.getByRole('button', { name: '+ Add test' }).click();
    await c.send.click();
    await expect.poll(() => c.status.innerText()).toMatch(/^200/);
    await c.responseBody.getByText('"Chained"').waitFor();
    await c.saveAs('Read todo', 'chain');

    // A run does it again from the start: the POST makes todo 8, the GET reads 8.
    await c.savedTab.click();
    await page.getByRole('button', { name: 'Run folder chain' }).click();
    const run = page.getByRole('dialog', { name: 'Run folder chain' });
    await run.getByRole('status').filter({ hasText: '2 passed, 0 failed' }).waitFor();
    await run.getByRole('list', { name: 'Run results' }).getByText('= 8').waitFor();
    await themedShots(page, 'console-chaining-run');
    await run.getByRole('button', { name: 'Done' }).click();
  });

  it("checks a list's length, a number compared and a value's type, naming the one that fails", async () => {
    const { page } = session.ui;
    const c = new ConsolePage(page);
    const todos = (await (await fetch(`${session.studio.apiUrl}/todos`)).json()) as unknown[];
    await c.newTab.click();
    await c.url.fill('/todos');
    const add = page.getByRole('button', { name: '+ Add test' });
    const kind = (n: number, label: string) =>
      page.getByLabel(`Test ${n} kind`).selectOption({ label });
    await add.click(); // 1: status is 200
    await add.click();
    await kind(2, 'JSON length is');
    await page.getByLabel('Test 2 JSON pointer').fill('');
    await page.getByLabel('Test 2 length').fill(String(todos.length));
    await add.click();
    await kind(3, 'JSON number is');
    await page.getByLabel('Test 3 JSON pointer').fill('/0/id');
    await page.getByLabel('Test 3 comparison').selectOption({ label: '≥' });
    await page.getByLabel('Test 3 number').fill('1');
    await add.click();
    // Removing a row shows each row below it with its own value (they kept the removed one's).
    await kind(4, 'JSON value equals');
    await page.getByLabel('Test 4 JSON pointer').fill('/0/id');
    await page.getByLabel('Test 4 expected value').fill('1');
    await add.click();
    await kind(5, 'JSON value equals');
    await page.getByLabel('Test 5 JSON pointer').fill('/1/id');
    await page.getByLabel('Test 5 expected value').fill('99');
    await page.getByRole('button', { name: 'Remove test 4' }).click();
    expect(await page.getByLabel('Test 4 expected value').inputValue()).toBe('99');
    // Another kind keeps what the test reads and its value.
    await kind(4, 'JSON value is not');
    expect(await page.getByLabel('Test 4 JSON pointer').inputValue()).toBe('/1/id');
    expect(await page.getByLabel('Test 4 expected value').inputValue()).toBe('99');
    await add.click();
    await kind(5, 'JSON type is');
    await page.getByLabel('Test 5 JSON pointer').fill('/0/content');
    await page.getByLabel('Test 5 type').selectOption('number');
    await c.send.click();
    await c.testResults.getByText('1 of 5 tests failed').waitFor();
    expect(await c.testResults.innerText()).toMatch(/\/0\/content is a number[\s\S]*got "/);
    await themedShots(page, 'console-tests-kinds');
    expect(session.ui.problems).toEqual([]);
  });
});
