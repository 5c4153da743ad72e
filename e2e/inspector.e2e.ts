import { rm } from 'node:fs/promises';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import type { RouteInfo } from '../core/src/contract/control-api.js';
import { axeViolations, control, screenshot, themedShots, useStudioSession } from './fixtures.js';
import { ConsolePage } from './pages/console.page.js';
import { EndpointsPage } from './pages/endpoints.page.js';
import { InspectorPage } from './pages/inspector.page.js';
import { StudioPage as Frame } from './pages/studio.page.js';

// Issue 43: no seed, so every example the inspector shows is one the document made up.
const session = useStudioSession((dir) => rm(join(dir, 'seed'), { recursive: true, force: true }));

interface Media {
  example?: unknown;
  'x-decorest-examples'?: Record<string, { summary: string; value: unknown }>;
}
interface Answer {
  content?: Record<string, Media>;
}
interface Operation {
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, Answer>;
  'x-decorest-binding'?: { responses: Record<string, Answer> };
}

/** The document the mock API serves, as Swagger UI or Prism would read it. */
async function servedOperation(method: string, path: string): Promise<Operation> {
  const answer = await fetch(new URL('/openapi.json', session.studio.apiUrl));
  expect(answer.status).toBe(200);
  const doc = (await answer.json()) as { paths: Record<string, Record<string, Operation>> };
  return doc.paths[path]![method]!;
}

const exampleOf = (answer: Answer | undefined): unknown =>
  Object.values(answer?.content ?? {})[0]?.example;

