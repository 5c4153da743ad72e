/**
 * What `decorest studio` prints while it runs (issue 23): one line per reload, per load error
 * and per applied model edit, so the terminal that started the studio says what happened to
 * the project without opening the UI. Made from the project's status events and the control
 * API's answers; it knows nothing of the watcher behind them.
 */
import { stat } from 'node:fs/promises';
import { isAbsolute, relative, sep } from 'node:path';

import type {
  LoadFailure,
  ModelEdit,
  ModelEditResult,
  ProjectStatus,
  RuleProblem,
} from '../contract/control-api.js';
import { RULES_FILE } from '../contract/control-api.js';
import type { ControlAnswer } from '../control/server.js';

/** Where the lines go: `console.log` for the CLI, an array in a test. */
export type StudioLogWriter = (line: string) => void;

/** A project file as loaded: the loader's path and text. */
export interface LoadedSource {
  readonly path: string;
  readonly source: string;
}

/** `file` relative to the project folder when inside it, else as it is. */
export function projectPath(root: string, file: string): string {
  const path = relative(root, file);
  return path === '' || path.startsWith('..') || isAbsolute(path)
    ? file
    : path.split(sep).join('/');
}

/** `todo.ts:12:3: reason`, the file relative to the project folder. */
export function failureLine(root: string, failure: LoadFailure): string {
  const at = [projectPath(root, failure.file), failure.line, failure.column]
    .filter((part) => part !== undefined)
    .join(':');
  return `${at}: ${failure.reason}`;
}

/**
 * `mock-rules.json does not load: /rules/0/status: must be …` (and how many more), as the
 * studio's banner says it: a hand edit that does not load is news in the terminal too. At the
 * start no rules loaded before, so none answer; after a good load, the last good ones do.
 */
export function rulesFailureLine(
  found: readonly RuleProblem[],
  when: 'start' | 'edit' = 'edit',
): string {
  const [first] = found;
  const where = first?.pointer ? `${first.pointer}: ` : '';
  const more = found.length > 1 ? ` (and ${found.length - 1} more)` : '';
  return `${RULES_FILE} does not load: ${where}${first?.message ?? 'unknown problem'}${more}; ${when === 'start' ? 'no rule answers until it loads' : 'the last good rules keep answering'}`;
}

function describeEdit(edit: ModelEdit): string {
  switch (edit.kind) {
    case 'createModel':
      return `created model ${edit.model.name}`;
    case 'addField':
      return `added ${edit.model}.${edit.field.name}`;
    case 'renameField':
      return `renamed ${edit.model}.${edit.field} to ${edit.to}`;
    case 'removeField':
      return `removed ${edit.model}.${edit.field}`;
    case 'changeField':
      return `changed ${edit.model}.${edit.field} to ${edit.type}${edit.optional ? ' (optional)' : ''}`;
    case 'setRules':
      return `set the rules of ${edit.model}.${edit.field}`;
    case 'link':
      return `linked ${edit.parent} (has many) to ${edit.child}`;
    case 'setOpen':
      return `${edit.open ? 'opened' : 'closed'} model ${edit.model}`;
  }
}

/** `model edit: added Book.isbn (book.ts)`, with the records it migrated. */
export function modelEditLine(root: string, edit: ModelEdit, result: ModelEditResult): string {
  const files = result.files.map((f) => projectPath(root, f)).join(', ');
  const migrated = [
    result.migrated > 0 ? `${result.migrated} records migrated` : '',
    result.seedMigrated > 0 ? `${result.seedMigrated} seed rows migrated` : '',
  ].filter((part) => part !== '');
  return `model edit: ${describeEdit(edit)} (${[files, ...migrated].join('; ')})`;
}

/** The files whose text differs between two loads, added and removed ones included. */
export function changedFiles(
  before: readonly LoadedSource[],
  after: readonly LoadedSource[],
): string[] {
  const old = new Map(before.map((f) => [f.path, f.source]));
  const changed = after.filter((f) => old.get(f.path) !== f.source).map((f) => f.path);
  const now = new Set(after.map((f) => f.path));
  return [...changed, ...before.filter((f) => !now.has(f.path)).map((f) => f.path)];
}

/**
 * Turns status events into lines: compares each status with the last one it printed for, so a
 * repeated event prints nothing. Until {@link start}, events are the start-up's own (the
 * banner says how that went) and print nothing.
 */
