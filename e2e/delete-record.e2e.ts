/**
 * Issue 23: the Data view's delete dialog counts what a delete reaches, per relation and rule
 * and through cascades, before anything is written, and has Cancel focused, so the Delete key
 * then Enter keeps the record. The example gets users with posts (cascade) whose comments
 * stay with `post` nulled, and bans that refuse a delete (restrict).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

import { eventually, screenshot, themedShots, useStudioSession } from './fixtures.js';
import { DataPage } from './pages/data.page.js';
import { StudioPage as Frame } from './pages/studio.page.js';

const POSTS_OF_ANN = 6;
const COMMENTS_PER_POST = 250;

async function prepare(dir: string): Promise<void> {
  const user = await readFile(join(dir, 'user.ts'), 'utf8');
  await writeFile(
    join(dir, 'user.ts'),
    user
      .replace(
        "import { Todo } from './todo.js';",
        "import { Ban } from './ban.js';\nimport { Post } from './post.js';\nimport { Todo } from './todo.js';",
      )
      .replace(
        '  todos!: Todo[];',
        "  todos!: Todo[];\n\n  @HasMany({ onDelete: 'cascade' })\n  posts!: Post[];\n\n  @HasMany({ onDelete: 'restrict' })\n  bans!: Ban[];",
      ),
  );
  const model = (name: string, body: string, imports: string) =>
    writeFile(
      join(dir, `${name.toLowerCase()}.ts`),
      `import { ${imports} } from 'decorest';\n\n${body}`,
    );
  await model(
    'Post',
    `import { Comment } from './comment.js';\nimport { User } from './user.js';\n\n@Rest\n@FromDataSource\nexport class Post {\n  id!: number;\n  title!: string;\n\n  @BelongTo\n  user?: User;\n\n  @HasMany\n  comments!: Comment[];\n}\n`,
    'BelongTo, FromDataSource, HasMany, Rest',
  );
  await model(
    'Comment',
    `import { Post } from './post.js';\n\n@Rest\n@FromDataSource\nexport class Comment {\n  id!: number;\n  text!: string;\n\n  @BelongTo\n  post?: Post;\n}\n`,
    'BelongTo, FromDataSource, Rest',
  );
  await model(
    'Ban',
    `import { User } from './user.js';\n\n@Rest\n@FromDataSource\nexport class Ban {\n  id!: number;\n  reason!: string;\n\n  @BelongTo\n  user?: User;\n}\n`,
    'BelongTo, FromDataSource, Rest',
  );
  await mkdir(join(dir, 'seed'), { recursive: true });
  const posts = [
    ...Array.from({ length: POSTS_OF_ANN }, (_, i) => ({ id: i + 1, title: `Ann ${i}`, user: 1 })),
    { id: POSTS_OF_ANN + 1, title: 'Bob', user: 2 },
  ];
  const comments = posts.flatMap((p) =>
    Array.from({ length: p.user === 1 ? COMMENTS_PER_POST : 3 }, () => ({
      text: 'Nice',
      post: p.id,
    })),
  );
  await writeFile(join(dir, 'seed', 'posts.json'), JSON.stringify(posts));
  await writeFile(
    join(dir, 'seed', 'comments.json'),
    JSON.stringify(comments.map((c, i) => ({ id: i + 1, ...c }))),
  );
  await writeFile(
    join(dir, 'seed', 'bans.json'),
    JSON.stringify([{ id: 1, reason: 'spam', user: 3 }]),
  );
}

let data: DataPage;
const session = useStudioSession(prepare);
beforeAll(async () => {
  data = new DataPage(session.ui.page);
  await new Frame(session.ui.page).open('Data');
  await data.chooseModel('User');
  await data.grid('User').waitFor();
});

const status = async (path: string) => (await fetch(`${session.studio.apiUrl}${path}`)).status;
const list = async (path: string) =>
  (await (await fetch(`${session.studio.apiUrl}${path}`)).json()) as unknown[];

describe('Deleting a record from the Data view', () => {
  it('counts what the delete reaches, per relation and rule, with Cancel focused', async () => {
    const todosOfAnn = (await list('/todos?user=1')).length;
    await (await data.cell('User', 1, 'name')).click();
    await session.ui.page.keyboard.press('Delete');
    const dialog = session.ui.page.getByRole('dialog', { name: 'Delete User 1?' });
    const counts = dialog.getByRole('status', { name: 'Records the delete reaches' });
    await counts
      .getByText(`${POSTS_OF_ANN} Post records whose user is this one are deleted too.`)
      .waitFor();
    expect(await counts.innerText()).toContain(
      `${(POSTS_OF_ANN * COMMENTS_PER_POST).toLocaleString('en')} Comment records lose their post (a Post it deletes): set to null.`,
    );
    expect(await counts.innerText()).toContain(
      `${todosOfAnn} Todo records lose their user: set to null.`,
    );
    expect(
      await dialog
        .getByRole('button', { name: 'Cancel' })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);
    await themedShots(session.ui.page, 'data-delete-counts');

    // Delete then Enter: the focused Cancel closes the dialog and nothing is deleted.
    await session.ui.page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await status('/users/1')).toBe(200);
    expect(await list('/users/1/posts')).toHaveLength(POSTS_OF_ANN);
  });

  it('says which records refuse the delete, and offers no Delete then', async () => {
    await (await data.cell('User', 3, 'name')).click();
    await session.ui.page.keyboard.press('Delete');
    const dialog = session.ui.page.getByRole('dialog', { name: 'Delete User 3?' });
    await dialog
      .getByText(
        '1 Ban record whose user is this one refuses the delete (restrict): delete or move it first.',
      )
      .waitFor();
    expect(await dialog.getByRole('button', { name: 'Delete', exact: true }).isDisabled()).toBe(
      true,
    );
    await screenshot(session.ui.page, 'data-delete-refused-light-1280x800');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('deletes what it counted when Delete is pressed', async () => {
    await (await data.cell('User', 2, 'name')).click();
    await session.ui.page.keyboard.press('Delete');
    const dialog = session.ui.page.getByRole('dialog', { name: 'Delete User 2?' });
    await dialog.getByText('1 Post record whose user is this one is deleted too.').waitFor();
    await dialog.getByText('3 Comment records lose their post (a Post it deletes)').waitFor();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await eventually(async () => expect(await status('/users/2')).toBe(404));
    expect(await status(`/posts/${POSTS_OF_ANN + 1}`)).toBe(404);
    expect(await list(`/comments?post=${POSTS_OF_ANN + 1}`)).toHaveLength(0);
  });

  it('gives the focus to the row above when the last row is deleted, not to the page', async () => {
    const { page } = session.ui;
    const above = String(((await list('/users')) as { id: number }[]).at(-1)!.id);
    const created = await fetch(`${session.studio.apiUrl}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Last One' }),
    });
    const lastId = ((await created.json()) as { id: number }).id;
    // The grid follows the write; the new user is its last row.
    const cell = await data.cell('User', lastId, 'name');
    await cell.waitFor();
    await cell.click();
    await page.keyboard.press('Delete');
    const dialog = page.getByRole('dialog', { name: `Delete User ${lastId}?` });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await eventually(async () => expect(await status(`/users/${lastId}`)).toBe(404));
    // The keyboard goes on from the row above (it fell to the page before).
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            document.activeElement?.closest('[role="row"]')?.querySelector('[role="gridcell"]')
              ?.textContent ?? null,
        ),
      )
      .toBe(above);
  });
});
