/**
 * Issue 41/47, "Run collection" in the Console: with nothing saved the button is there,
 * disabled, with the reason; two folders of saved requests (listed in the collection's order,
 * "Users" before "Todos", not by name) run as one list with Run folder's results: each request
 * passed or failed, each test, the failed one with what it expected and what came back, a
 * request with an unknown variable failed naming it, a file that does not read failed naming
 * where; the CI command to copy; a run in progress shown "n of m" and stopped with Stop. Both
 * themes, axe.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RequestAssertion } from '../core/src/contract/requests-api.js';
import { themedShots, useStudioSession } from './fixtures.js';
import { CollectionPage } from './pages/collection.page.js';
import { ConsolePage } from './pages/console.page.js';
import { StudioPage as Frame } from './pages/studio.page.js';

// The project starts with an environment and no saved request (the empty state comes first);
// the saved requests are written later, `requests/` and a folder in it at once (`mkdir -p`),
// as a pull would bring them: the studio hears files saved there afterwards.
const session = useStudioSession(async (dir) => {
  await mkdir(join(dir, 'environments'));
  await writeFile(
    join(dir, 'environments', 'Local.json'),
    JSON.stringify({ version: 1, name: 'Local', variables: [{ name: 'userId', value: '2' }] }),
  );
});

/** Another host that never answers: a request on its way, for Stop to cancel. */
let hang: Server;
let hangUrl = '';
const held: ServerResponse[] = [];
beforeAll(async () => {
  hang = createServer((_req: IncomingMessage, res) => void held.push(res));
  await new Promise<void>((resolve) => hang.listen(0, '127.0.0.1', resolve));
  hangUrl = `http://127.0.0.1:${(hang.address() as AddressInfo).port}/hang`;
});
afterAll(async () => {
  for (const res of held) res.destroy();
  hang.closeAllConnections();
  await new Promise((resolve) => hang.close(resolve));
});

function shots(name: string): Promise<void> {
  return themedShots(session.ui.page, `run-collection-${name}`);
}

/** Writes `requests/<folder>/<name>.json` as the studio would. */
async function saveFile(
  folder: string,
  name: string,
  seq: number,
  url: string,
  assertions: RequestAssertion[],
): Promise<void> {
  await mkdir(join(session.studio.dir, 'requests', folder), { recursive: true });
  const request = {
    version: 1,
    name,
    seq,
    method: 'GET',
    url,
    headers: [],
    body: { kind: 'none' },
    auth: { kind: 'none' },
    assertions,
  };
  await writeFile(
    join(session.studio.dir, 'requests', folder, `${name}.json`),
    JSON.stringify(request, null, 2),
  );
}

const ok: RequestAssertion = { kind: 'status', equals: 200 };

