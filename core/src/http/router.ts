import { Memoirist } from 'memoirist';

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

const NON_ASCII = /[\u0080-\uffff]/;

/**
 * The router on memoirist (the radix tree of Elysia). It replaced find-my-way (issue 27):
 * loading find-my-way checked its own regexes with safe-regex2 and cost about 12 ms of every
 * start; memoirist loads in about 1 ms and looks a route up as fast (rou3, tried in between,
 * loads fast but looked up 5× slower: `GET /todos/:id` lost a tenth of its throughput). Lookup
 * paths stay percent-encoded, so a route written in Unicode is registered encoded, as a browser
 * sends it; parameters are decoded here.
 */
export function createRouter<T>(): Router<T> {
  const tree = new Memoirist<T>({ loosePath: true });
  const methods = new Set<string>();
  const shapes = new Set<string>();
  let sealed = false;

  const find = (method: string, path: string): RouteMatch<T> | null => {
    const found = tree.find(method, path);
    if (found === null) return null;
    const params = found.params as Record<string, string>;
    for (const name in params) {
      const raw = params[name]!;
      if (raw.length > MAX_PARAM_LENGTH) return null;
      if (!raw.includes('%')) continue;
      try {
        params[name] = decodeURIComponent(raw);
      } catch {
        // Malformed percent-encoding: a path no route can serve, so a miss, not an error.
        return null;
      }
    }
    return { value: found.store, params };
  };

  return {
    add(method, path, value) {
      if (sealed) throw new Error('the route table is sealed');
      const m = method.toUpperCase();
      // `/todos/:id` and `/todos/:key` are one route; so are `/todos` and `/todos/`.
      const shape = `${m} ${path.replace(/:[^/]+/g, ':').replace(/(.)\/+$/, '$1')}`;
      if (shapes.has(shape)) throw new Error(`route ${m} ${path} is registered twice`);
      shapes.add(shape);
      tree.add(m, NON_ASCII.test(path) ? encodeURI(path) : path, value);
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
