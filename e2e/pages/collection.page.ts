/**
 * The Console's saved requests (issue 30): the Saved tab's tree of folders and requests
 * (issue 48), each row's actions menu, and the dialogs they open (Import requests,
 * Environments, Rename/Move request, Rename folder). Found by role and accessible name.
 */
import type { Locator, Page } from 'playwright-core';

export class CollectionPage {
  constructor(readonly page: Page) {}

  get pane(): Locator {
    return this.page.getByRole('navigation', { name: 'Requests' });
  }
  get importButton(): Locator {
    return this.pane.getByRole('button', { name: 'Import…' });
  }
  get importDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Import requests' });
  }
  get importFile(): Locator {
    return this.importDialog.getByLabel('Collection file');
  }
  get importFolder(): Locator {
    return this.importDialog.getByLabel('Bruno collection folder');
  }
  get importProblem(): Locator {
    return this.importDialog.getByRole('alert', { name: 'Import problem' });
  }
  get importResult(): Locator {
    return this.importDialog.getByRole('region', { name: 'Import result' });
  }

  get environmentsButton(): Locator {
    return this.page.getByRole('button', { name: 'Environments…' });
  }
  get environmentsDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Environments' });
  }
  /** An environment in the dialog's list. */
  environment(name: string): Locator {
    return this.environmentsDialog
      .getByRole('list', { name: 'Environments' })
      .getByRole('button', { name, exact: true });
  }
  /** A variable's control in the Environments dialog: `Name of x`, `Value of x`, `Secret: x`. */
  variable(label: string): Locator {
    return this.environmentsDialog.getByLabel(label, { exact: true });
  }

  /** Issue 48: the Saved tab's requests, one tree (a single Tab stop). */
  get tree(): Locator {
    return this.pane.getByRole('tree', { name: 'Saved requests' });
  }
  /**
   * A folder's item by its path: `todos`, or `Bruno Todos/todos` for folder "todos" inside
   * "Bruno Todos" (items are named by their last segment, at their level, inside their
   * parent's group); `Not in a folder` for the top of `requests/`.
   */
  folder(path: string): Locator {
    const parts = path.split('/');
    const name = parts[parts.length - 1]!;
    const scope = parts.length > 1 ? this.requestsIn(parts.slice(0, -1).join('/')) : this.tree;
    return scope.getByRole('treeitem', { name, exact: true, level: parts.length });
  }
  /**
   * An open folder's group, named by its path (`Bruno Todos/todos`): its requests
   * (`GET List todos`…) and its subfolders. Its item owns it, so they are not inside the item.
   */
  requestsIn(folder: string): Locator {
    return this.tree.getByRole('group', { name: folder, exact: true });
  }
  /** The top-level folders' items, in the order shown. */
  get folders(): Locator {
    return this.tree.getByRole('treeitem', { level: 1 });
  }
  /** The accessible name of the focused tree item; `null` when focus is not on one. */
  focusedItem(): Promise<string | null> {
    return this.page.evaluate(() => {
      const el = document.activeElement;
      return el?.getAttribute('role') === 'treeitem' ? el.getAttribute('aria-label') : null;
    });
  }
  /** Opens a saved request's actions menu and picks an item. */
  async act(request: string, item: string): Promise<void> {
    await this.pane
      .getByRole('button', { name: `Actions for ${request}` })
      .first()
      .click();
    await this.page.getByRole('menuitem', { name: item }).click();
  }
  /** Opens a folder's actions menu (a right-click on its item) and picks an item. */
  async folderAct(path: string, item: string): Promise<void> {
    await this.folder(path).click({ button: 'right' });
    await this.page.getByRole('menuitem', { name: item }).click();
  }
  dialog(name: string): Locator {
    return this.page.getByRole('dialog', { name });
  }
  /** Issue 47: Run collection beside Import…, and the run's results (Run folder's dialog). */
  get runCollectionButton(): Locator {
    return this.pane.getByRole('button', { name: 'Run collection' });
  }
  get runCollectionReason(): Locator {
    return this.pane.locator('#run-collection-reason');
  }
  /** Run collection's dialog, or Run folder's (`Run folder Bruno Todos`): one at a time. */
  get runDialog(): Locator {
    return this.page.getByRole('dialog', { name: /^Run (collection$|folder )/ });
  }
  /** The run's summary: `Running 2 of 5…`, then `3 passed, 2 failed`. */
  get runStatus(): Locator {
    return this.runDialog.getByRole('status');
  }
  get runResults(): Locator {
    return this.runDialog.getByRole('list', { name: 'Run results' });
  }
  /** One request's entry in the results, by its name. */
  runItem(name: string): Locator {
    return this.runResults
      .getByRole('listitem')
      .filter({ has: this.page.getByText(name, { exact: true }) });
  }
  /** A request's tests in the results, each `Passed:` or `Failed:` with what it checks. */
  runTests(name: string): Locator {
    return this.runResults.getByRole('list', { name: `Tests of ${name}` });
  }
  get ciSection(): Locator {
    return this.runDialog.getByRole('region', { name: 'Run it in CI' });
  }
  get copyCiCommand(): Locator {
    return this.ciSection.getByRole('button', { name: 'Copy the CI command' });
  }
}
