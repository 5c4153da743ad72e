/**
 * Mock behaviour (issue 16) between its wire form ({@link MockBehaviour}: the control API's
 * `PUT /api/behaviour` body, and the project's `mock-behaviour.json`) and the settings the
 * mock API applies.
 */
import type { MockBehaviour, RouteBehaviour } from '../contract/control-api.js';
import type { BehaviourSettings } from './behaviour.js';

/**
 * A PUT body as settings; its shapes passed the schema (`CONTROL_BODIES`, issue 43), its ranges
 * are `checkSettings`'s in the setter. `null` and `""` mean none, as an absent member does.
 */
export function behaviourOf(body: unknown): BehaviourSettings {
  const b = body as NullableBehaviour;
  const settings: { -readonly [K in keyof BehaviourSettings]: BehaviourSettings[K] } = {
    routes: (b.routes ?? []).map((r): RouteBehaviour => {
      const rule: RouteBehaviour = {
        method: r.method.toUpperCase() as RouteBehaviour['method'],
        path: r.path,
      };
      if (r.delay) rule.delay = { minMs: r.delay.minMs, maxMs: r.delay.maxMs };
      if (r.fail) rule.fail = { rate: r.fail.rate, status: r.fail.status };
      return rule;
    }),
  };
  if (b.delay) settings.delay = { minMs: b.delay.minMs, maxMs: b.delay.maxMs };
  if (b.fail) settings.fail = { rate: b.fail.rate, status: b.fail.status };
  if (b.proxy !== undefined && b.proxy !== null && b.proxy !== '') settings.proxy = b.proxy;
  if (b.proxyTimeoutMs !== undefined && b.proxyTimeoutMs !== null)
    settings.proxyTimeoutMs = b.proxyTimeoutMs;
  return settings;
}

/** What the schema lets through: {@link MockBehaviour} with `null` for none, routes optional. */
type Nullable<T> = { [K in keyof T]?: T[K] | null };
interface NullableBehaviour extends Nullable<Omit<MockBehaviour, 'routes'>> {
  routes?: (Nullable<Omit<RouteBehaviour, 'method' | 'path'>> & { method: string; path: string })[];
}

/** Settings as the wire shows them (copies: the UI may keep and edit them). */
export function behaviourWire(settings: BehaviourSettings): MockBehaviour {
  return JSON.parse(JSON.stringify(settings)) as MockBehaviour;
}

/**
 * The command line's `--delay`, `--fail`, `--proxy` and `--proxy-timeout` over a project's
 * settings: each flag given replaces that setting for the run, the rest (route rules included)
 * stays the project's.
 */
export function withFlags(
  project: BehaviourSettings | undefined,
  flags: BehaviourSettings | undefined,
): BehaviourSettings | undefined {
  if (flags === undefined) return project;
  if (project === undefined) return flags;
  const merged: { -readonly [K in keyof BehaviourSettings]: BehaviourSettings[K] } = {
    ...project,
  };
  if (flags.delay) merged.delay = flags.delay;
  if (flags.fail) merged.fail = flags.fail;
  if (flags.proxy !== undefined) merged.proxy = flags.proxy;
  if (flags.proxyTimeoutMs !== undefined) merged.proxyTimeoutMs = flags.proxyTimeoutMs;
  return merged;
}

/** The settings in words for a terminal line: `delay 300 ms, fail 10 % → 500, 2 route rules`. */
export function behaviourInWords(settings: BehaviourSettings): string {
  const parts: string[] = [];
  const { delay, fail } = settings;
  if (delay)
    parts.push(
      delay.minMs === delay.maxMs
        ? `delay ${delay.minMs} ms`
        : `delay ${delay.minMs}–${delay.maxMs} ms`,
    );
  if (fail) parts.push(`fail ${Math.round(fail.rate * 100)} % → ${fail.status}`);
  const n = settings.routes.length;
  if (n > 0) parts.push(`${n} route rule${n === 1 ? '' : 's'}`);
  if (settings.proxy !== undefined) parts.push(`proxy ${settings.proxy}`);
  return parts.join(', ');
}

const FLAGGED = ['delay', 'fail', 'proxy', 'proxyTimeoutMs'] as const;

/**
 * What of `settings` is the project's to keep: a setting a command-line flag gave this run, and
 * left as the flag gave it, is kept as the project had it (a `--delay 50` tried once does not
 * land in the team's `mock-behaviour.json`); one changed since, and the route rules, are kept.
 */
export function withoutFlags(
  settings: BehaviourSettings,
  flags: BehaviourSettings | undefined,
  project: BehaviourSettings | undefined,
): BehaviourSettings {
  if (flags === undefined) return settings;
  const kept: Record<string, unknown> = { ...settings };
  for (const key of FLAGGED) {
    if (flags[key] === undefined || JSON.stringify(settings[key]) !== JSON.stringify(flags[key]))
      continue;
    if (project?.[key] === undefined) delete kept[key];
    else kept[key] = project[key];
  }
  return kept as unknown as BehaviourSettings;
}
