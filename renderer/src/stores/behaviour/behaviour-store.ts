/**
 * The mock API's simulated latency and failures (global and per route) and its proxy, as the
 * control API applies them (issue 16). A PUT replaces every rule, so each change reads the
 * current rules first and changes only its part: a rule set meanwhile by a test script or
 * another window is kept.
 */
import { create } from 'zustand';

import {
  client,
  type DelayRule,
  type FailRule,
  type MockBehaviour,
  type Problem,
  type RouteBehaviour,
} from '../../api';
import { problemOf } from '../problem/problem-of';

/** The global part of the rules: what the "Mock behaviour" dialog edits. */
export interface GlobalBehaviour {
  delay?: DelayRule;
  fail?: FailRule;
  proxy?: string;
  proxyTimeoutMs?: number;
}

/** A refused change: the problem, and the prefix its field errors carry for the edited part. */
export interface Refusal {
  problem: Problem;
  prefix: string;
}

interface BehaviourState {
  behaviour: MockBehaviour;
  loaded: boolean;
  /** Why the rules could not be read. */
  error: Problem | null;
  busy: boolean;
  loadBehaviour(): Promise<void>;
  /** Sets (or with no delay and no fail, clears) one route's rules. */
  setRoute(
    method: RouteBehaviour['method'],
    path: string,
    rules: Omit<RouteBehaviour, 'method' | 'path'>,
  ): Promise<Refusal | null>;
  clearRoute(method: RouteBehaviour['method'], path: string): Promise<Refusal | null>;
  setGlobal(global: GlobalBehaviour): Promise<Refusal | null>;
  clearAll(): Promise<Refusal | null>;
}

const sameRoute = (r: RouteBehaviour, method: string, path: string): boolean =>
  r.method === method && r.path === path;

export const useBehaviourStore = create<BehaviourState>()((set, get) => {
  /** Reads, changes, writes; answers the refusal or null when the API applied it. */
  async function change(
    edit: (current: MockBehaviour) => { next: MockBehaviour; prefix: string },
  ): Promise<Refusal | null> {
    set({ busy: true });
    let prefix = '';
    try {
      const current = await client().call('getBehaviour');
      const edited = edit(current);
      prefix = edited.prefix;
      set({
        behaviour: await client().call('setBehaviour', { body: edited.next }),
        busy: false,
        loaded: true,
      });
      return null;
    } catch (error) {
      set({ busy: false });
      void get().loadBehaviour();
      return { problem: problemOf(error), prefix };
    }
  }

  function withRoute(
    current: MockBehaviour,
    method: RouteBehaviour['method'],
    path: string,
    rules: Omit<RouteBehaviour, 'method' | 'path'> | null,
  ): { next: MockBehaviour; prefix: string } {
    const routes = current.routes.filter((r) => !sameRoute(r, method, path));
    if (rules && (rules.delay || rules.fail)) routes.push({ method, path, ...rules });
    // The edited route goes last, so its field errors are `routes[<last>].…`.
    return { next: { ...current, routes }, prefix: `routes[${routes.length - 1}].` };
  }

  return {
    behaviour: { routes: [] },
    loaded: false,
    error: null,
    busy: false,
    async loadBehaviour() {
      try {
        set({ behaviour: await client().call('getBehaviour'), loaded: true, error: null });
      } catch (error) {
        set({ error: problemOf(error) });
      }
    },
    setRoute: (method, path, rules) => change((c) => withRoute(c, method, path, rules)),
    clearRoute: (method, path) => change((c) => withRoute(c, method, path, null)),
    setGlobal: (global) =>
      change((current) => ({ next: { routes: current.routes, ...global }, prefix: '' })),
    clearAll: () => change(() => ({ next: { routes: [] }, prefix: '' })),
  };
});

export const behaviourSelectors = {
  route:
    (method: string, path: string) =>
    (s: BehaviourState): RouteBehaviour | undefined =>
      s.behaviour.routes.find((r) => sameRoute(r, method, path)),
  /** How many kinds of rule are on: global delay, global failure, proxy, route rules. */
  activeCount(s: BehaviourState): number {
    const b = s.behaviour;
    return (b.delay ? 1 : 0) + (b.fail ? 1 : 0) + (b.proxy ? 1 : 0) + b.routes.length;
  },
};
