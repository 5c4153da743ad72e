/**
 * Issue 17: a model prototyped from the studio. Create it with three fields and a relation,
 * see its endpoints, add a record in the grid, rename a field with migration, and read the
 * record back through the mock API with the new key. Screenshots of the dialogs, both themes.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { themedShots, useStudioSession } from './fixtures.js';
import { DataPage } from './pages/data.page.js';
import { ModelEditPage } from './pages/model-edit.page.js';
import { ModelsPage } from './pages/models.page.js';
import { StudioPage as Frame } from './pages/studio.page.js';

const session = useStudioSession(undefined, { width: 1280, height: 800 });

/** Both themes of what is on screen now. */
async function shots(name: string): Promise<void> {
  return themedShots(session.ui.page, `model-edit-${name}`);
}

describe('Prototyping a model from the studio', () => {
  it('creates a model with three fields and a relation, serves it, renames a field with its data', async () => {
    const frame = new Frame(session.ui.page);
    const models = new ModelsPage(session.ui.page);
    const edit = new ModelEditPage(session.ui.page);
    await frame.open('Models');

    await edit.fillNewModel(
      'Invoice',
      [
        { name: 'customer', type: 'string', rules: 'minLength: 1' },
        { name: 'amount', type: 'number' },
        { name: 'paid', type: 'boolean', optional: true },
      ],
      ['User'],
    );
    await shots('new-model-form');
    await edit.preview();
    expect(await edit.diff('invoice.ts').innerText()).toMatch(/\+ {2}customer!: string;/);
    expect(await edit.diff('user.ts').innerText()).toMatch(/\+ {2}invoices!: Invoice\[\];/);
    await shots('new-model-diff');
    await edit.apply();

    // The new file is ordinary code in the project's style, and the endpoints are served.
    const file = await readFile(join(session.studio.dir, 'invoice.ts'), 'utf8');
    expect(file).toContain("import { BelongTo, Field, FromDataSource, Rest } from 'decorest';");
    expect(file).toContain('  @Field({ minLength: 1 })\n  customer!: string;\n');
    expect(file).toContain("import { User } from './user.js';");
    const detail = await models.showModel('Invoice');
    const endpoints = session.ui.page.getByRole('region', { name: 'Endpoints of Invoice' });
    await expect.poll(() => endpoints.innerText()).toMatch(/\/invoices\/:id/);
    expect(await detail.innerText()).toMatch(/user\s+@BelongTo/);
    await expect.poll(() => edit.source('Invoice').innerText()).toMatch(/@FromDataSource/);
    expect(await edit.source('Invoice').locator('.cm-decorest-decorator').count()).toBe(4);
    await edit.source('Invoice').scrollIntoViewIfNeeded();
    await shots('source');

    // A record through the grid's Add record.
    const data = new DataPage(session.ui.page);
    await frame.open('Data');
    await data.chooseModel('Invoice');
    // A new model's grid starts empty, saying so.
    await session.ui.page.getByText('No Invoice records yet').waitFor();
    await data.toolbar.getByRole('button', { name: 'Add record' }).click();
    await session.ui.page
      .getByLabel('Record JSON')
      .fill('{"customer":"ACME","amount":120,"paid":false,"user":1}');
    await session.ui.page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await session.ui.page.getByRole('dialog').waitFor({ state: 'detached' });
    const created = (await (await fetch(`${session.studio.apiUrl}/invoices`)).json()) as Record<
      string,
      unknown
    >[];
    expect(created).toEqual([expect.objectContaining({ customer: 'ACME', amount: 120 })]);

    // Rename customer → client, migrating the stored record.
    await frame.open('Models');
    await models.showModel('Invoice');
    // The stored keys are renamed by default.
    await edit.startRename('Invoice', 'customer', 'client');
    await edit.preview();
    expect(await edit.dialog.innerText()).toMatch(
      /“customer” becomes “client” in 1 record of Invoice/,
    );
    await shots('rename-diff');
    await edit.apply();

    await expect
      .poll(
        async () =>
          (await (
            await fetch(`${session.studio.apiUrl}/invoices/${String(created[0]!['id'])}`)
          ).json()) as unknown,
      )
      .toEqual(expect.objectContaining({ client: 'ACME', amount: 120 }));
    const read = (await (
      await fetch(`${session.studio.apiUrl}/invoices/${String(created[0]!['id'])}`)
    ).json()) as Record<string, unknown>;
    expect(read).not.toHaveProperty('customer');
    expect(session.ui.problems).toEqual([]);
  });

  it('refuses a change to a file edited on disk since the preview, and says so', async () => {
    const edit = new ModelEditPage(session.ui.page);
    const models = new ModelsPage(session.ui.page);
    await models.showModel('Invoice');
    await edit.startRename('Invoice', 'amount', 'total', false);
    // Unticked, the dialog says what the stored records keep.
    await edit.dialog.getByText('Stored records keep “amount”').waitFor();
    await edit.preview();
    const { appendFile } = await import('node:fs/promises');
    await appendFile(join(session.studio.dir, 'invoice.ts'), '// a hand edit\n');
    await edit.dialog.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => edit.dialog.getByRole('alert').innerText())
      .toMatch(/invoice\.ts changed on disk since it was read/);
    await shots('conflict');
    await edit.dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await readFile(join(session.studio.dir, 'invoice.ts'), 'utf8')).toContain(
      'amount!: number;',
    );
  });

  it('adds a required field with a default for the stored records', async () => {
    const edit = new ModelEditPage(session.ui.page);
    const models = new ModelsPage(session.ui.page);
    await models.showModel('Invoice');
    await session.ui.page
      .getByRole('region', { name: 'Fields of Invoice' })
      .getByRole('button', { name: 'Add field' })
      .click();
    await edit.dialog.getByLabel('Name', { exact: true }).fill('currency');
    await edit.dialog.getByLabel('Default for existing records').fill('EUR');
    await shots('add-field-form');
    await edit.preview();
    expect(await edit.dialog.innerText()).toMatch(/1 record of Invoice get “currency”: "EUR"/);
    await edit.apply();
    const all = (await (await fetch(`${session.studio.apiUrl}/invoices`)).json()) as Record<
      string,
      unknown
    >[];
    expect(all).toEqual([expect.objectContaining({ currency: 'EUR', client: 'ACME' })]);
  });

  it('sets a rule from the Rules dialog; the mock API enforces it', async () => {
    const edit = new ModelEditPage(session.ui.page);
    const models = new ModelsPage(session.ui.page);
    await models.showModel('Invoice');
    const fields = session.ui.page.getByRole('region', { name: 'Fields of Invoice' });
    await fields.getByRole('button', { name: 'Rules of amount' }).click();
    // Nothing asked: nothing to apply.
    await edit.dialog.getByRole('button', { name: 'Preview change' }).click();
    await edit.dialog.getByText('Nothing changes: the model already reads so.').waitFor();
    expect(await edit.dialog.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    await edit.dialog.getByRole('button', { name: 'Back' }).click();
    // A range no value fits is refused at the preview, named.
    await edit.dialog.getByLabel('min', { exact: true }).fill('10');
    await edit.dialog.getByLabel('max', { exact: true }).fill('5');
    await edit.dialog.getByRole('button', { name: 'Preview change' }).click();
    await expect
      .poll(() => edit.dialog.getByRole('alert').innerText())
      .toMatch(/min \(10\) is above max \(5\): no value could pass/);
    await edit.dialog.getByLabel('max', { exact: true }).fill('');
    await edit.dialog.getByLabel('min', { exact: true }).fill('0');
    await shots('rules-form');
    await edit.preview();
    expect(await edit.diff('invoice.ts').innerText()).toMatch(/\+ {2}@Field\(\{ min: 0 \}\)/);
    await edit.apply();
    const answer = await fetch(`${session.studio.apiUrl}/invoices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client: 'B', amount: -1, currency: 'EUR' }),
    });
    expect(answer.status).toBe(422);
    expect(await readFile(join(session.studio.dir, 'invoice.ts'), 'utf8')).toContain(
      "import { BelongTo, Field, FromDataSource, Rest } from 'decorest';",
    );
  });

  it('changes a type and converts the stored values; one with no reading is refused and named', async () => {
    const edit = new ModelEditPage(session.ui.page);
    const models = new ModelsPage(session.ui.page);
    await models.showModel('Invoice');
    const before = await readFile(join(session.studio.dir, 'invoice.ts'), 'utf8');

    await edit.startChangeType('Invoice', 'client', 'number', true);
    await edit.dialog.getByRole('button', { name: 'Preview change' }).click();
    await expect
      .poll(() => edit.dialog.getByRole('alert').innerText())
      .toMatch(/1 Invoice record has a client that cannot become number: record \d+: "ACME"/);
    await shots('convert-refused');
    await edit.dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await readFile(join(session.studio.dir, 'invoice.ts'), 'utf8')).toBe(before);

    await edit.startChangeType('Invoice', 'paid', 'string', true);
    await edit.preview();
    expect(await edit.dialog.innerText()).toMatch(/“paid” becomes string in 1 record of Invoice/);
    await edit.apply();
    const all = (await (await fetch(`${session.studio.apiUrl}/invoices`)).json()) as Record<
      string,
      unknown
    >[];
    expect(all).toEqual([expect.objectContaining({ client: 'ACME', paid: 'false' })]);
  });

  it('the diagram: a @HasMany reads as a plain relation, a named datasource as read-only', async () => {
    const models = new ModelsPage(session.ui.page);
    await models.showDiagram();
    const user = await models.diagramNode('User').innerText();
    expect(user).toMatch(/invoices\s+Invoice\[\]/);
    expect(user).not.toMatch(/invoices\?/);
    expect(await models.diagramNode('Quote').innerText()).toMatch(
      /“quotes” datasource · read-only/,
    );
    await shots('diagram');
  });
  it('a tightened rule counts what it breaks, in the records and the seed; Fit mends them (issue 23)', async () => {
    const edit = new ModelEditPage(session.ui.page);
    const models = new ModelsPage(session.ui.page);
    await models.showModel('Todo');
    const fields = session.ui.page.getByRole('region', { name: 'Fields of Todo' });
    await fields.getByRole('button', { name: 'Rules of content' }).click();
    await edit.dialog.getByLabel('maxLength', { exact: true }).fill('10');
    await edit.preview();
    await expect
      .poll(() => edit.dialog.getByRole('note').allInnerTexts())
      .toContainEqual(
        expect.stringMatching(
          /records? of Todo and \d+ seed rows? break the new declaration of “content” \(record \d+: must be at most 10 characters long/,
        ),
      );
    const group = edit.dialog.getByRole('group', {
      name: 'Stored values that break the new rules',
    });
    expect(await group.getByRole('radio', { name: 'Keep them as stored' }).isChecked()).toBe(true);
    await shots('rules-breaking');
    await group.getByRole('radio', { name: 'Fit them inside the rules' }).check();
    await expect
      .poll(() => edit.dialog.getByRole('note').allInnerTexts())
      .toContainEqual(
        expect.stringMatching(
          /“content” is moved inside the new rules in \d+ records? of Todo and \d+ seed rows?/,
        ),
      );
    await edit.apply();
    const todos = (await (await fetch(`${session.studio.apiUrl}/todos`)).json()) as {
      content: string;
    }[];
    expect(todos.length).toBeGreaterThan(0);
    expect(todos.every((t) => t.content.length <= 10)).toBe(true);
    const seed = JSON.parse(
      await readFile(join(session.studio.dir, 'seed', 'todos.json'), 'utf8'),
    ) as { content: string }[];
    expect(seed.every((t) => t.content.length <= 10)).toBe(true);
  });
});
