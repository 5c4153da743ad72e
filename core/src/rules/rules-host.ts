/**
 * A project's response rules while it is served (issue 29): the last good rules of
 * `mock-rules.json`, compiled and indexed against the route table being served, read by the
 * mock API through `current`. A hand edit that does not load keeps the last good rules
 * answering and is reported as `problems`; a route a reload removed makes its rules orphaned,
 * never deleted. One load, replace or re-root at a time.
 */
import { type FSWatcher, watch as watchFolder } from 'node:fs';
import { join } from 'node:path';

import {
  type ResponseRule,
  type RuleProblem,
  RULES_FILE,
  type RulesState,
} from '../contract/rules-api.js';
import { HttpProblem, problems as httpProblems } from '../errors.js';
import type { ActiveRules, RulesSource } from '../http/response-rules.js';
import { EMPTY_ROUTE_TABLE, type RouteTable } from '../http/route-table.js';
import { readProjectFile, replaceProjectFile } from '../persistence/inside-project.js';
import { checkRules, checkRulesText, formatRules } from './check-rules.js';
import { type CompiledRuleSet, compileRules, indexRules } from './compile-rules.js';

/** Quiet time after the file changes before it is read again (editors save in bursts). */
const RELOAD_QUIET_MS = 75;

/** What a (re)load found: the problems of a file that did not load, if any. */
export interface RulesLoad {
  /** The rules changed (a good file that differs from what was serving). */
  readonly changed: boolean;
  /**
   * The file loads again after problems were reported, even if it is the very text that was
   * serving (the last good file restored): whoever showed the problems must clear them.
   */
  readonly recovered: boolean;
  readonly problems: RuleProblem[] | undefined;
}

/** A 422 whose `errors` name each mistake's pointer (and a template's offset). */
export function rulesProblem(title: string, found: readonly RuleProblem[]) {
  return httpProblems.invalidBody(
    title,
    found.map((p) => ({
      field: p.pointer,
      message: p.message,
      ...(p.offset === undefined ? {} : { offset: p.offset }),
    })),
  );
}

export class RulesHost implements RulesSource {
  /** Read by the dispatcher once per matched request; `undefined` while no rule applies. */
  current: ActiveRules | undefined;
  #root: string;
  #table: RouteTable;
  #rules: ResponseRule[] = [];
  #compiled: CompiledRuleSet | undefined;
  #orphaned: string[] = [];
  #problems: RuleProblem[] | undefined;
  /** The text the serving rules were read from (or written as); `undefined`: no file. */
  #text: string | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  #watcher: FSWatcher | undefined;
  #timer: NodeJS.Timeout | undefined;

  constructor(root: string, table: RouteTable = EMPTY_ROUTE_TABLE) {
    this.#root = root;
    this.#table = table;
  }

