/**
 * Mock behaviours (issue 16): simulated latency and failures, global and per route, and the
 * proxy for what no route matches. Set live (the studio's control API, `--delay`, `--fail`,
 * `--proxy`) by swapping one immutable snapshot; the mock API reads `current` once per request
 * and, with nothing configured, `current` is `undefined`: one check on the hot path.
 */
import { problems } from '../errors.js';

/** A delay in ms, fixed (`min === max`) or uniform in `[min, max]`. */
export interface DelayRule {
  readonly minMs: number;
  readonly maxMs: number;
}

/** A share of requests (0..1) answered with `status` instead of the route's answer. */
export interface FailRule {
  readonly rate: number;
  readonly status: number;
}

/** A rule for one route, named as mounted (`GET /todos/:id`); it replaces the global ones. */
export interface RouteRule {
  readonly method: string;
  readonly path: string;
  readonly delay?: DelayRule;
  readonly fail?: FailRule;
}

export interface BehaviourSettings {
  readonly delay?: DelayRule;
  readonly fail?: FailRule;
  readonly routes: readonly RouteRule[];
  /** `http://host:port[/base]`: requests no route matches are forwarded there. */
  readonly proxy?: string;
  /** How long a forwarded request may take (default 30 s): then a 504. */
  readonly proxyTimeoutMs?: number;
}

export const NO_BEHAVIOUR: BehaviourSettings = { routes: [] };

export const DEFAULT_PROXY_TIMEOUT_MS = 30_000;

/** What one request gets: a delay (0: none) and maybe a failure status. */
export interface Effect {
  readonly delayMs: number;
  readonly failStatus: number | undefined;
}

export interface ProxyTarget {
  readonly url: URL;
  readonly timeoutMs: number;
}

/** The snapshot the request path reads. */
export interface ActiveBehaviour {
  readonly proxy: ProxyTarget | undefined;
  /** The effect for a matched route (or `undefined` route: a proxied request), if any. */
  effect(route: { method: string; path: string } | undefined): Effect | undefined;
}

function draw(delay: DelayRule | undefined, fail: FailRule | undefined): Effect | undefined {
  if (delay === undefined && fail === undefined) return undefined;
  const delayMs =
    delay === undefined ? 0 : delay.minMs + Math.random() * (delay.maxMs - delay.minMs);
  const failStatus = fail !== undefined && Math.random() < fail.rate ? fail.status : undefined;
  return { delayMs, failStatus };
}

function activate(settings: BehaviourSettings): ActiveBehaviour | undefined {
  const { delay, fail, routes, proxy } = settings;
  if (delay === undefined && fail === undefined && routes.length === 0 && proxy === undefined)
    return undefined;
  const byRoute = new Map(routes.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r]));
  return {
    proxy:
      proxy === undefined
        ? undefined
        : { url: new URL(proxy), timeoutMs: settings.proxyTimeoutMs ?? DEFAULT_PROXY_TIMEOUT_MS },
    effect(route) {
      const rule = route === undefined ? undefined : byRoute.get(`${route.method} ${route.path}`);
      return rule === undefined ? draw(delay, fail) : draw(rule.delay, rule.fail);
    },
  };
}

/** Rejects settings a request could not honour, with a 422 naming the field. */
export function checkSettings(settings: BehaviourSettings): void {
  const errors: { field: string; message: string }[] = [];
  const checkDelay = (field: string, d: DelayRule | undefined): void => {
    if (d === undefined) return;
    if (!(
      Number.isFinite(d.minMs) &&
      Number.isFinite(d.maxMs) &&
      d.minMs >= 0 &&
      d.maxMs >= d.minMs &&
      d.maxMs <= 600_000
    ))
      errors.push({
        field,
        message: 'must be { minMs, maxMs } with 0 <= minMs <= maxMs <= 600000',
      });
  };
  const checkFail = (field: string, f: FailRule | undefined): void => {
    if (f === undefined) return;
    if (!(Number.isFinite(f.rate) && f.rate >= 0 && f.rate <= 1))
      errors.push({ field: `${field}.rate`, message: 'must be a number from 0 to 1' });
    if (!(Number.isInteger(f.status) && f.status >= 400 && f.status <= 599))
      errors.push({
        field: `${field}.status`,
        message: 'must be an HTTP error status, 400 to 599',
      });
  };
  checkDelay('delay', settings.delay);
  checkFail('fail', settings.fail);
  settings.routes.forEach((r, i) => {
    if (typeof r.method !== 'string' || typeof r.path !== 'string' || !r.path.startsWith('/'))
      errors.push({ field: `routes[${i}]`, message: 'must name a route by method and path' });
    checkDelay(`routes[${i}].delay`, r.delay);
    checkFail(`routes[${i}].fail`, r.fail);
  });
  if (settings.proxy !== undefined) {
    let ok = false;
    try {
      const url = new URL(settings.proxy);
      ok = (url.protocol === 'http:' || url.protocol === 'https:') && url.search === '';
    } catch {
      ok = false;
    }
    if (!ok) errors.push({ field: 'proxy', message: 'must be an http:// or https:// URL' });
  }
  const t = settings.proxyTimeoutMs;
  if (t !== undefined && !(Number.isInteger(t) && t > 0 && t <= 600_000))
    errors.push({ field: 'proxyTimeoutMs', message: 'must be an integer from 1 to 600000' });
  if (errors.length > 0) throw problems.invalidBody('Invalid mock behaviour', errors);
}

/** The live behaviour of one mock API (kept across its restarts and port changes). */
export class Behaviour {
  #settings: BehaviourSettings = NO_BEHAVIOUR;
  /** Read once per request by the dispatcher; `undefined` when nothing is configured. */
  current: ActiveBehaviour | undefined;

  constructor(settings: BehaviourSettings = NO_BEHAVIOUR) {
    this.set(settings);
  }

  settings(): BehaviourSettings {
    return this.#settings;
  }

  /** Replaces every rule at once (a 422 problem for bad settings, changing nothing). */
  set(settings: BehaviourSettings): BehaviourSettings {
    checkSettings(settings);
    this.#settings = settings;
    this.current = activate(settings);
    return settings;
  }
}

/** `200` or `100-800` (ms), as `--delay` takes it. */
export function parseDelay(text: string): DelayRule | undefined {
  const m = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(text.trim());
  if (!m) return undefined;
  const minMs = Number(m[1]);
  const maxMs = m[2] === undefined ? minMs : Number(m[2]);
  return maxMs >= minMs ? { minMs, maxMs } : undefined;
}

/** `0.1:503` (rate, status; status 500 when left out), as `--fail` takes it. */
export function parseFail(text: string): FailRule | undefined {
  const m = /^(0(?:\.\d+)?|1(?:\.0+)?|\.\d+)(?::(\d{3}))?$/.exec(text.trim());
  if (!m) return undefined;
  const status = m[2] === undefined ? 500 : Number(m[2]);
  return status >= 400 && status <= 599 ? { rate: Number(m[1]), status } : undefined;
}

/** Waits `ms` (a simulated delay). */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
