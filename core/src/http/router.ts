import type FindMyWayModule from 'find-my-way';

import { requireCjs } from '../require-cjs.js';

const FindMyWay = requireCjs('find-my-way') as typeof FindMyWayModule;

/** A matched route: the value registered for it and the decoded path parameters. */
export interface RouteMatch<T> {
  readonly value: T;
  readonly params: Readonly<Record<string, string>>;
}

/**
 * Method + path matching with `:name` parameters. Callers depend on this interface only, so
 * the implementation can be swapped; `router.case.ts` is the suite every implementation passes
 * (as Hono does with `common.case.test.ts`).
 */
export interface Router<T> {
  /** Registers `value` for `method path`; a second registration of the same pair throws. */
  add(method: string, path: string, value: T): void;
  /** The route for a request path (no query string), or `null`. */
  match(method: string, path: string): RouteMatch<T> | null;
  /** The methods registered for a path, for `405` + `Allow`. */
  allowedMethods(path: string): string[];
  /** Freezes the table; called once every route is in. */
  seal(): void;
}

type FmwMethod = Parameters<FindMyWayModule.Instance<FindMyWayModule.HTTPVersion.V1>['find']>[0];

/** The router on find-my-way, Fastify's radix-tree router. */
export function createRouter<T>(): Router<T> {
  const fmw = FindMyWay({ ignoreTrailingSlash: true, maxParamLength: 500 });
  const methods = new Set<string>();
  const noop = (): void => {};
  let sealed = false;

  return {
    add(method, path, value) {
      if (sealed) throw new Error('the route table is sealed');
      const m = method.toUpperCase() as FmwMethod;
      if (fmw.hasRoute(m, path)) throw new Error(`route ${m} ${path} is registered twice`);
      fmw.on(m, path, noop, value);
      methods.add(m);
    },
    match(method, path) {
      if (!methods.has(method)) return null;
      // find-my-way throws URIError on malformed percent-encoding in a parameter; that is a
      // path no route can serve, so it is a miss rather than a server error.
      let found: FindMyWayModule.FindResult<FindMyWayModule.HTTPVersion.V1> | null;
      try {
        found = fmw.find(method as FmwMethod, path);
      } catch {
        return null;
      }
      if (found === null) return null;
      return { value: found.store as T, params: found.params as Record<string, string> };
    },
    allowedMethods(path) {
      const allowed: string[] = [];
      for (const m of methods) {
        try {
          if (fmw.find(m as FmwMethod, path) !== null) allowed.push(m);
        } catch {
          // malformed path: no method serves it
        }
      }
      return allowed;
    },
    seal() {
      sealed = true;
      fmw.compile();
    },
  };
}
