/**
 * Issue 42 on PostgreSQL: closing an open model from the designer. An open model keeps its
 * undeclared fields in a `$extra` jsonb column; Fit drops them with the column, Keep leaves the
 * column and its values (unanswered while the model is closed: a documented difference from the
 * file store, whose closed model answers what it kept), and opening the model again answers them.
 */
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';

import type { ModelEdit, ModelEditPreview, ModelEditResult } from '../contract/control-api.js';
import { removeTempProjects, writeTempProject } from '../loader/test-support/temp-project.js';
import { startStudioFixture, type StudioFixture } from '../test-support/studio-fixture.js';
import { describeWithPostgres } from '../test-support/postgres-cluster.js';
import { useStore } from '../test-support/store-choice.js';
import { hashesOf } from './test-support/model-edits.js';

const OPEN_PRODUCT = `import { Rest } from 'decorest';

@Rest({ open: true })
export class Product {
  id!: number;
  name!: string;
}
`;

type Row = Record<string, unknown>;

describeWithPostgres('closing an open model on PostgreSQL', () => {
  const freshDatabase = useStore('postgres');
  let f: StudioFixture | undefined;
  let client: pg.Client | undefined;

  afterEach(async () => {
    await client?.end();
    client = undefined;
    await f?.dispose();
    f = undefined;
    removeTempProjects();
  });

  /** A studio on a fresh database whose one product holds an undeclared `color`. */
  async function start(): Promise<{ studio: StudioFixture; id: unknown }> {
    const { database } = await freshDatabase();
    const dir = writeTempProject({ 'product.ts': OPEN_PRODUCT });
    f = await startStudioFixture(dir, { database: database! });
    client = new pg.Client({ connectionString: database! });
    await client.connect();
    const created = await f.mock('POST', '/products', { name: 'Pen', color: 'red' });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ name: 'Pen', color: 'red' });
    return { studio: f, id: (created.json as Row)['id'] };
  }

  async function columns(): Promise<string[]> {
    const { rows } = await client!.query<{ name: string }>(
      `SELECT column_name AS name FROM information_schema.columns
        WHERE table_name = 'products' ORDER BY ordinal_position`,
    );
    return rows.map((r) => r.name);
  }

  async function applied(edit: ModelEdit): Promise<ModelEditPreview> {
    const preview = await f!.api('POST', '/model-edits/preview', { edit });
    expect(preview.status, preview.text).toBe(200);
    const seen = preview.json as ModelEditPreview;
    const done = await f!.api('POST', '/model-edits', { edit, hashes: hashesOf(seen) });
    expect(done.status, done.text).toBe(200);
    expect((done.json as ModelEditResult).project.state).toBe('loaded');
    return seen;
  }

  const setOpen = (open: boolean, fit?: true): ModelEdit => ({
    kind: 'setOpen',
    model: 'Product',
    open,
    ...(fit ? { fit } : {}),
  });

  it('keeps $extra with Keep: the closed model refuses new fields and loses none', async () => {
    const { studio, id } = await start();
    expect(await columns()).toContain('$extra');

    const keep = await applied(setOpen(false));
    expect(keep.migration).toBeUndefined();
    expect(keep.breaking).toMatchObject({ records: 1 });
    expect(await columns()).toContain('$extra');
    const kept = await studio.mock('GET', `/products/${String(id)}`);
    expect(kept.json).toEqual({ id, name: 'Pen' });
    const renamed = await studio.mock('PUT', `/products/${String(id)}`, { name: 'Pencil' });
    expect(renamed.status, renamed.text).toBe(200);
    const refused = await studio.mock('POST', '/products', { name: 'Cup', color: 'blue' });
    expect(refused.status, refused.text).toBe(422);

    await applied(setOpen(true));
    const created = await studio.mock('POST', '/products', { name: 'Cup', color: 'blue' });
    expect(created.status, created.text).toBe(201);
    const back = await studio.mock('GET', '/products');
    expect(back.json).toEqual([
      { id, name: 'Pencil', color: 'red' },
      { id: (created.json as Row)['id'], name: 'Cup', color: 'blue' },
    ]);
  });

  it('drops $extra and its values with Fit', async () => {
    const { studio, id } = await start();

    const fit = await applied(setOpen(false, true));
    expect(fit.migration).toMatchObject({ action: 'dropUndeclared', records: 1 });
    expect(await columns()).not.toContain('$extra');
    expect((await studio.mock('GET', `/products/${String(id)}`)).json).toEqual({ id, name: 'Pen' });

    await applied(setOpen(true));
    expect(await columns()).toContain('$extra');
    expect((await studio.mock('GET', `/products/${String(id)}`)).json).toEqual({ id, name: 'Pen' });
  });
});