describe('Endpoint inspector (issue 29)', () => {
  it('shows POST /todos from the OpenAPI document: body fields, a 422 naming a field, Try it', async () => {
    const { page } = session.ui;
    const frame = new Frame(page);
    const inspector = new InspectorPage(page);
    await frame.open('Endpoints');
    await new EndpointsPage(page).table.waitFor();
    await inspector.open('POST', '/todos');

    // The body's fields, types and required ones, from the document's TodoCreate.
    await expect.poll(() => inspector.requestFields.count()).toBeGreaterThan(2);
    const rows = await inspector.requestFields.allInnerTexts();
    expect(rows.find((r) => r.startsWith('content'))).toMatch(/string\s+required/);
    expect(rows.find((r) => r.startsWith('user'))).toMatch(/id of User/);
    // The body and each problem are the examples of the served document, as they are.
    const post = await servedOperation('post', '/todos');
    const body = post.requestBody!.content['application/json']!.example;
    expect(body).toMatchObject({ content: expect.stringMatching(/\S/) as unknown });
    await expect
      .poll(async () => JSON.parse(await inspector.requestExample.innerText()) as unknown)
      .toEqual(body);

    // Every status with an example; the 422 is RFC 9457 and names a real field of Todo.
    const problem = (await inspector.example('422')) as {
      status: number;
      type: string;
      errors: { field: string; message: string }[];
    };
    expect(problem).toEqual(exampleOf(post['x-decorest-binding']!.responses['422']));
    expect(problem).toMatchObject({ status: 422, type: 'validation-error' });
    expect(['content', 'completed', 'user']).toContain(problem.errors[0]!.field);
    await page.getByLabel('Example 422 body', { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'inspector-post-todos-422-light');
    // The status tabs move with the arrow keys.
    await inspector.status('422').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => inspector.status('500').getAttribute('aria-selected')).toBe('true');
    expect(await inspector.example('500')).toEqual(exampleOf(post.responses['500']));

    await inspector.snippet('fetch').click();
    expect(await inspector.snippetText.innerText()).toContain('method: "POST"');

    await themedShots(page, 'inspector-post-todos');

    await inspector.tryIt.click();
    const consolePage = new ConsolePage(page);
    expect(await consolePage.method.inputValue()).toBe('POST');
    expect(await consolePage.url.inputValue()).toBe('/todos');
    await expect
      .poll(async () => JSON.parse(await consolePage.body.innerText()) as unknown)
      .toMatchObject({ content: expect.stringMatching(/\S/) as unknown });
  });

  it('shows GET /todos with its query conventions; an example opens the Console filled in', async () => {
    const { page } = session.ui;
    const inspector = new InspectorPage(page);
    await new Frame(page).open('Endpoints');
    await new EndpointsPage(page).table.waitFor();
    await inspector.open('GET', '/todos');
    const list = (await inspector.example('200')) as unknown[];
    expect(list.length).toBeGreaterThan(0);
    const get = await servedOperation('get', '/todos');
    expect(list).toEqual(exampleOf(get.responses['200']));
    expect(await inspector.example('400')).toEqual(exampleOf(get.responses['400']));
    await inspector.queryExample('completed=').waitFor();

    await themedShots(page, 'inspector-get-todos');

    // Escape goes back to the list, to the route's link.
    await inspector.back.focus();
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Inspect GET /todos');
    await page.keyboard.press('Enter');
    await inspector.region('GET', '/todos').waitFor();

    await inspector.queryExample('completed=').click();
    const consolePage = new ConsolePage(page);
    expect(await consolePage.method.inputValue()).toBe('GET');
    expect(await consolePage.url.inputValue()).toMatch(/^\/todos\?completed=(true|false)$/);
    await consolePage.send.click();
    await expect.poll(() => consolePage.status.innerText()).toMatch(/^200/);
    expect(session.ui.problems).toEqual([]);
  });

  it('shows GET /users as the query chosen answers it: no todos, then each user’s todos (issue 48)', async () => {
    const { page } = session.ui;
    const inspector = new InspectorPage(page);
    await new Frame(page).open('Endpoints');
    await new EndpointsPage(page).table.waitFor();
    await inspector.open('GET', '/users');
    const served = (await servedOperation('get', '/users')).responses['200']!.content![
      'application/json'
    ]!;
    type User = { id: number; todos?: { user: number }[] };

    // No query: the list as stored, no children.
    const plain = (await inspector.example('200')) as User[];
    expect(plain).toEqual(served.example);
    for (const user of plain) expect(user).not.toHaveProperty('todos');
    expect(await inspector.exampleQuery.inputValue()).toBe('');

    // ?embed=todos: the document's answer to it, each user's todos linked to that user.
    await inspector.chooseExampleQuery('embed=todos');
    await expect
      .poll(() => inspector.example('200'))
      .toEqual(served['x-decorest-examples']!['embed=todos']!.value);
    const embedded = (await inspector.example('200')) as User[];
    expect(embedded.some((u) => u.todos!.length > 0)).toBe(true);
    for (const user of embedded) for (const todo of user.todos!) expect(todo.user).toBe(user.id);
    // The select's description says what the chosen query adds.
    expect(await inspector.exampleQueryDescription()).toMatch(/^Each User with its todos/);
    await page.getByLabel('Example 200 body', { exact: true }).scrollIntoViewIfNeeded();
    await themedShots(page, 'inspector-get-users-embed', { wide: true });

    // Back to no query: no children again.
    await inspector.chooseExampleQuery('');
    await expect.poll(() => inspector.example('200')).toEqual(served.example);
    await inspector.back.click();
    expect(session.ui.problems).toEqual([]);
  });

  it('shows GET /users/:id with its todos on ?embed=todos, and only the includes it reads (issue 48)', async () => {
    const { page } = session.ui;
    const inspector = new InspectorPage(page);
    await new Frame(page).open('Endpoints');
    await new EndpointsPage(page).table.waitFor();
    await inspector.open('GET', '/users/:id');
    const operation = await servedOperation('get', '/users/{id}');
    const served = operation.responses['200']!.content!['application/json']!;
    type User = { id: number; todos?: { user: number }[] };

    // No query: the user as stored, without todos.
    const plain = (await inspector.example('200')) as User;
    expect(plain).toEqual(served.example);
    expect(plain).not.toHaveProperty('todos');
    expect(await inspector.exampleQuery.inputValue()).toBe('');

    // ?embed=todos: the document's answer, this user's todos.
    await inspector.chooseExampleQuery('embed=todos');
    const variant = served['x-decorest-examples']!['embed=todos']!.value as User;
    await expect.poll(() => inspector.example('200')).toEqual(variant);
    expect(variant.id).toBe(plain.id);
    expect(variant.todos!.length).toBeGreaterThan(0);
    for (const todo of variant.todos!) expect(todo.user).toBe(plain.id);
    expect(await inspector.exampleQueryDescription()).toMatch(/^The User with its todos/);

    // Its query examples are the includes alone: no paging or filter, which one record ignores.
    await inspector.queryExample('embed=todos').waitFor();
    expect(await inspector.queryExample('limit=').count()).toBe(0);
    expect(await inspector.queryExample('name').count()).toBe(0);
    // Sent from the Console (at id 1, as a read starts), it answers the user with its todos.
    const post = (path: string, body: unknown) =>
      fetch(new URL(path, session.studio.apiUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(plain.id).toBe(1);
    expect((await post('/users', plain)).status).toBe(201);
    expect(
      (await post('/users/1/todos', { content: 'Shown embedded', completed: false })).status,
    ).toBe(201);
    await inspector.queryExample('embed=todos').click();
    const consolePage = new ConsolePage(page);
    expect(await consolePage.url.inputValue()).toBe('/users/:id?embed=todos');
    await consolePage.send.click();
    await expect.poll(() => consolePage.status.innerText()).toMatch(/^200/);
    expect(await consolePage.responseBody.innerText()).toContain('Shown embedded');
    expect(session.ui.problems).toEqual([]);
  });

  it('shows a hand-mapped route with its file and line and what its operation says', async () => {
    const { page } = session.ui;
    const routes = await control<RouteInfo[]>(session.studio, '/routes');
    const hello = routes.find((r) => r.path === '/hello/:name')!;
    const inspector = new InspectorPage(page);
    await new Frame(page).open('Endpoints');
    await new EndpointsPage(page).table.waitFor();
    await inspector.open('GET', '/hello/:name');
    const region = inspector.region('GET', '/hello/:name');
    await expect
      .poll(() => region.getByRole('region', { name: 'Hand-mapped route' }).innerText())
      .toContain(`app.ts:${hello.line}`);
    expect(await region.getByRole('table', { name: 'Path parameters' }).innerText()).toMatch(
      /name\s+required\s+string/,
    );
    expect(await inspector.status('200').isVisible()).toBe(true);
    await screenshot(page, 'inspector-manual-light');
    expect(await axeViolations(page)).toEqual([]);
    expect(session.ui.problems).toEqual([]);
  });
});
