/**
 * Issue 30: the Console's collection of one project: its files ({@link CollectionStore}) and
 * its secrets ({@link SecretStore}) as one thing. A list answer never carries a secret's value
 * (the browser asks {@link RequestCollection.secrets} for one environment when it sends); a
 * saved environment's secret values go to the user's config folder, never into the project.
 */
import type {
  DeletedRequestFolder,
  Environment,
  EnvironmentEntry,
  EnvironmentSecrets,
  RequestCollection as CollectionAnswer,
  RequestEntry,
  SavedRequest,
} from '../contract/requests-api.js';
import { problems } from '../errors.js';
import { CollectionStore, placeOf } from './collection-store.js';
import { environmentFileText } from './request-files.js';
import { safeName } from './safe-names.js';
import { SecretStore } from './secret-store.js';

export const environmentFile = (name: string): string => `${safeName(name, 'environment')}.json`;

export class RequestCollection {
  readonly store: CollectionStore;
  readonly #secrets: SecretStore;

  constructor(projectRoot: string, configDir: string) {
    this.store = new CollectionStore(projectRoot);
    this.#secrets = new SecretStore(configDir, projectRoot);
  }

  /** Folders, requests, environments (secret values left out) and the files that do not read. */
  async list(): Promise<CollectionAnswer> {
    const listed = await this.store.list();
    const environments = await Promise.all(listed.environments.map((e) => this.#masked(e)));
    return { ...listed, environments };
  }

  saveRequest(folder: string, request: SavedRequest, from?: string): Promise<RequestEntry> {
    return this.store.saveRequest(folder, request, from);
  }

  async duplicateRequest(path: string, name?: string): Promise<RequestEntry> {
    const original = await this.store.readRequest(path);
    if (!original) throw problems.notFound(`no saved request at requests/${path}`);
    const { folder } = placeOf(path);
    const copy = await this.store.freeName(folder, name ?? `${original.name} copy`);
    return this.store.saveRequest(folder, { ...original, name: copy });
  }

  deleteRequest(path: string): Promise<void> {
    return this.store.deleteRequest(path);
  }

  createFolder(folder: string): Promise<void> {
    return this.store.createFolder(folder);
  }

  deleteFolder(folder: string, options?: { emptyOnly?: boolean }): Promise<DeletedRequestFolder> {
    return this.store.deleteFolder(folder, options);
  }

  /**
   * Writes `environment` (renaming `replaces` when given): plain values into the project file,
   * secret ones into the user's store; a secret sent without a value keeps the stored one.
   */
  async saveEnvironment(environment: Environment, replaces?: string): Promise<EnvironmentEntry> {
    const file = environmentFile(environment.name);
    const from = replaces === undefined ? undefined : environmentFile(replaces);
    if (from !== undefined && !(await this.store.environmentExists(from)))
      throw problems.notFound(`no environment named "${replaces}"`);
    if (file !== from && (await this.store.environmentExists(file))) {
      const existing = (await this.store.list()).environments.find((e) => e.path === file);
      // Saving the same environment again (no `replaces`) replaces it; another one is a 409.
      if (from !== undefined || existing?.environment.name !== environment.name)
        throw problems.conflict(`environments/${file} exists already: choose another name`);
    }
    const secret = environment.variables.filter((v) => v.secret);
    const values = Object.fromEntries(
      secret.filter((v) => v.value !== '').map((v) => [v.name, v.value]),
    );
    await this.store.writeEnvironment(file, environmentFileText(environment));
    await this.#secrets.update(
      environment.name,
      values,
      secret.map((v) => v.name),
      replaces !== undefined && replaces !== environment.name ? replaces : undefined,
    );
    if (from !== undefined && from !== file) await this.store.deleteEnvironment(from);
    return this.#masked({ path: file, environment });
  }

  async deleteEnvironment(name: string): Promise<void> {
    const file = environmentFile(name);
    if (!(await this.store.environmentExists(file)))
      throw problems.notFound(`no environment named "${name}"`);
    await this.store.deleteEnvironment(file);
    await this.#secrets.update(name, undefined);
  }

  /** The secret values of one environment: the one answer that carries them. */
  async secrets(name: string): Promise<EnvironmentSecrets> {
    const file = environmentFile(name);
    if (!(await this.store.environmentExists(file)))
      throw problems.notFound(`no environment named "${name}"`);
    return { name, values: await this.#secrets.read(name) };
  }

  async #masked(entry: EnvironmentEntry): Promise<EnvironmentEntry> {
    const stored = await this.#secrets.read(entry.environment.name);
    const variables = entry.environment.variables.map((v) =>
      v.secret ? { ...v, value: '', hasValue: Object.hasOwn(stored, v.name) } : v,
    );
    return { path: entry.path, environment: { name: entry.environment.name, variables } };
  }
}