export class StudioLog {
  readonly #write: StudioLogWriter;
  readonly #sources: () => readonly LoadedSource[] | undefined;
  #last: ProjectStatus | undefined;
  #lastSources: readonly LoadedSource[] = [];
  /** When a reload asked for (the Reload button, a model edit) began: its own duration. */
  #reloadStarted: number | undefined;
  /** Status events are async; printed in arrival order. */
  #queue: Promise<void> = Promise.resolve();

  /** `sources`: the files of the version serving now. */
  constructor(write: StudioLogWriter, sources: () => readonly LoadedSource[] | undefined) {
    this.#write = write;
    this.#sources = sources;
  }

  start(status: ProjectStatus): void {
    this.#last = status;
    this.#lastSources = this.#sources() ?? [];
  }

  /** A reload was asked for: the next one is timed from now, not from the save. */
  reloading(): void {
    this.#reloadStarted = Date.now();
  }

  status(status: ProjectStatus): void {
    this.#queue = this.#queue.then(() => this.#print(status)).catch(() => {});
  }

  /** A hand edit of the rules file: refused (its first problem) or loading again. */
  rules(load: { readonly recovered: boolean; readonly problems: RuleProblem[] | undefined }): void {
    // Before the start the CLI's banner says it; afterwards each change is a line of its own.
    if (this.#last === undefined) return;
    if (load.problems !== undefined) this.#write(rulesFailureLine(load.problems));
    else if (load.recovered) this.#write(`${RULES_FILE} loads again`);
  }

  /** The project's `mock-behaviour.json` applied: a delay or a failure is never a surprise. */
  behaviourApplied(words: string): void {
    this.#write(`mock-behaviour.json applied: ${words}`);
  }

  /** The project's `mock-behaviour.json` does not read: said, and nothing of it applied. */
  behaviourFile(why: string): void {
    this.#write(`${why}; no delay, failure or proxy of it applied`);
  }

  answered(answer: ControlAnswer): void {
    if (answer.operation === 'applyModelEdit')
      this.#write(modelEditLine(answer.result.project.root, answer.body.edit, answer.result));
    else if (answer.operation === 'createModel')
      this.#write(
        modelEditLine(
          answer.result.project.root,
          { kind: 'createModel', model: answer.body.model },
          answer.result,
        ),
      );
  }

  async #print(status: ProjectStatus): Promise<void> {
    const last = this.#last;
    if (last === undefined) return;
    this.#last = status;
    if (status.root !== last.root) {
      this.#lastSources = this.#sources() ?? [];
      this.#write(`opened ${status.root}`);
      if (status.error) this.#write(`load error: ${failureLine(status.root, status.error)}`);
      return;
    }
    if (status.error && status.error.message !== last.error?.message) {
      const serving = status.serving ? ' (the last good version still serves)' : '';
      this.#write(`load error: ${failureLine(status.root, status.error)}${serving}`);
      this.#reloadStarted = undefined;
      return;
    }
    if (status.loadedAt === undefined || status.loadedAt === last.loadedAt) return;
    const sources = this.#sources() ?? [];
    // Nothing served before (a first load that failed): the whole project is new, not changed.
    let changed = this.#lastSources.length === 0 ? [] : changedFiles(this.#lastSources, sources);
    // A fix that restores the serving version changes nothing it serves: name the file fixed.
    if (changed.length === 0 && last.error && this.#lastSources.length > 0)
      changed = [last.error.file];
    this.#lastSources = sources;
    const names = changed.map((f) => projectPath(status.root, f));
    const what = names.length === 0 ? 'the project' : names.join(', ');
    const started = this.#reloadStarted;
    this.#reloadStarted = undefined;
    if (started !== undefined) {
      this.#write(`reloaded ${what} in ${Math.max(0, status.loadedAt - started)} ms`);
      return;
    }
    // A save: timed from the newest of the saved files, what the user waited for.
    const saved = await newestChange(changed);
    this.#write(
      saved === undefined
        ? `reloaded ${what}`
        : `reloaded ${what}, serving ${Math.max(0, status.loadedAt - saved)} ms after the save`,
    );
  }
}

async function newestChange(files: readonly string[]): Promise<number | undefined> {
  let newest: number | undefined;
  for (const file of files) {
    const time = await stat(file).then(
      (s) => s.mtimeMs,
      () => undefined,
    );
    if (time !== undefined) newest = Math.max(newest ?? 0, Math.round(time));
  }
  return newest;
}
