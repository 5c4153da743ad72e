/** Response rules (issue 29): a route's rule list in the inspector and the rule editor. */
import type { Locator, Page } from 'playwright-core';

export class RulesPage {
  constructor(readonly page: Page) {}

  get section(): Locator {
    return this.page.getByRole('region', { name: 'Response rules' });
  }

  get addRule(): Locator {
    return this.section.getByRole('button', { name: 'Add rule' });
  }

  /** The editor, new or existing. */
  get editor(): Locator {
    return this.page.getByRole('dialog', { name: /^(New response rule|Rule “)/ });
  }

  get name(): Locator {
    return this.editor.getByRole('textbox', { name: 'Name', exact: true });
  }

  /** Adds a condition and fills it: part, name, matcher and value as the selects label them. */
  async addCondition(part: string, name: string, matcher: string, value?: string): Promise<void> {
    await this.editor.getByRole('button', { name: 'Add condition' }).click();
    const row = this.editor.getByRole('group', { name: /^Condition \d+$/ }).last();
    await row.getByRole('combobox', { name: /part$/ }).selectOption({ label: part });
    if (part !== 'Method') await row.getByRole('textbox', { name: /name$/ }).fill(name);
    await row.getByRole('combobox', { name: /matcher$/ }).selectOption({ label: matcher });
    if (value !== undefined) await row.getByRole('textbox', { name: /value$/ }).fill(value);
  }

  /** The n-th answer's group (1-based), as its legend names it. */
  answer(n: number): Locator {
    return this.editor.getByRole('group', { name: n === 0 ? 'Answer' : `Answer ${n}` });
  }

  async save(): Promise<void> {
    await this.editor.getByRole('button', { name: 'Save rule' }).click();
    await this.editor.waitFor({ state: 'detached' });
  }

  /** A listed rule, by its name. */
  rule(name: string): Locator {
    return this.section.getByRole('listitem').filter({ hasText: name });
  }
}
