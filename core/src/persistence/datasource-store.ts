/**
 * A user's `@DataSource` class as a {@link ModelStore} (CONTRACT §5). Lists are computed from
 * `getAll()` on each request, in id order; `getById` and `getLimit` are used when present.
 * A write whose method the class lacks answers 405 naming the datasource and the method.
 */
import { type HttpProblem, problems } from '../errors.js';
import type { RecordId } from '../model/schema.js';
import { type BatchDoor, ONE_BY_ONE } from './batch-door.js';
import type { StoredRecord } from './collection.js';
import type { ModelStore, ReadableRecords, RecordMerge } from './model-store.js';
import type { Persistence } from './persistence.js';
import { recordSnapshot } from './record-snapshot.js';

/** The class method each generated write calls (`relation-create` stores a child). */
const WRITE_METHODS = {
  create: 'save',
  'relation-create': 'save',
  replace: 'update',
  patch: 'update',
  delete: 'delete',
} as const satisfies Record<string, keyof Persistence<object>>;

type WriteOperation = keyof typeof WRITE_METHODS;

/**
 * The 405 a generated write answers whatever its body when `store` is a user's class without
 * the method it needs (the route list and the OpenAPI document say so); `undefined` when it
 * can answer. `operation` as the route table words it (`create`, `relation-create Todo`, …).
 */
export function refusedWrite(
  store: ModelStore,
  operation: string | undefined,
): HttpProblem | undefined {
  const kind = operation?.split(' ')[0];
  if (!(store instanceof DataSourceStore) || kind === undefined || !(kind in WRITE_METHODS))
    return undefined;
  return store.missing(WRITE_METHODS[kind as WriteOperation]);
}

const sameId = (a: unknown, b: RecordId): boolean => a === b || String(a) === String(b);

function compareIds(a: StoredRecord, b: StoredRecord): number {
  if (typeof a.id === 'number' && typeof b.id === 'number') return a.id - b.id;
  return String(a.id) < String(b.id) ? -1 : String(a.id) > String(b.id) ? 1 : 0;
}

/** An in-memory, id-ordered view of what `getAll()` answered. */
function snapshot(records: readonly StoredRecord[]): ReadableRecords {
  return recordSnapshot([...records].sort(compareIds));
}

function asRecords(value: unknown, name: string): StoredRecord[] {
  if (!Array.isArray(value))
    throw new TypeError(`datasource "${name}": getAll() must return an array`);
  return value.map((v) => ({ ...(v as object) }) as StoredRecord);
}

export class DataSourceStore implements ModelStore {
  /** CONTRACT §8: the studio shows a user's class's records, and leaves writes to its code. */
  readonly readOnly = true;
  /** A user's class offers nothing atomic across records: one write after another. */
  readonly batches: BatchDoor = ONE_BY_ONE;

  constructor(
    readonly label: string,
    readonly source: Persistence<object>,
  ) {}

  /**
   * The 405 a write needing `method` answers, if the class lacks it, with what its path takes:
   * a create's is the list (`GET, HEAD`, and `POST` never, or it would not be asked), the
   * others' the record (`GET, HEAD` and the writes the class has).
   */
  missing(method: 'save' | 'update' | 'delete'): HttpProblem | undefined {
    if (typeof this.source[method] === 'function') return undefined;
    const has = (m: 'update' | 'delete') => typeof this.source[m] === 'function';
    const allow =
      method === 'save'
        ? ['GET', 'HEAD']
        : [
            'GET',
            'HEAD',
            ...(has('update') ? ['PUT', 'PATCH'] : []),
            ...(has('delete') ? ['DELETE'] : []),
          ];
    return problems.operationNotSupported(this.label, method, allow);
  }

  /** The class's `method`, called on it; a 405 if it has none. */
  private write(method: 'save' | 'update' | 'delete', record: object): Promise<object> {
    const refused = this.missing(method);
    if (refused) throw refused;
    return Promise.resolve(this.source[method]!(record));
  }

  async records(): Promise<ReadableRecords> {
    return snapshot(asRecords(await this.source.getAll(), this.label));
  }

  /** Spec §4.1 `?limit=n` through the datasource's own `getLimit`, when it has one. */
  readonly first = (n: number): Promise<StoredRecord[]> | undefined =>
    typeof this.source.getLimit === 'function'
      ? Promise.resolve(this.source.getLimit(n)).then((r) => asRecords(r, this.label).slice(0, n))
      : undefined;

  async get(id: RecordId): Promise<StoredRecord | undefined> {
    if (typeof this.source.getById === 'function') {
      const found = await this.source.getById(id);
      return found ? ({ ...found } as StoredRecord) : undefined;
    }
    return asRecords(await this.source.getAll(), this.label).find((r) => sameId(r.id, id));
  }

  async insert(record: Record<string, unknown>): Promise<StoredRecord> {
    return { ...(await this.write('save', record)) } as StoredRecord;
  }

  async replace(id: RecordId, record: Record<string, unknown>): Promise<StoredRecord | undefined> {
    return { ...(await this.write('update', { ...record, id })) } as StoredRecord;
  }

  /**
   * A user's class offers no lock nor conditional update: read, merge, update, as close
   * together as its methods allow. Atomic only if the class is (its own `update` may merge).
   */
  async patch(id: RecordId, merge: RecordMerge): Promise<StoredRecord | undefined> {
    const refused = this.missing('update');
    if (refused) throw refused;
    const current = await this.get(id);
    return current === undefined ? undefined : this.replace(id, merge(current));
  }

  async remove(id: RecordId): Promise<StoredRecord | undefined> {
    const refused = this.missing('delete');
    if (refused) throw refused;
    const existing = await this.get(id);
    if (!existing) return undefined;
    await this.write('delete', existing);
    return existing;
  }
}
