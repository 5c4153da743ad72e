/**
 * Recorded traffic as an import plan (issue 46): the exchanges of a recording proxy
 * (`decorest record`) or a HAR file, read one at a time, become
 *
 * - a model per collection path (`GET /x` answering a list of objects, `GET /x/:id` one whose
 *   id is the path's), typed from every record seen (`collection-plan.ts`, the importer's own
 *   inference), with `seed/` holding each record once (the latest answer wins, field by field);
 * - a manual route per other method and path, answering what was recorded last, and a response
 *   rule per query it answered otherwise;
 * - a response rule on a model's route for an error it answered (`GET /users/999` → 404).
 *
 * Everything left out is a note naming the exchange and why. Memory holds the distinct records
 * and one answer per route and query, never the traffic itself.
 */
import type { JsonValue } from '../contract/control-api.js';
import {
  type Collection,
  type CollectionConvention,
  linkRelations,
  planCollection,
} from './collection-plan.js';
import { isModelPath } from './import-names.js';
import type { ImportNote, ImportPlan, ImportSourceKind } from './import-plan.js';
import { exchangesText, type RecordedExchange, sizeText } from './recorded-exchange.js';
import { collectionNotes, isIdLike, RecordedCollection } from './traffic-collections.js';
import { planRoutes } from './traffic-route-plan.js';
import { type RecordedAnswer, RecordedRoute } from './traffic-routes.js';

type JsonRecord = Record<string, JsonValue>;

/** A real API says which fields it always sends, and its deletes are its own business. */
export const RECORDED_CONVENTION: CollectionConvention = { lenient: false };

/** Distinct method-and-path routes kept; more are counted and named. */
export const MAX_ROUTES = 1000;

/** Distinct skipped places named one by one; more are counted in one note. */
const MAX_SKIP_NOTES = 200;

