/**
 * Issue 26 against a real studio on PostgreSQL: a model edit that renames, removes, retypes or
 * adds a field changes the table in the transaction the source edit is written in, so the
 * reload finds a table matching the model; a refusal (ours or the database's) writes nothing.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import pg from 'pg';
import { afterEach, expect, it } from 'vitest';

import type {
  ModelEdit,
  ModelEditPreview,
  ModelEditResult,
  Problem,
} from '../contract/control-api.js';
import { removeTempProjects, writeTempProject } from '../loader/test-support/temp-project.js';
import { describeWithPostgres } from '../test-support/postgres-cluster.js';
import { useStore } from '../test-support/store-choice.js';
import { startStudioFixture, type StudioFixture } from '../test-support/studio-fixture.js';
import { hashesOf } from './test-support/model-edits.js';

const PRODUCT = `import { Rest } from 'decorest';

@Rest
export class Product {
  id!: number;
  name!: string;
  price!: string;
  note?: string;
}
`;

const SEED = [
  { id: 1, name: 'Pen', price: '12.5', note: 'blue' },
  { id: 2, name: 'Cup', price: '3' },
];

type Row = Record<string, unknown>;

describeWithPostgres('model edits on PostgreSQL', () => {
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

  async function start(): Promise<StudioFixture> {
    const { database } = await freshDatabase();
    const dir = writeTempProject({
      'product.ts': PRODUCT,
      'seed/products.json': JSON.stringify(SEED),
    });
    f = await startStudioFixture(dir, { database: database! });
    client = new pg.Client({ connectionString: database! });
    await client.connect();
    return f;
  }

  /** The table's columns and their types, as information_schema names them. */
  async function columns(): Promise<Record<string, string>> {
    const { rows } = await client!.query<{ name: string; type: string }>(
      `SELECT column_name AS name, udt_name AS type FROM information_schema.columns
        WHERE table_name = 'products' ORDER BY ordinal_position`,
    );
    return Object.fromEntries(rows.map((r) => [r.name, r.type]));
  }

  const file = () => readFile(join(f!.dir, 'product.ts'), 'utf8');

  async function preview(edit: ModelEdit): Promise<ModelEditPreview> {
    const answer = await f!.api('POST', '/model-edits/preview', { edit });
    expect(answer.status, answer.text).toBe(200);
    return answer.json as ModelEditPreview;
  }

  async function apply(edit: ModelEdit) {
    return f!.api('POST', '/model-edits', { edit, hashes: hashesOf(await preview(edit)) });
  }

  async function applied(edit: ModelEdit): Promise<ModelEditResult> {
    const answer = await apply(edit);
    expect(answer.status, answer.text).toBe(200);
    const result = answer.json as ModelEditResult;
    expect(result.project.state, JSON.stringify(result.project.error)).toBe('loaded');
    return result;
  }

  const products = async () => (await f!.mock('GET', '/products')).json as Row[];

  it('renames a field: the column is renamed and its values read back under the new name', async () => {
    await start();
    const done = await applied({
      kind: 'renameField',
      model: 'Product',
      field: 'name',
      to: 'title',
      migrate: true,
    });
    expect(done.migrated).toBe(2);
    expect(await file()).toContain('title!: string;');
    expect(Object.keys(await columns())).toEqual(['id', 'title', 'price', 'note', '$nulls']);
    // The field's indexes (issue 44) are named after it, and renamed with it.
    const { rows: indexes } = await client!.query<{ name: string }>(
      `SELECT indexname AS name FROM pg_indexes WHERE tablename = 'products' ORDER BY 1`,
    );
    expect(indexes.map((i) => i.name).filter((n) => /_(name|title)_/.test(n))).toEqual([
      'products_title_idx',
      'products_title_trgm',
    ]);
    expect(await products()).toEqual([
      { id: 1, title: 'Pen', price: '12.5', note: 'blue' },
      { id: 2, title: 'Cup', price: '3' },
    ]);
    // The new version writes the new column.
    const created = await f!.mock('POST', '/products', { title: 'Ink', price: '1' });
    expect(created.status, created.text).toBe(201);
    // The seed follows, as on the file store.
    const seed = JSON.parse(await readFile(join(f!.dir, 'seed/products.json'), 'utf8')) as Row[];
    expect(seed.map((r) => r['title'])).toEqual(['Pen', 'Cup']);

    // A tightened rule fits the renamed column's values in the table too.
    const fitted = await applied({
      kind: 'setRules',
      model: 'Product',
      field: 'title',
      rules: { maxLength: 2 },
      fit: true,
    });
    expect(fitted.migrated).toBe(3);
    expect((await products()).map((p) => p['title'])).toEqual(['Pe', 'Cu', 'In']);
  });

  it('removes a field: its column is dropped', async () => {
    await start();
    await applied({ kind: 'removeField', model: 'Product', field: 'note', migrate: true });
    expect(await file()).not.toContain('note');
    expect(Object.keys(await columns())).toEqual(['id', 'name', 'price', '$nulls']);
    expect(await products()).toEqual([
      { id: 1, name: 'Pen', price: '12.5' },
      { id: 2, name: 'Cup', price: '3' },
    ]);
  });

  it('retypes string → number, converting the values as the file store does', async () => {
    await start();
    const done = await applied({
      kind: 'changeField',
      model: 'Product',
      field: 'price',
      type: 'number',
      optional: false,
      convert: true,
    });
    expect(done.migrated).toBe(2);
    expect(await file()).toContain('price!: number;');
    expect((await columns())['price']).toBe('float8');
    expect((await products()).map((p) => p['price'])).toEqual([12.5, 3]);
  });

  it('adds a field with a default for the stored records', async () => {
    await start();
    await applied({
      kind: 'addField',
      model: 'Product',
      field: { name: 'stock', type: 'number' },
      default: 7,
    });
    expect((await columns())['stock']).toBe('float8');
    expect((await products()).map((p) => p['stock'])).toEqual([7, 7]);
  });

  it('keeps what each NULL meant when a field turns nullable, and renames without migrate', async () => {
    await start();
    // `note?: string` → `note: string | null`: a NULL read as absent now reads as null unless
    // `$nulls` names it; Cup's note stays absent, a stored null stays null.
    expect((await f!.mock('POST', '/products', { name: 'Box', price: '1' })).status).toBe(201);
    await applied({
      kind: 'changeField',
      model: 'Product',
      field: 'note',
      type: 'string | null',
      optional: true,
    });
    expect(
      (await f!.mock('PUT', '/products/3', { name: 'Box', price: '1', note: null })).status,
    ).toBe(200);
    expect(await products()).toEqual([
      { id: 1, name: 'Pen', price: '12.5', note: 'blue' },
      { id: 2, name: 'Cup', price: '3' },
      { id: 3, name: 'Box', price: '1', note: null },
    ]);
    // In a table the column follows the field even unticked: a column no field names would
    // refuse the reload. `$nulls` follows it too.
    await applied({ kind: 'renameField', model: 'Product', field: 'note', to: 'memo' });
    expect(Object.keys(await columns())).toEqual(['id', 'name', 'price', 'memo', '$nulls']);
    expect(await products()).toEqual([
      { id: 1, name: 'Pen', price: '12.5', memo: 'blue' },
      { id: 2, name: 'Cup', price: '3' },
      { id: 3, name: 'Box', price: '1', memo: null },
    ]);
  });

  it('answers 409 while another session holds the table, writing nothing', async () => {
    await start();
    const before = await file();
    await client!.query('BEGIN');
    await client!.query('LOCK TABLE products IN ACCESS SHARE MODE');
    const answer = await apply({ kind: 'removeField', model: 'Product', field: 'note' });
    await client!.query('ROLLBACK');
    expect(answer.status, answer.text).toBe(409);
    expect((answer.json as Problem).detail).toMatch(/lock timeout.*try again/);
    expect(await file()).toBe(before);
    expect(Object.keys(await columns())).toContain('note');
  });

  it('refuses a retype whose values do not convert: file, table and values unchanged', async () => {
    await start();
    expect((await f!.mock('POST', '/products', { name: 'Box', price: 'ACME' })).status).toBe(201);
    const before = { text: await file(), columns: await columns(), rows: await products() };
    const retype = (convert: boolean): ModelEdit => ({
      kind: 'changeField',
      model: 'Product',
      field: 'price',
      type: 'number',
      optional: false,
      convert,
    });

    // Converted by decorest: the preview already names the record.
    const ours = await f!.api('POST', '/model-edits/preview', { edit: retype(true) });
    expect(ours.status).toBe(422);
    expect(JSON.stringify(ours.json)).toContain('Product[id=3].price');

    // Cast by the database: its own reason, as a 422.
    const theirs = await apply(retype(false));
    expect(theirs.status, theirs.text).toBe(422);
    const problem = theirs.json as Problem;
    expect(problem.detail).toMatch(/PostgreSQL refused/);
    expect(JSON.stringify(problem)).toMatch(/invalid input syntax for type double precision/);

    expect(await file()).toBe(before.text);
    expect(await columns()).toEqual(before.columns);
    expect(await products()).toEqual(before.rows);
    // The studio serves on, on the old model.
    expect((await f!.mock('POST', '/products', { name: 'Bag', price: 'x' })).status).toBe(201);
  });
});