describe('Run collection (issue 47)', () => {
  it('says why it cannot run with nothing saved', async () => {
    const { page } = session.ui;
    const collection = new CollectionPage(page);
    const consolePage = new ConsolePage(page);
    await new Frame(page).open('Console');
    await consolePage.savedTab.click();
    await collection.runCollectionButton.waitFor();
    expect(await collection.runCollectionButton.isDisabled()).toBe(true);
    expect(await collection.runCollectionButton.getAttribute('aria-describedby')).toBe(
      'run-collection-reason',
    );
    expect(await collection.runCollectionReason.innerText()).toMatch(/^Nothing to run yet/);
    await shots('empty');
  });

  it('runs both folders in the collection’s order, each request with its tests', async () => {
    const { page } = session.ui;
    const collection = new CollectionPage(page);
    const consolePage = new ConsolePage(page);
    // "Users" is imported first (seq 1–2), "Todos" after: the collection's order, not the names'.
    await saveFile('Users', 'List users', 1, '/users', [ok]);
    await saveFile('Users', 'Get user', 2, '/users/{{userId}}', [
      ok,
      { kind: 'json-equals', pointer: '/name', value: 'Bob Martin' },
    ]);
    await saveFile('Todos', 'Get todo', 3, '/todos/1', [
      ok,
      // Fails on purpose: the seed's first todo is done.
      { kind: 'json-equals', pointer: '/completed', value: false },
    ]);
    await saveFile('Todos', 'Todos of a token', 4, '/todos?user={{token}}', [ok]);
    await saveFile('Todos', 'List todos', 5, '/todos', [ok]);
    await mkdir(join(session.studio.dir, 'requests', 'Todos'), { recursive: true });
    await writeFile(join(session.studio.dir, 'requests', 'Todos', 'Broken.json'), '{ "name": ');
    // The Console hears the files and lists them, Users first.
    await consolePage.saved('List todos').waitFor();
    expect(
      await collection.folders.evaluateAll((folders) =>
        folders.map((f) => f.getAttribute('aria-label')),
      ),
    ).toEqual(['Users', 'Todos']);
    await consolePage.environment.selectOption('Local');
    await shots('saved');

    // Keyboard reachable: focused and pressed with Enter.
    expect(await collection.runCollectionButton.isDisabled()).toBe(false);
    await collection.runCollectionButton.focus();
    await page.keyboard.press('Enter');
    await collection.runDialog.waitFor();
    await collection.runStatus.filter({ hasText: '3 passed, 3 failed' }).waitFor();

    const list = await collection.runResults.innerText();
    expect(list).toMatch(
      /List users[\s\S]*Get user[\s\S]*Get todo[\s\S]*Todos of a token[\s\S]*List todos[\s\S]*Todos\/Broken\.json/,
    );
    // Per request and per test, the failed one with its expected value and what came back.
    await collection.runItem('Get user').getByText('passed', { exact: true }).waitFor();
    expect(await collection.runTests('Get user').innerText()).toMatch(
      /Passed:\s*status is 200[\s\S]*Passed:\s*\/name equals "Bob Martin"/,
    );
    await collection.runItem('Get todo').getByText('failed', { exact: true }).waitFor();
    expect(await collection.runTests('Get todo').innerText()).toMatch(
      /Passed:\s*status is 200[\s\S]*Failed:\s*\/completed equals false\s*— got true/,
    );
    expect(await collection.runItem('Get todo').innerText()).toMatch(/\b200\b[\s\S]*\bms\b/);
    // Its answer opens from the results: headers and the body, laid out.
    await collection.runItem('Get todo').getByText('Answer of Get todo').click();
    await expect
      .poll(() => page.getByLabel('Body of Get todo').innerText())
      .toMatch(/"completed": true/);
    expect(await page.getByRole('table', { name: 'Headers of Get todo' }).innerText()).toMatch(
      /content-type\s+application\/json/i,
    );
    // Not sent: the variable is named; the run went on after it.
    expect(await collection.runItem('Todos of a token').innerText()).toMatch(
      /Unknown variable \{\{token\}\}/,
    );
    await collection.runItem('List todos').getByText('passed', { exact: true }).waitFor();
    expect(await collection.runItem('Todos/Broken.json').innerText()).toMatch(
      /does not read \(at [^)]+\)/,
    );

    // The same run in CI (CONTRACT §7), to copy.
    const command = 'npx decorest run . requests --env Local --serve';
    expect(await collection.ciSection.getByText(command, { exact: true }).count()).toBe(1);
    await collection.copyCiCommand.click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(command);
    await shots('results');
    await collection.runDialog.getByRole('button', { name: 'Done' }).click();
    await collection.runDialog.waitFor({ state: 'detached' });
  });

  it('shows a run in progress and stops it with Stop, the rest not run', async () => {
    const { page } = session.ui;
    const collection = new CollectionPage(page);
    const consolePage = new ConsolePage(page);
    // First of all (seq 0): a host that never answers.
    await saveFile('Users', 'Slow host', 0, hangUrl, [ok]);
    await consolePage.saved('Slow host').waitFor();
    await collection.runCollectionButton.click();
    await collection.runStatus.filter({ hasText: 'Running 1 of 6…' }).waitFor();
    await collection.runItem('Slow host').getByText('running…').waitFor();
    await shots('running');
    await collection.runDialog.getByRole('button', { name: 'Stop' }).click();
    await collection.runStatus.filter({ hasText: 'stopped: 5 not run' }).waitFor();
    expect(await collection.runItem('Slow host').innerText()).toMatch(/Stopped\./);
    expect(await collection.runItem('List users').innerText()).toMatch(/not run/);
    await collection.runDialog.getByRole('button', { name: 'Run again' }).waitFor();
    await collection.runDialog.getByRole('button', { name: 'Done' }).click();
  });
});
