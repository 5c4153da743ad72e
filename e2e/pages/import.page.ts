/** "New project from a file" (issue 28): the source, the folder, the preview and Create. */
import type { Locator, Page } from 'playwright-core';

export class ImportPage {
  constructor(readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'New project from a file' });
  }

  /** The start screen's button (the Models view of a project without models). */
  get startButton(): Locator {
    return this.page
      .getByRole('tabpanel')
      .getByRole('button', { name: 'New project from a file…' });
  }

  async chooseFile(path: string): Promise<void> {
    await this.dialog.getByLabel('Source file').setInputFiles(path);
  }

  get folder(): Locator {
    return this.dialog.getByRole('textbox', { name: 'New project folder' });
  }

  get preview(): Locator {
    return this.dialog.getByRole('region', { name: 'Preview' });
  }

  /** One planned model's card, by class name. */
  model(name: string): Locator {
    return this.preview.getByRole('article', { name, exact: true });
  }

  /** A field's row in a model's card, by the field's name. */
  field(model: string, field: string): Locator {
    return this.model(model).getByRole('row', { name: new RegExp(`^${field}\\b`) });
  }

  get summary(): Locator {
    return this.preview.getByRole('status');
  }

  get problem(): Locator {
    return this.dialog.getByRole('alert', { name: 'Import problem' });
  }

  get replace(): Locator {
    return this.dialog.getByRole('checkbox', { name: 'Replace them' });
  }

  get create(): Locator {
    return this.dialog.getByRole('button', { name: 'Create project' });
  }
}
