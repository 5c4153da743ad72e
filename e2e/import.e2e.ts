/**
 * Issue 28: a json-server user starts from their db.json in the studio. From the start screen of
 * a project without models: choose the file, read the preview (models, fields, the relation
 * guessed from `postId`, record counts, the singular resource not imported), create the project
 * beside the open one, and find its records in the Data view. A malformed file is explained,
 * and the Open dialog leads to the same import. Both themes, axe.
 */
import { copyFile, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { REPO, themedShots, useStudioSession } from './fixtures.js';
import { DataPage } from './pages/data.page.js';
import { ImportPage } from './pages/import.page.js';
import { StudioPage as Frame } from './pages/studio.page.js';

const README_DB = join(REPO, 'core', 'src', 'import', 'fixtures', 'json-server-readme.json');
const PETSTORE = join(REPO, 'core', 'src', 'import', 'fixtures', 'petstore-3.0.yaml');

/** json-server's README example, named as a json-server user names it, beside the project. */
let DB_JSON: string;

/** A project folder without models: the studio opens on its start screen. */
async function emptyProject(dir: string): Promise<void> {
  for (const name of await readdir(dir))
    await rm(join(dir, name), { recursive: true, force: true });
  DB_JSON = join(dirname(dir), 'db.json');
  await copyFile(README_DB, DB_JSON);
}

const session = useStudioSession(emptyProject, { width: 1280, height: 800 });

async function shots(name: string): Promise<void> {
  return themedShots(session.ui.page, `import-${name}`);
}

describe('New project from a file', () => {
  it('explains a malformed file by line and column and writes nothing', async () => {
    const page = session.ui.page;
    const importer = new ImportPage(page);
    await new Frame(page).open('Models');
    await shots('start-screen');
    await importer.startButton.click();
    await importer.dialog.waitFor();
    await shots('empty');
    const broken = join(dirname(session.studio.dir), 'broken.json');
    await writeFile(broken, '{\n  "posts": [\n    { "id": 1, }\n  ]\n}\n');
    await importer.chooseFile(broken);
    await importer.problem.waitFor();
    expect(await importer.problem.innerText()).toMatch(/broken\.json:3:\d+: is not JSON/);
    expect(await importer.create.isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await importer.dialog.waitFor({ state: 'detached' });
  });

  it('previews a db.json with its guesses, creates the project beside this one and shows its data', async () => {
    const page = session.ui.page;
    const importer = new ImportPage(page);
    await importer.startButton.click();
    await importer.chooseFile(DB_JSON);
    await importer.preview.waitFor();
    await shots('preview');

    expect(await importer.summary.innerText()).toMatch(
      /json-server db\.json.*2 models.*6 records/s,
    );
    await importer.model('Post').waitFor();
    expect(await importer.model('Post').innerText()).toMatch(/3 records/);
    // Imported models are open (issue 42): every field optional until the user requires it.
    expect(await importer.field('Post', 'title').innerText()).toMatch(/string.*optional/s);
    // The relation is a guess: marked on its row, in words.
    const postId = importer.field('Comment', 'postId');
    expect(await postId.innerText()).toMatch(/belongs to\s+Post/);
    expect(await postId.getByText('guess', { exact: true }).count()).toBe(1);
    expect(await importer.model('Post').innerText()).toMatch(/comments.*has many\s+Comment/s);
    const notImported = importer.preview.getByRole('region', { name: 'Not imported' });
    expect(await notImported.innerText()).toMatch(/profile.*singular resource/s);

    const folder = join(dirname(session.studio.dir), 'db-api');
    expect(await importer.folder.inputValue()).toBe(folder);

    await importer.create.click();
    await importer.dialog.waitFor({ state: 'detached' });
    const frame = new Frame(page);
    await frame.serverBar.getByText('db-api', { exact: true }).waitFor();
    expect((await readdir(folder)).sort()).toEqual(
      expect.arrayContaining(['comment.ts', 'post.ts', 'seed']),
    );

    await frame.open('Data');
    const data = new DataPage(page);
    await data.chooseModel('Post');
    // Polled: the grid swaps its rows in as the model changes, and a row read mid-swap is empty.
    await expect.poll(() => data.row('Post', 3).innerText()).toContain('another json post');
    await data.chooseModel('Comment');
    await expect.poll(() => data.row('Comment', 2).innerText()).toContain('another comment');
    expect(session.ui.problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
  });

  it('is reached from the Open dialog too, and asks before replacing files that exist', async () => {
    const page = session.ui.page;
    const importer = new ImportPage(page);
    await new Frame(page).serverBar.getByRole('button', { name: 'Open…' }).click();
    await page
      .getByRole('dialog', { name: 'Open a project' })
      .getByRole('button', { name: 'New project from a file…' })
      .click();
    await importer.dialog.waitFor();

    // The same db.json again: the folder suggested is the one just written, so its files exist.
    await importer.chooseFile(DB_JSON);
    const existing = importer.dialog.getByRole('group', { name: 'Files that exist' });
    await existing.waitFor();
    expect(await existing.innerText()).toMatch(/post\.ts/);
    expect(await importer.create.isDisabled()).toBe(true);
    await importer.replace.check();
    expect(await importer.create.isEnabled()).toBe(true);

    // An OpenAPI document into a new folder instead.
    await importer.chooseFile(PETSTORE);
    await importer.model('Pet').waitFor();
    expect(await importer.summary.innerText()).toMatch(/OpenAPI document/);
    await importer.folder.fill(join(dirname(session.studio.dir), 'petstore-api'));
    await existing.waitFor({ state: 'detached' });
    await importer.create.click();
    await importer.dialog.waitFor({ state: 'detached' });
    await new Frame(page).serverBar.getByText('petstore-api', { exact: true }).waitFor();
    expect(session.ui.problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
  });
});
