import { addRoute, createRouter as createRou3, findRoute } from 'rou3';

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

/** Longer parameters are no id or name of ours: the path is a miss (404), not a lookup. */
const MAX_PARAM_LENGTH = 500;

/**
 * The router on rou3 (unjs's radix tree, as in h3 and Nitro). It replaced find-my-way (issue
 * 27): loading find-my-way checked its own regexes with safe-regex2 and cost about 12 ms of
 * every start; rou3 loads in about 4. Lookup paths stay percent-encoded, as rou3 wants them;
 * parameters are decoded here.
 */
export function createRouter<T>(): Router<T> {
  const tree = createRou3<T>();
  const methods = new Set<string>();
  const shapes = new Set<string>();
  let sealed = false;

  const find = (method: string, path: string): RouteMatch<T> | null => {
    const found = findRoute(tree, method, path);
    if (found === undefined) return null;
    if (found.params === undefined) return { value: found.data, params: {} };
    const params: Record<string, string> = {};
    for (const [name, raw] of Object.entries(found.params)) {
      if (raw === undefined) continue;
      if (raw.length > MAX_PARAM_LENGTH) return null;
      try {
        params[name] = raw.includes('%') ? decodeURIComponent(raw) : raw;
      } catch {
        // Malformed percent-encoding: a path no route can serve, so a miss, not an error.
        return null;
      }
    }
    return { value: found.data, params };
  };

  return {
    add(method, path, value) {
      if (sealed) throw new Error('the route table is sealed');
      const m = method.toUpperCase();
      // `/todos/:id` and `/todos/:key` are one route; so are `/todos` and `/todos/`.
      const shape = `${m} ${path.replace(/:[^/]+/g, ':').replace(/(.)\/+$/, '$1')}`;
      if (shapes.has(shape)) throw new Error(`route ${m} ${path} is registered twice`);
      shapes.add(shape);
      addRoute(tree, m, path, value);
      methods.add(m);
    },
    match(method, path) {
      return methods.has(method) ? find(method, path) : null;
    },
    allowedMethods(path) {
      return [...methods].filter((m) => find(m, path) !== null);
    },
    seal() {
      sealed = true;
    },
  };
}
