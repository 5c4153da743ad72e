/**
 * The project the studio serves: open a folder, watch it as `serve --watch` does, keep the
 * last good version serving through a broken save, and recover when the file is fixed. When
 * the very first load fails there is nothing to serve yet, so the folder is watched until a
 * version loads.
 */
import { existsSync, statSync } from 'node:fs';
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path';

import type { RecordChange } from '../app/write/record-changes.js';
import type { LoadFailure, ProjectStatus } from '../contract/control-api.js';
import { problems } from '../errors.js';
import { type RouteTable, unavailableRouteTable } from '../http/route-table.js';
import {
  openProject,
  type OpenProjectOptions,
  projectData,
  type ProjectRuntime,
} from '../project/open-project.js';
import { type SourceWatcher, watchSources } from '../project/source-watcher.js';
import { type ProjectWatcher, RELOAD_QUIET_MS, watchProject } from '../project/watch-project.js';
import { type CollectionWatcher, watchCollection } from '../requests/watch-collection.js';
import { SEED_FOLDER } from '../seed/seed-data.js';
import { toLoadFailure } from './load-failure.js';
import { failureLine } from './studio-log.js';

export interface ProjectHostEvents {
  /** The status changed (loaded, failed, recovered, another folder). */
  status(): void;
  /** The route table to serve changed. */
  table(table: RouteTable): void;
  /** A record was written by any client of the serving project. */
  records(change: RecordChange): void;
  /**
   * Issue 30: files under the open folder's `requests/` or `environments/` changed on disk (a
   * hand edit, a `git pull`, the studio's own saves too): the Console re-lists them.
   */
  requests?(): void;
}

export interface ProjectHostOptions {
  /**
   * Runs once after a folder's first load created its data folder (the seed import); what it
   * resolves to is shown with the project's warnings.
   */
  firstRun?: (project: ProjectRuntime) => Promise<string[]>;
  debounceMs?: number;
  /** How each folder's data opens (issue 26: `database`); the data folder by default. */
  open?: OpenProjectOptions;
}

/** Where `project`'s default datasource keeps its records, as the server bar names it. */
function storageOf(project: ProjectRuntime): NonNullable<ProjectStatus['storage']> {
  if (project.database !== undefined) return { kind: 'postgres', database: project.database };
  const inside = relative(project.root, project.dataDir);
  const dataDir =
    inside !== '' && !inside.startsWith('..') && !isAbsolute(inside)
      ? `${inside.split(sep).join('/')}/`
      : project.dataDir;
  return { kind: 'files', dataDir };
}

export class ProjectHost {
  #root = '';
  #project: ProjectRuntime | undefined;
  #failure: LoadFailure | undefined;
  #loadedAt: number | undefined;
  /** Findings of the first run (a seed file that did not import), until another folder opens. */
  #firstRunWarnings: string[] = [];
  #watcher: ProjectWatcher | undefined;
  /** Watches a folder whose first load failed, until a version loads. */
  #retry: SourceWatcher | undefined;
  #retryTimer: NodeJS.Timeout | undefined;
  #unsubscribe: () => void = () => {};
  /** Watches the open folder's saved requests and environments, whether the project loads or not. */
  #collection: { root: string; watcher: CollectionWatcher } | undefined;
  /** One open/reload/close at a time. */
  #queue: Promise<unknown> = Promise.resolve();
  readonly #events: ProjectHostEvents;
  readonly #options: ProjectHostOptions;

  constructor(events: ProjectHostEvents, options: ProjectHostOptions = {}) {
    this.#events = events;
    this.#options = options;
  }

  get root(): string {
    return this.#root;
  }

  /** The project serving now: the last good version, also while a broken save is shown. */
  serving(): ProjectRuntime | undefined {
    return this.#watcher?.current() ?? this.#project;
  }

  /** The serving project, or a 409 saying why there is none. */
  require(): ProjectRuntime {
    const project = this.serving();
    if (!project) {
      throw problems.projectUnavailable(
        this.#failure ? `the project did not load: ${this.#failure.message}` : 'no project is open',
      );
    }
    return project;
  }

