/**
 * The Data view's whole-dataset actions (issue 16): reset to the project's `seed/` folder,
 * save the current records as the seed, generate fake records. The grid refreshes itself from
 * the `records` events these writes send; this store keeps what the dialogs show.
 *
 * Whether `seed/` exists comes with the project's status (`hasSeed`, read when the status was
 * made). A reset can still meet a 404 `no-seed` problem (the folder went away since): that
 * answer is remembered for the project as loaded then, and a reload or a saved seed asks again.
 */
import { create } from 'zustand';

import { client, type ImportResult, type ProjectStatus, type SeedResult } from '../../api';
import { attempt, type Outcome } from '../problem/outcome';
import { useProjectStore } from '../project/project-store';

export type SeedAction = 'reset' | 'save' | 'fake';

export type { Outcome } from '../problem/outcome';

interface SeedState {
  busy: SeedAction | null;
  /** The no-seed answer, for the project load it was given in. */
  noSeed: { root: string; loadedAt: number | undefined; detail: string } | null;
  resetData(): Promise<Outcome<SeedResult>>;
  saveSeed(): Promise<Outcome<SeedResult>>;
  fakeRecords(model: string, count: number, seed?: number): Promise<Outcome<ImportResult>>;
}

function projectKey(): Pick<ProjectStatus, 'root' | 'loadedAt'> | null {
  return useProjectStore.getState().status;
}

export const useSeedStore = create<SeedState>()((set) => {
  async function run<T>(action: SeedAction, call: () => Promise<T>): Promise<Outcome<T>> {
    set({ busy: action });
    const outcome = await attempt(call);
    set({ busy: null });
    return outcome;
  }
  return {
    busy: null,
    noSeed: null,
    async resetData() {
      const outcome = await run('reset', () => client().call('resetData'));
      if (!outcome.ok && outcome.problem.type.endsWith('no-seed')) {
        const project = projectKey();
        set({
          noSeed: {
            root: project?.root ?? '',
            loadedAt: project?.loadedAt,
            detail: outcome.problem.detail,
          },
        });
      }
      return outcome;
    },
    async saveSeed() {
      const outcome = await run('save', () => client().call('saveSeed'));
      if (outcome.ok) {
        set({ noSeed: null });
        const status = useProjectStore.getState().status;
        if (status && !status.hasSeed)
          useProjectStore.getState().setProject({ ...status, hasSeed: true });
      }
      return outcome;
    },
    fakeRecords: (model, count, seed) =>
      run('fake', () =>
        client().call('fakeRecords', {
          params: { model },
          body: seed === undefined ? { count } : { count, seed },
        }),
      ),
  };
});

export const seedSelectors = {
  /** Whether `action` is the one running now (each button shows its own progress). */
  running: (action: SeedAction) => (s: SeedState) => s.busy === action,
  busy: (s: SeedState) => s.busy,
  noSeed: (s: SeedState) => s.noSeed,
};

/** Why Reset cannot run: this project, as loaded now, has no seed folder. */
export function noSeedReason(
  noSeed: SeedState['noSeed'],
  project: ProjectStatus | null,
): string | null {
  if (!project) return null;
  const refused =
    noSeed !== null && noSeed.root === project.root && noSeed.loadedAt === project.loadedAt;
  if (project.hasSeed && !refused) return null;
  return 'This project has no seed/ folder yet: save as seed first, or add seed/ and reload.';
}
