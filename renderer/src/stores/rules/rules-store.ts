/**
 * The project's response rules (issue 29): what `mock-rules.json` holds, which rules lost their
 * route, and a hand edit's problems. A save replaces every rule, so each change reads the
 * current rules first and changes only its own: a rule saved meanwhile from another window or
 * by hand is kept.
 */
import { create } from 'zustand';

import {
  client,
  type Problem,
  type ResponseRule,
  type RulePreviewBody,
  type RulesState,
} from '../../api';
import { problemOf } from '../problem/problem-of';

/** A refused save: the problem, and the index of the edited rule in what was sent. */
export interface RulesRefusal {
  problem: Problem;
  index: number;
}

interface RulesStoreState {
  state: RulesState | null;
  error: Problem | null;
  busy: boolean;
  loadRules(): Promise<void>;
  /** Adds `rule`, or replaces the rule with its id, keeping its place. */
  saveRule(rule: ResponseRule): Promise<RulesRefusal | null>;
  removeRule(id: string): Promise<RulesRefusal | null>;
  setEnabled(id: string, enabled: boolean): Promise<RulesRefusal | null>;
  /** Moves a rule one place up or down among the rules of its route (order decides). */
  move(id: string, by: -1 | 1): Promise<RulesRefusal | null>;
  /** A body template filled in for a made-up request; nothing is saved. */
  previewTemplate(body: RulePreviewBody): Promise<{ text: string } | { problem: Problem }>;
}

export const useRulesStore = create<RulesStoreState>()((set, get) => {
  async function change(
    edit: (rules: ResponseRule[]) => { rules: ResponseRule[]; index: number },
  ): Promise<RulesRefusal | null> {
    set({ busy: true });
    let index = -1;
    try {
      const current = await client().call('getRules');
      const edited = edit(current.rules);
      index = edited.index;
      set({
        state: await client().call('putRules', { body: { rules: edited.rules } }),
        busy: false,
        error: null,
      });
      return null;
    } catch (error) {
      set({ busy: false });
      void get().loadRules();
      return { problem: problemOf(error), index };
    }
  }

  return {
    state: null,
    error: null,
    busy: false,
    async loadRules() {
      try {
        set({ state: await client().call('getRules'), error: null });
      } catch (error) {
        set({ error: problemOf(error) });
      }
    },
    saveRule: (rule) =>
      change((rules) => {
        const at = rules.findIndex((r) => r.id === rule.id);
        if (at === -1) return { rules: [...rules, rule], index: rules.length };
        return { rules: rules.map((r, i) => (i === at ? rule : r)), index: at };
      }),
    async previewTemplate(body) {
      try {
        return await client().call('previewRuleTemplate', { body });
      } catch (error) {
        return { problem: problemOf(error) };
      }
    },
    removeRule: (id) => change((rules) => ({ rules: rules.filter((r) => r.id !== id), index: -1 })),
    setEnabled: (id, enabled) => {
      // The switch flips at once; a refused save reads the rules again.
      const shown = get().state;
      if (shown)
        set({
          state: { ...shown, rules: shown.rules.map((r) => (r.id === id ? { ...r, enabled } : r)) },
        });
      return change((rules) => ({
        rules: rules.map((r) => (r.id === id ? { ...r, enabled } : r)),
        index: rules.findIndex((r) => r.id === id),
      }));
    },
    move: (id, by) =>
      change((rules) => {
        const at = rules.findIndex((r) => r.id === id);
        if (at === -1) return { rules, index: -1 };
        const rule = rules[at]!;
        // The neighbour that counts is the next rule of the same route: others do not compete.
        let to = at + by;
        while (
          to >= 0 &&
          to < rules.length &&
          (rules[to]!.method !== rule.method || rules[to]!.path !== rule.path)
        )
          to += by;
        if (to < 0 || to >= rules.length) return { rules, index: at };
        const next = [...rules];
        next[at] = rules[to]!;
        next[to] = rule;
        return { rules: next, index: to };
      }),
  };
});

export const rulesSelectors = {
  /** The rules of one route, in the order they are tried. */
  forRoute:
    (method: string, path: string) =>
    (s: RulesStoreState): ResponseRule[] =>
      s.state?.rules.filter((r) => r.method === method && r.path === path) ?? [],
};