/** Methods a written route or model answers. */
const WRITTEN = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** A path a route can be written for: `/`-separated segments, no parameter syntax. */
const ROUTE_PATH = /^(\/[A-Za-z0-9._~%!$&'()+,;=@-]+)+$|^\/$/;

const isRecord = (value: unknown): value is JsonRecord =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function splitUrl(url: string): { path: string; query: string } {
  const hash = url.indexOf('#');
  const bare = hash === -1 ? url : url.slice(0, hash);
  const q = bare.indexOf('?');
  let path = q === -1 ? bare : bare.slice(0, q);
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return { path: path === '' ? '/' : path, query: q === -1 ? '' : bare.slice(q + 1) };
}

/** `/users/5/avatar` → `/users/:id/avatar`: ids told apart from names. */
function shapeOf(path: string): string {
  return path
    .split('/')
    .map((s) => (isIdLike(s) ? ':id' : s))
    .join('/');
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A segment that can be a model's path: a name, not an id. */
const isCollectionSegment = (segment: string): boolean =>
  isModelPath(segment) && !isIdLike(segment);

/** The collection a record's path names (`/api/users/5` → `/api/users`), if it can be one. */
function itemPathOf(
  segments: readonly string[],
): { path: string; prefix: string; key: string } | undefined {
  if (segments.length < 2) return undefined;
  const key = segments.at(-2)!;
  if (!isCollectionSegment(key)) return undefined;
  const prefix = segments
    .slice(0, -2)
    .map((s) => `/${s}`)
    .join('');
  return { path: `${prefix}/${key}`, prefix, key };
}

export interface TrafficPlanOptions {
  source: { kind: Extract<ImportSourceKind, 'har' | 'recording'>; file: string };
}

/**
 * Reads exchanges one by one ({@link add}) and plans them ({@link plan}).
 *
 * @example
 * ```ts
 * const planner = new TrafficPlanner({ source: { kind: 'har', file: 'api.har' } });
 * for (const exchange of exchanges) planner.add(exchange);
 * const plan = await planner.plan();
 * ```
 */
export class TrafficPlanner {
  readonly #collections = new Map<string, RecordedCollection>();
  readonly #routes = new Map<string, RecordedRoute>();
  readonly #skips = new Map<string, ImportNote & { count: number }>();
  #moreSkips = 0;
  #droppedRoutes = 0;
  /** Exchanges read. */
  exchanges = 0;

  constructor(readonly options: TrafficPlanOptions) {}

  /** One exchange, in the order it happened (a later answer wins). */
  add(exchange: RecordedExchange): void {
    this.exchanges++;
    const method = exchange.method.toUpperCase();
    const { path, query } = splitUrl(exchange.url);
    // Skips are told per path shape: `/users/:id/avatar` once, not once per user.
    const at = `${method} ${shapeOf(path)}`;
    if (method === 'OPTIONS')
      return this.#skip('OPTIONS', 'CORS preflights: the mock answers them itself');
    if (method === 'HEAD') return this.#skip('HEAD', 'the mock answers HEAD wherever GET is');
    if (!WRITTEN.has(method))
      return this.#skip(at, `only GET, POST, PUT, PATCH and DELETE are written`);
    if (!ROUTE_PATH.test(path) || path.split('/').some((s) => s.startsWith(':')))
      return this.#skip(at, 'no route can be written for this path');
    if (exchange.status < 200 || exchange.status === 304)
      return this.#skip(at, `answered ${exchange.status}, which has no body to answer with`);
    const skipped = exchange.skipped;
    if (skipped) {
      const why =
        skipped.reason === 'binary'
          ? `answered ${skipped.type ?? 'bytes'} (${sizeText(skipped.bytes)}), which is binary: not recorded`
          : skipped.reason === 'limit'
            ? `answered ${sizeText(skipped.bytes)}, over the ${sizeText(skipped.limit)} recorded per exchange: streamed through, not recorded`
            : skipped.reason === 'busy'
              ? `answered ${sizeText(skipped.bytes)} while other answers held the ${sizeText(skipped.limit)} a recording keeps in memory: streamed through, not recorded`
              : `answered a body in ${skipped.coding} that could not be decoded`;
      return this.#skip(at, why);
    }
    const answer = this.#answerOf(exchange, `${method} ${path}`);
    if (this.#collect(method, path, answer)) return;
    const key = `${method} ${path}`;
    const route = this.#routes.get(key);
    if (route) route.add(answer, query);
    else if (this.#routes.size < MAX_ROUTES)
      this.#routes.set(key, new RecordedRoute(method, path, answer, query));
    else this.#droppedRoutes++;
  }

  /** The plan of everything read; `notes` name every guess and everything left out. */
  async plan(): Promise<ImportPlan> {
    const notes: ImportNote[] = [];
    const basePath = this.#basePath();
    const collections = this.#planCollections(basePath, notes);
    linkRelations(collections, notes, RECORDED_CONVENTION);
    const models = collections.map((c) => c.model);
    for (const model of models) {
      const required = model.fields.filter((f) => !f.optional).map((f) => f.wireName ?? f.name);
      const them = required.length > 1 ? 'them' : 'it';
      if (required.length > 0)
        notes.push({
          kind: 'guess',
          at: model.name,
          text: `every record seen had ${required.join(', ')}: a write must send ${them} (add a ? to make ${them} optional)`,
        });
    }
    const { routes, rules } = await planRoutes(this.#routes.values(), basePath, models, notes);
    if (this.#droppedRoutes > 0)
      notes.push({
        kind: 'not-imported',
        at: 'routes',
        text: `${exchangesText(this.#droppedRoutes)} on paths past the first ${MAX_ROUTES}: not imported`,
      });
    notes.push(...this.#skipNotes());
    return {
      source: { kind: this.options.source.kind, file: this.options.source.file },
      ...(basePath !== '' ? { basePath } : {}),
      models,
      routes,
      ...(rules.length > 0 ? { rules } : {}),
      notes,
    };
  }

  #answerOf(exchange: RecordedExchange, at: string): RecordedAnswer {
    const { status, headers, body } = exchange;
    if (body === undefined || body === '') return { status, headers };
    const type = headers['content-type'];
    const jsonTyped = type !== undefined && /\bjson\b|\+json/i.test(type);
    if (jsonTyped || (type === undefined && /^\s*[[{]/.test(body)))
      try {
        return { status, headers, text: body, json: JSON.parse(body) as JsonValue };
      } catch {
        if (jsonTyped)
          this.#skip(
            `${at} json`,
            `answered ${type} that is not JSON: answered as text`,
            'guess',
            at,
          );
      }
    return { status, headers, text: body };
  }

  /** Records of a collection in `answer`: kept, and true; false for an answer a route keeps. */
  #collect(method: string, path: string, answer: RecordedAnswer): boolean {
    const ok = answer.status >= 200 && answer.status < 300;
    if (!ok) return false;
    const segments = path.split('/').slice(1);
    const last = segments.at(-1) ?? '';
    const { json } = answer;
    if (method === 'GET' && Array.isArray(json) && json.length > 0 && json.every(isRecord)) {
      const collection = this.#listTarget(segments, true);
      if (!collection) return false;
      for (const record of json) collection.add(record);
      return true;
    }
    if (method === 'POST') {
      if (!isRecord(json) || json.id === undefined) return false;
      const collection = this.#listTarget(segments, false);
      collection?.add(json);
      return collection !== undefined;
    }
    const itemPath = itemPathOf(segments);
    if (itemPath === undefined) return false;
    const id = decoded(last);
    const known = this.#collections.get(itemPath.path);
    if (method === 'DELETE') {
      known?.remove(id);
      return known !== undefined;
    }
    if (!isRecord(json)) return false;
    const fromPath = json.id === undefined && isIdLike(id);
    if (!fromPath && String(json.id) !== id) return false;
    // Only a GET makes a collection: a write answers on one already seen.
    if (!known && method !== 'GET') return false;
    let collection = known;
    if (!collection)
      this.#collections.set(
        itemPath.path,
        (collection = new RecordedCollection(itemPath.path, itemPath.prefix, itemPath.key)),
      );
    if (fromPath) {
      // The path names the record: its id is that (`GET /users/5` answering `{ name }`).
      collection.idsFromPath++;
      collection.add({ id: /^\d+$/.test(id) ? Number(id) : id, ...json });
    } else collection.add(json);
    return true;
  }

  /**
   * The collection a list path names (`/api/users`), made when `create`; a list nested under a
   * record (`/users/5/posts`) is the collection beside its parent (`/posts`).
   */
  #listTarget(segments: readonly string[], create: boolean): RecordedCollection | undefined {
    const key = segments.at(-1);
    if (key === undefined || !isCollectionSegment(key)) return undefined;
    let prefixSegments = segments.slice(0, -1);
    const n = prefixSegments.length;
    const nested =
      n >= 2 && isIdLike(prefixSegments[n - 1]!) && isCollectionSegment(prefixSegments[n - 2]!);
    if (nested) prefixSegments = prefixSegments.slice(0, -2);
    const prefix = prefixSegments.map((s) => `/${s}`).join('');
    const path = `${prefix}/${key}`;
    let collection = this.#collections.get(path);
    if (!collection && create)
      this.#collections.set(path, (collection = new RecordedCollection(path, prefix, key)));
    if (collection && nested) {
      const from = `/${segments.join('/')}`;
      if (collection.nested.size < 20) collection.nested.add(from);
    }
    return collection;
  }

  /**
   * The one prefix the project serves under (a model's path is one segment, so `/api/users` is
   * `users` under `/api`): the one most collections share, then most records, then most routes.
   */
  #basePath(): string {
    const score = new Map<string, [number, number, number]>();
    for (const c of this.#collections.values()) {
      const s = score.get(c.prefix) ?? [0, 0, 0];
      score.set(c.prefix, [s[0] + 1, s[1] + c.seen, 0]);
    }
    if (score.size <= 1) return [...score.keys()][0] ?? '';
    for (const route of this.#routes.values())
      for (const [prefix, s] of score)
        if (route.path === prefix || route.path.startsWith(`${prefix}/`)) s[2]++;
    const ranked = [...score.entries()].sort(
      ([pa, a], [pb, b]) => b[0] - a[0] || b[1] - a[1] || b[2] - a[2] || pa.length - pb.length,
    );
    return ranked[0]![0];
  }

  #planCollections(basePath: string, notes: ImportNote[]): Collection[] {
    const planned: Collection[] = [];
    const taken = new Set<string>();
    for (const c of this.#collections.values()) {
      const records = c.records();
      if (c.prefix !== basePath) {
        notes.push({
          kind: 'not-imported',
          at: c.path,
          text: `${records.length} records under ${c.prefix || '/'}, while the project serves its models under ${basePath || '/'}: not imported`,
        });
        continue;
      }
      const collection = planCollection(c.key, records, taken, notes, RECORDED_CONVENTION, {
        stats: c.stats,
        count: c.seen,
      });
      if (!collection) continue;
      planned.push(collection);
      taken.add(collection.model.name);
      notes.push(...collectionNotes(c, collection));
    }
    return planned;
  }

  #skip(key: string, text: string, kind: ImportNote['kind'] = 'not-imported', at = key): void {
    const found = this.#skips.get(key);
    if (found) found.count++;
    else if (this.#skips.size < MAX_SKIP_NOTES) this.#skips.set(key, { kind, at, text, count: 1 });
    else this.#moreSkips++;
  }

  #skipNotes(): ImportNote[] {
    const notes: ImportNote[] = [...this.#skips.values()].map(({ kind, at, text, count }) => ({
      kind,
      at,
      text: count > 1 ? `${text} (${exchangesText(count)})` : text,
    }));
    if (this.#moreSkips > 0)
      notes.push({
        kind: 'not-imported',
        at: 'exchanges',
        text: `${this.#moreSkips} more exchanges skipped on other paths`,
      });
    return notes;
  }
}
