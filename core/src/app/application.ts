import type { Handler, HandlerFunction, HttpMethod, RouteDefinition } from '../http/types.js';

/** What an application needs from the project it runs in; supplied by whoever builds it. */
export interface ApplicationContext {
  /** The routes `generateRest()` adds: seven per `@Rest` model plus relation routes. */
  generateRest(): readonly RouteDefinition[];
}

/** Routes an application registered, in registration order, before any mount prefix. */
export interface ApplicationRoutes {
  readonly manual: readonly RouteDefinition[];
  readonly generated: readonly RouteDefinition[];
}

function toHandlerFunction(handler: Handler, where: string): HandlerFunction {
  if (typeof handler === 'function') return handler;
  if (handler !== null && typeof handler === 'object' && typeof handler.method === 'function') {
    return (req, res) => handler.method(req, res);
  }
  throw new TypeError(
    `${where}: a handler is a function or an object with a method(req, res) function`,
  );
}

function checkPath(path: string, where: string): void {
  if (typeof path !== 'string' || !path.startsWith('/')) {
    throw new TypeError(`${where}: the path must start with "/", got ${JSON.stringify(path)}`);
  }
}

/**
 * The base of every application (spec §1): override `execute()` and, inside it, call
 * `generateRest()` and/or map handlers by hand.
 *
 * @example
 * ```ts
 * export default class TodoApp extends Application {
 *   execute() {
 *     this.generateRest();
 *     this.get('/hello/:name', (req, res) => res.json({ hello: req.params('name') }));
 *   }
 * }
 * ```
 */
export abstract class Application {
  #context: ApplicationContext | undefined;
  #manual: RouteDefinition[] = [];
  #generated: RouteDefinition[] = [];

  /** Registers the application's routes. Runs once per load of the project. */
  abstract execute(): void | Promise<void>;

  /** Adds the generated endpoints of every `@Rest` model (spec §4.1). */
  protected generateRest(): void {
    if (!this.#context) {
      throw new Error('generateRest() runs only inside execute(), while the project loads');
    }
    this.#generated.push(...this.#context.generateRest());
  }

  protected get(path: string, handler: Handler): this {
    return this.#map('GET', path, handler);
  }

  protected post(path: string, handler: Handler): this {
    return this.#map('POST', path, handler);
  }

  protected put(path: string, handler: Handler): this {
    return this.#map('PUT', path, handler);
  }

  protected patch(path: string, handler: Handler): this {
    return this.#map('PATCH', path, handler);
  }

  protected delete(path: string, handler: Handler): this {
    return this.#map('DELETE', path, handler);
  }

  #map(method: HttpMethod, path: string, handler: Handler): this {
    const where = `${this.constructor.name}.${method.toLowerCase()}(${JSON.stringify(path)})`;
    checkPath(path, where);
    this.#manual.push({
      method,
      path,
      handler: toHandlerFunction(handler, where),
      origin: 'manual',
      // Issue 12: the studio shows where each manual route was mapped; the loader's source
      // maps turn this stack into a file and line only when asked (once per load, not per call).
      callSite: new Error().stack ?? '',
    });
    return this;
  }

  /** Internal: runs `execute()` against a project and returns what it registered. */
  static async collectRoutes(
    app: Application,
    context: ApplicationContext,
  ): Promise<ApplicationRoutes> {
    app.#context = context;
    app.#manual = [];
    app.#generated = [];
    try {
      await app.execute();
    } finally {
      app.#context = undefined;
    }
    return { manual: app.#manual, generated: app.#generated };
  }
}

/** A concrete application class, as a project's default export provides it. */
export type ApplicationClass = new () => Application;

/** The application a project without one behaves as (CONTRACT §7). */
export class GeneratedApplication extends Application {
  execute(): void {
    this.generateRest();
  }
}
