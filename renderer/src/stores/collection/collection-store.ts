/**
 * The Console's saved requests and environments (issue 30), kept by the core as plain files in
 * the project (`requests/<folder>/<name>.json`, `environments/<name>.json`): the list, the
 * saved request open in the Console (to save it in place and to tell when it has unsaved
 * changes), and the chosen environment, whose variables (secrets included, asked for only
 * then) go to the Console for `{{name}}`.
 */
import { create } from 'zustand';

import {
  client,
  type Problem,
  type RequestCollection,
  type RequestEntry,
  type SavedRequest,
  variablesOf,
} from '../../api';
import type { ConsoleState } from '../console/console-state';
import { useConsoleStore } from '../console/console-store';
import { problemOf } from '../problem/problem-of';

const storage = typeof localStorage === 'undefined' ? undefined : localStorage;
const ENV_KEY = 'decorest.studio.environment';

/** The Console's request as a saved request named `name` (its JSON body as JSON). */
export function savedRequestOf(
  s: Pick<ConsoleState, 'method' | 'url' | 'headers' | 'body'>,
  name: string,
): SavedRequest {
  const text = s.body;
  let body: SavedRequest['body'] = { kind: 'none' };
  if (text.trim() !== '') {
    try {
      JSON.parse(text);
      body = { kind: 'json', text };
    } catch {
      body = { kind: 'text', text };
    }
  }
  return {
    name,
    method: s.method,
    url: s.url,
    headers: s.headers.filter((h) => h.name !== '').map((h) => ({ ...h })),
    body,
    auth: { kind: 'none' },
  };
}

/** What the Console shows of a saved request: its text body, its enabled headers. */
function consoleRequestOf(request: SavedRequest) {
  const body =
    request.body.kind === 'json' || request.body.kind === 'text' ? request.body.text : '';
  return {
    method: request.method,
    url: request.url,
    headers: request.headers
      .filter((h) => h.enabled)
      .map((h): [string, string] => [h.name, h.value]),
    body,
  };
}

/** The part of the Console a save keeps, to tell unsaved changes. */
const snapshotOf = (s: ConsoleState): string => JSON.stringify(savedRequestOf(s, ''));

interface CollectionState {
  collection: RequestCollection | null;
  error: Problem | null;
  busy: boolean;
  /** The saved request open in the Console, and the Console as it was when opened or saved. */
  open: { entry: RequestEntry; snapshot: string } | null;
  environment: string;
  load(): Promise<void>;
  openRequest(entry: RequestEntry): void;
  /** Saves the Console's request: in place when a saved one is open and `as` is not given. */
  save(as?: { name: string; folder: string }): Promise<Problem | null>;
  remove(path: string): Promise<Problem | null>;
  duplicate(path: string): Promise<Problem | null>;
  chooseEnvironment(name: string): Promise<void>;
}

export const useCollectionStore = create<CollectionState>()((set, get) => ({
  collection: null,
  error: null,
  busy: false,
  open: null,
  environment: storage?.getItem(ENV_KEY) ?? '',
  async load() {
    try {
      const collection = await client().listRequests();
      set({ collection, error: null });
      // The chosen environment's variables, once the list says what it holds.
      if (get().environment) await get().chooseEnvironment(get().environment);
    } catch (error) {
      set({ error: problemOf(error) });
    }
  },
  openRequest(entry) {
    useConsoleStore.getState().loadRequest(consoleRequestOf(entry.request));
    set({ open: { entry, snapshot: snapshotOf(useConsoleStore.getState()) } });
  },
  async save(as) {
    const open = get().open;
    const name = as?.name ?? open?.entry.request.name;
    const folder = as?.folder ?? open?.entry.folder ?? '';
    if (!name) return null;
    set({ busy: true });
    try {
      const console = useConsoleStore.getState();
      const entry = await client().saveRequest({
        folder,
        request: savedRequestOf(console, name),
        // In place (a rename or a move when `as` differs); a new file for "Save as" without one open.
        ...(open && !as ? { path: open.entry.path } : {}),
      });
      set({ busy: false, open: { entry, snapshot: snapshotOf(console) } });
      await get().load();
      return null;
    } catch (error) {
      set({ busy: false });
      return problemOf(error);
    }
  },
  async remove(path) {
    try {
      await client().deleteRequest(path);
      if (get().open?.entry.path === path) set({ open: null });
      await get().load();
      return null;
    } catch (error) {
      return problemOf(error);
    }
  },
  async duplicate(path) {
    try {
      await client().duplicateRequest({ path });
      await get().load();
      return null;
    } catch (error) {
      return problemOf(error);
    }
  },
  async chooseEnvironment(name) {
    set({ environment: name });
    storage?.setItem(ENV_KEY, name);
    const found = get().collection?.environments.find((e) => e.environment.name === name);
    if (!found) {
      useConsoleStore.getState().setVariables({});
      return;
    }
    const variables = found.environment.variables.map((v) => ({ ...v }));
    if (variables.some((v) => v.secret && v.hasValue)) {
      try {
        const secrets = await client().getEnvironmentSecrets(name);
        for (const v of variables) if (v.secret) v.value = secrets.values[v.name] ?? '';
      } catch {
        // Without its secrets the environment still gives its other variables.
      }
    }
    useConsoleStore.getState().setVariables(variablesOf(variables));
  },
}));

export const collectionSelectors = {
  /** The open saved request differs from what the Console shows. */
  unsaved: (s: CollectionState, console: ConsoleState): boolean =>
    s.open !== null && s.open.snapshot !== snapshotOf(console),
};
