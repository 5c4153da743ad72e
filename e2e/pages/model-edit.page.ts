/** Model edits in the Models view (issue 17): the New model form, field actions, the diff dialog. */
import type { Locator, Page } from 'playwright-core';

export interface NewField {
  name: string;
  type: string;
  optional?: boolean;
  /** As typed in the form: `minLength: 1`. */
  rules?: string;
}

export class ModelEditPage {
  constructor(readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  /** Opens "New model" and fills it; leaves the form open (the caller previews). */
  async fillNewModel(name: string, fields: NewField[], belongsTo: string[] = []): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Models' })
      .getByRole('button', { name: 'New model' })
      .click();
    await this.dialog.getByLabel('Name', { exact: true }).fill(name);
    for (const [i, field] of fields.entries()) {
      if (i > 0) await this.dialog.getByRole('button', { name: 'Add another field' }).click();
      await this.dialog.getByLabel(`Field ${i + 1} name`).fill(field.name);
      await this.dialog.getByLabel(`Field ${i + 1} type`).selectOption(field.type);
      if (field.optional) await this.dialog.getByLabel(`Field ${i + 1} optional`).check();
      if (field.rules) await this.dialog.getByLabel(`Field ${i + 1} rules`).fill(field.rules);
    }
    for (const parent of belongsTo)
      await this.dialog.getByRole('checkbox', { name: parent, exact: true }).check();
  }

  /** Presses "Preview change" and waits for the diff. */
  async preview(): Promise<Locator> {
    await this.dialog.getByRole('button', { name: 'Preview change' }).click();
    await this.dialog.getByRole('button', { name: 'Apply' }).waitFor();
    return this.dialog;
  }

  diff(file: string): Locator {
    return this.dialog.getByLabel(`Diff of ${file}`);
  }

  async apply(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Apply' }).click();
    const alert = this.dialog.getByRole('alert');
    await Promise.race([this.dialog.waitFor({ state: 'detached' }), alert.waitFor()]);
    if (await alert.isVisible()) throw new Error(`Apply failed: ${await alert.innerText()}`);
  }

  /** `migrate` undefined: the dialog's default. */
  async startRename(model: string, field: string, to: string, migrate?: boolean): Promise<void> {
    const fields = this.page.getByRole('region', { name: `Fields of ${model}` });
    await fields.getByRole('button', { name: `Rename ${field}` }).click();
    await this.dialog.getByLabel('New name').fill(to);
    if (migrate !== undefined)
      await this.dialog
        .getByLabel('Also rename the key in every stored record')
        .setChecked(migrate);
  }

  async startChangeType(model: string, field: string, type: string, convert: boolean) {
    const fields = this.page.getByRole('region', { name: `Fields of ${model}` });
    await fields.getByRole('button', { name: `Change the type of ${field}` }).click();
    await this.dialog.getByLabel('Type').selectOption(type);
    if (convert) await this.dialog.getByLabel('Convert the stored values').check();
  }

  source(model: string): Locator {
    return this.page.getByRole('region', { name: `Source of ${model}` });
  }
}
