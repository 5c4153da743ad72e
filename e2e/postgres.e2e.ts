/**
 * Issue 26 in the browser: the studio on a PostgreSQL database, beside a second
 * `decorest serve` on the same database (a team's shared mock API). The server bar names the
 * database; a cell edited in the grid is read through the other server; a record written
 * through the other server appears in the grid live; a field renamed with its values; a reset
 * to the seed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';

import {
  describeWithPostgres,
  type PostgresCluster,
  startPostgres,
} from '../core/src/test-support/postgres-cluster.js';
import {
  axeViolations,
  eventually,
  launchBrowser,
  openStudio,
  REPO,
  screenshot,
  startStudio,
  type Studio,
  type StudioPage,
} from './fixtures.js';
import { BehaviourPage } from './pages/behaviour.page.js';
import { DataPage } from './pages/data.page.js';
import { ModelEditPage } from './pages/model-edit.page.js';
import { ModelsPage } from './pages/models.page.js';
import { StudioPage as Frame } from './pages/studio.page.js';

/** `decorest serve` on the studio's folder and database: the team mate's server. */
async function serveBeside(dir: string, database: string): Promise<{ url: string; stop(): void }> {
  const child: ChildProcess = spawn(
    process.execPath,
    [join(REPO, 'core', 'bin', 'decorest.js'), 'serve', dir, '--port', '0', '--database', database],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve printed no URL:\n${out}`)), 30_000);
    child.stdout!.on('data', () => {
      const found = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}:\n${out}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

async function json(url: string, init?: RequestInit): Promise<Record<string, unknown>> {
  const answer = await fetch(url, init);
  return (await answer.json()) as Record<string, unknown>;
}

describeWithPostgres('The studio on PostgreSQL, beside a second server', () => {
  let cluster: PostgresCluster;
  let studio: Studio;
  let other: { url: string; stop(): void };
  let browser: Browser;
  let ui: StudioPage;

  beforeAll(async () => {
    cluster = await startPostgres();
    [studio, browser] = await Promise.all([
      startStudio(undefined, ['--database', cluster.url]),
      launchBrowser(),
    ]);
    // The studio made the tables and imported the seed; the second server finds them.
    other = await serveBeside(studio.dir, cluster.url);
    ui = await openStudio(browser, studio);
  }, 120_000);
  afterAll(async () => {
    other?.stop();
    await browser?.close();
    await studio?.stop();
    await cluster?.stop();
  });

  it('names the database in the server bar, never the password', async () => {
    const frame = new Frame(ui.page);
    const address = /^postgres@127\.0\.0\.1:\d+\/decorest_test$/;
    await eventually(async () =>
      expect(await frame.storage.getAttribute('aria-label')).toMatch(/^Records in PostgreSQL: /),
    );
    const name = (await frame.storage.getAttribute('aria-label'))!;
    expect(name.replace('Records in PostgreSQL: ', '')).toMatch(address);
    await screenshot(ui.page, 'postgres-server-bar');
  });

  it('writes a cell that the other server reads, and shows what the other server wrote', async () => {
    const frame = new Frame(ui.page);
    const data = new DataPage(ui.page);
    await frame.open('Data');
    await data.chooseModel('Todo');
    await data.grid('Todo').waitFor();
    await data.editCell('Todo', 1, 'content', 'Edited in the studio');
    await eventually(async () =>
      expect((await json(`${other.url}/todos/1`))['content']).toBe('Edited in the studio'),
    );

    // Written through the other process: the studio hears it from the database.
    const created = await json(`${other.url}/todos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Written through the second server', completed: false }),
    });
    const id = created['id'] as number;
    await eventually(async () =>
      expect(await (await data.cell('Todo', id, 'content')).innerText()).toBe(
        'Written through the second server',
      ),
    );
    await screenshot(ui.page, 'postgres-data-live');
    expect(await axeViolations(ui.page)).toEqual([]);
  });

  it('renames a field with its values: the column is renamed in the same step', async () => {
    // The second server serves the old models (no --watch): stop it before the table changes.
    other.stop();
    const frame = new Frame(ui.page);
    const models = new ModelsPage(ui.page);
    const edit = new ModelEditPage(ui.page);
    await frame.open('Models');
    await models.showModel('Todo');
    await edit.startRename('Todo', 'content', 'title');
    await edit.preview();
    await edit.apply();
    await eventually(async () =>
      expect(await json(`${studio.apiUrl}/todos/1`)).toEqual(
        expect.objectContaining({ id: 1, title: 'Edited in the studio' }),
      ),
    );
    expect(await json(`${studio.apiUrl}/todos/1`)).not.toHaveProperty('content');
  });

  it('resets to the seed in one transaction: the edit is gone, the seed follows the rename', async () => {
    const frame = new Frame(ui.page);
    const data = new DataPage(ui.page);
    const behaviour = new BehaviourPage(ui.page);
    await frame.open('Data');
    await data.chooseModel('Todo');
    const dialog = await behaviour.openReset();
    await behaviour.confirmReset(dialog);
    await ui.page.getByRole('status').filter({ hasText: 'Reset to seed:' }).waitFor();
    const first = await json(`${studio.apiUrl}/todos/1`);
    expect(first['title']).toBe('Read the model files in this folder');
    const all = (await (await fetch(`${studio.apiUrl}/todos`)).json()) as unknown[];
    expect(all.some((t) => (t as { title?: string }).title?.includes('second server'))).toBe(false);
    expect(ui.problems, studio.output()).toEqual([]);
  });
});