  status(recent: string[]): ProjectStatus {
    const status: ProjectStatus = {
      root: this.#root,
      name: basename(this.#root),
      state: this.#failure ? 'failed' : 'loaded',
      serving: this.serving() !== undefined,
      warnings: [...(this.serving()?.warnings ?? []), ...this.#firstRunWarnings],
      hasSeed: this.#root !== '' && existsSync(join(this.#root, SEED_FOLDER)),
      recent,
    };
    if (this.#failure) status.error = this.#failure;
    if (this.#loadedAt !== undefined) status.loadedAt = this.#loadedAt;
    const serving = this.serving();
    if (serving !== undefined) status.storage = storageOf(serving);
    return status;
  }

  /** Opens `dir` in place of the current folder. A folder that does not exist is a 404. */
  open(dir: string): Promise<void> {
    const root = resolve(dir);
    let isDir = false;
    try {
      isDir = statSync(root).isDirectory();
    } catch {
      // reported below
    }
    if (!isDir) return Promise.reject(problems.notFound(`no project folder at ${root}`));
    return this.#serial(async () => {
      const reset = async () => {
        await this.#shutdown();
        this.#root = root;
        this.#loadedAt = undefined;
        this.#firstRunWarnings = [];
      };
      // The same folder opens afresh: its data folder's lock must be let go first.
      if (root === this.#root) {
        await reset();
        await this.#load();
      } else {
        // Another folder loads while this one serves; control reads never meet "no project".
        await this.#load(root, reset);
      }
      await this.#watchCollection();
    });
  }

  /**
   * Serves the files as they are now (the Reload button, and the studio's model edits): the
   * next version is built beside the serving one, reloading only what changed (issue 15), so a
   * version that does not load leaves the last good one serving (issue 23). The open datafiles
   * are handed on, not re-read: while the data folder is locked, this process is their only
   * writer. A folder with no serving version yet loads whole.
   */
  reload(): Promise<void> {
    return this.#serial(async () => {
      if (this.#root === '') return;
      if (this.#watcher) return this.#watcher.reloadNow();
      this.#stopRetry();
      await this.#load();
    });
  }

  close(): Promise<void> {
    return this.#serial(async () => {
      await this.#shutdown();
      await this.#stopCollection();
    });
  }

  #serial(step: () => Promise<void>): Promise<void> {
    const run = this.#queue.then(step);
    this.#queue = run.catch(() => {});
    return run;
  }

  /**
   * Loads `root` and serves it. `switchTo` runs once the outcome is known, before it is served
   * or shown: opening another folder stops the current one only then.
   */
  async #load(root = this.#root, switchTo: () => Promise<void> = async () => {}): Promise<void> {
    let project: ProjectRuntime | undefined;
    try {
      project = await openProject(root, this.#options.open);
      // The seed goes in before the switch, so the folder serving now serves until then.
      const warnings =
        project.firstRun && this.#options.firstRun
          ? await this.#options.firstRun(project)
          : undefined;
      await switchTo();
      if (warnings) this.#firstRunWarnings = warnings;
      await this.#adopt(project);
    } catch (error) {
      if (project === undefined) await switchTo();
      else if (this.#project !== project) await project.close();
      this.#failure = toLoadFailure(error, root);
      // Said as the terminal says it: `user.ts:3:1: reason`, relative to the project.
      const reason = failureLine(root, this.#failure);
      this.#events.table(unavailableRouteTable(problems.projectNotLoaded(reason)));
      this.#events.status();
      await this.#watchForFix();
    }
  }

  /** Serves `project` and watches its folder for saves. */
  async #adopt(project: ProjectRuntime): Promise<void> {
    this.#project = project;
    this.#failure = undefined;
    this.#loadedAt = Date.now();
    this.#listenForRecords(project);
    this.#events.table(project.table);
    this.#watcher = watchProject(
      project,
      (table) => this.#events.table(table),
      {
        reloaded: (next) => {
          this.#project = next;
          this.#failure = undefined;
          this.#loadedAt = Date.now();
          this.#listenForRecords(next);
          this.#events.status();
        },
        failed: (error) => {
          this.#failure = toLoadFailure(error, this.#root);
          this.#events.status();
        },
      },
      this.#options.debounceMs === undefined ? {} : { debounceMs: this.#options.debounceMs },
    );
    await this.#watcher.ready;
    this.#events.status();
  }

  #listenForRecords(project: ProjectRuntime): void {
    this.#unsubscribe();
    this.#unsubscribe = project.changes.subscribe((change) => this.#events.records(change));
    // Issue 26: on a shared database, the other servers' writes too (once per database; it
    // stops when the database closes). Not awaited: a first LISTEN that fails keeps retrying.
    if (project.database !== undefined) void projectData(project).listenForChanges(project.changes);
  }

  async #watchForFix(): Promise<void> {
    const root = this.#root;
    this.#retry = watchSources(root, () => {
      clearTimeout(this.#retryTimer);
      this.#retryTimer = setTimeout(() => {
        void this.#serial(async () => {
          if (this.#root !== root || this.#project) return;
          this.#stopRetry();
          await this.#load();
        });
      }, this.#options.debounceMs ?? RELOAD_QUIET_MS);
    });
    await this.#retry.ready;
  }

  #stopRetry(): void {
    clearTimeout(this.#retryTimer);
    void this.#retry?.close();
    this.#retry = undefined;
  }

  /** Follows the open folder's collection (another folder: the old one's watch stops). */
  async #watchCollection(): Promise<void> {
    const root = this.#root;
    if (this.#collection?.root === root || root === '' || !this.#events.requests) return;
    await this.#stopCollection();
    const watcher = watchCollection(root, () => this.#events.requests?.());
    this.#collection = { root, watcher };
    await watcher.ready;
  }

  async #stopCollection(): Promise<void> {
    const collection = this.#collection;
    this.#collection = undefined;
    await collection?.watcher.close();
  }

  async #shutdown(): Promise<void> {
    this.#stopRetry();
    this.#unsubscribe();
    this.#unsubscribe = () => {};
    const watcher = this.#watcher;
    const project = this.#project;
    this.#watcher = undefined;
    this.#project = undefined;
    this.#failure = undefined;
    if (watcher) await watcher.close();
    else await project?.close();
  }
}