  get file(): string {
    return join(this.#root, RULES_FILE);
  }

  state(): RulesState {
    const state: RulesState = {
      file: this.file,
      rules: this.#rules,
      orphaned: [...this.#orphaned],
    };
    if (this.#problems !== undefined) state.problems = this.#problems;
    return state;
  }

  /** Serves the rules against another route table (a reload): orphans are recomputed. */
  setTable(table: RouteTable): void {
    this.#table = table;
    this.#index();
  }

  /**
   * Reads the file as it is now. A missing file is no rules; a file that does not load keeps
   * the last good rules and is returned as problems (and kept for `state()`).
   */
  load(): Promise<RulesLoad> {
    return this.#serial(async () => {
      let text: string | undefined;
      try {
        // Issue 40: a link planted in the project's place is not followed out of it.
        text = await readProjectFile(this.#root, this.file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
          const message =
            error instanceof HttpProblem
              ? error.detail
              : `cannot read ${RULES_FILE}: ${(error as Error).message}`;
          this.#problems = [{ pointer: '', message }];
          return { changed: false, recovered: false, problems: this.#problems };
        }
      }
      const hadProblems = this.#problems !== undefined;
      if (text === this.#text && !hadProblems)
        return { changed: false, recovered: false, problems: undefined };
      const checked = text === undefined ? { rules: [], problems: [] } : await checkRulesText(text);
      const compiled = checked.problems.length > 0 ? undefined : await compileRules(checked.rules);
      const problems = compiled === undefined ? checked.problems : compiled.problems;
      if (compiled === undefined || problems !== undefined) {
        this.#problems = problems;
        return { changed: false, recovered: false, problems };
      }
      const changed = text !== this.#text;
      this.#serve(checked.rules, compiled, text);
      return { changed, recovered: hadProblems, problems: undefined };
    });
  }

  /**
   * `PUT /api/rules`: checks `value` (a 422 naming each pointer, changing nothing), writes the
   * file atomically and serves the rules at once, their sequences from the first response.
   */
  replace(value: unknown): Promise<RulesState> {
    return this.#serial(async () => {
      const checked = await checkRules(value);
      if (checked.problems.length > 0)
        throw rulesProblem('Invalid response rules', checked.problems);
      // Compiled before the file is written: rules the engine cannot hold change nothing.
      const compiled = await compileRules(checked.rules);
      if (compiled.problems !== undefined)
        throw rulesProblem('Invalid response rules', compiled.problems);
      const text = formatRules(checked.rules);
      try {
        await replaceProjectFile(this.#root, this.file, text);
      } catch (error) {
        compiled.release();
        throw error;
      }
      this.#serve(checked.rules, compiled, text);
      return this.state();
    });
  }

  /** Serves another project folder's rules (the studio opened another folder). */
  reopen(root: string, table: RouteTable): Promise<RulesLoad> {
    const watching = this.#watcher !== undefined;
    this.#unwatch();
    this.#root = root;
    this.#table = table;
    this.#rules = [];
    const released = this.#compiled;
    this.#compiled = undefined;
    this.#text = undefined;
    this.#problems = undefined;
    this.#index();
    released?.release();
    if (watching) this.#watch(this.#onChange);
    return this.load();
  }

  #onChange: (load: RulesLoad) => void = () => {};

  /**
   * Reloads after each change of the file (debounced) and tells `changed` what it found. The
   * project folder itself is watched, not the file: an editor's save renames a temp file over
   * it, and a watch on the file would go deaf after the first such save.
   */
  watch(changed: (load: RulesLoad) => void): void {
    this.#onChange = changed;
    this.#watch(changed);
  }

  close(): void {
    this.#unwatch();
  }

  #watch(changed: (load: RulesLoad) => void): void {
    try {
      this.#watcher = watchFolder(this.#root, { persistent: false }, (_event, name) => {
        if (name !== null && name !== RULES_FILE) return;
        clearTimeout(this.#timer);
        this.#timer = setTimeout(() => {
          void this.load().then(changed, () => {});
        }, RELOAD_QUIET_MS);
      });
      // A folder that vanished or cannot be read: nothing to watch, the rules keep serving.
      this.#watcher.on('error', () => this.#unwatch());
    } catch {
      this.#watcher = undefined;
    }
  }

  #unwatch(): void {
    clearTimeout(this.#timer);
    this.#watcher?.close();
    this.#watcher = undefined;
  }

  /**
   * Serves `compiled` in place of the set before it, whose patterns are then released: no
   * request holds a set across an await (the dispatcher matches and answers in one turn).
   */
  #serve(rules: ResponseRule[], compiled: CompiledRuleSet, text: string | undefined): void {
    const released = this.#compiled;
    this.#compiled = compiled;
    this.#rules = rules;
    this.#text = text;
    this.#problems = undefined;
    this.#index();
    released?.release();
  }

  #index(): void {
    const { active, orphaned } = indexRules(this.#compiled?.rules ?? [], this.#table);
    this.#orphaned = orphaned;
    this.current = active;
  }

  #serial<T>(step: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(step);
    this.#queue = run.catch(() => {});
    return run;
  }
}
