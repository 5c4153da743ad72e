/**
 * The only way names reach SQL text (issue 26): values are always parameters (`$1`), and an
 * identifier, which cannot be one, is quoted here. Everything else about the connection (the
 * pool and how column types are read back) is here too, so every store reads alike.
 */
import { createHash } from 'node:crypto';

import pg from 'pg';

/** PostgreSQL cuts longer identifiers silently (NAMEDATALEN − 1 bytes). */
export const MAX_IDENTIFIER_BYTES = 63;

/**
 * `name` as a quoted identifier: doubled `"` inside `"…"`, so no name can end the identifier
 * early. A NUL byte cannot be sent at all and an empty or over-long name would be changed by
 * the server: those throw.
 */
export function quoteIdent(name: string): string {
  if (name.length === 0) throw new Error('an SQL identifier cannot be empty');
  if (name.includes('\0'))
    throw new Error(`an SQL identifier cannot hold a NUL byte: ${JSON.stringify(name)}`);
  if (Buffer.byteLength(name, 'utf8') > MAX_IDENTIFIER_BYTES)
    throw new Error(
      `${JSON.stringify(name)} is longer than PostgreSQL's ${MAX_IDENTIFIER_BYTES}-byte identifiers`,
    );
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * A derived name (constraint, index) that fits an identifier: the parts joined by `_`, or, when
 * too long, a prefix and a hash of the whole so two long names never meet.
 */
export function derivedName(...parts: string[]): string {
  const whole = parts.join('_');
  if (Buffer.byteLength(whole, 'utf8') <= MAX_IDENTIFIER_BYTES) return whole;
  const hash = createHash('sha256').update(whole).digest('hex').slice(0, 12);
  let prefix = whole;
  while (Buffer.byteLength(`${prefix}_${hash}`, 'utf8') > MAX_IDENTIFIER_BYTES)
    prefix = [...prefix].slice(0, -1).join('');
  return `${prefix}_${hash}`;
}

const INT8_OID = 20;

/**
 * How the pool reads column types: `bigint` as a JavaScript number (pg gives a string, since
 * an int8 may exceed 2^53; we only write numbers JavaScript holds, each of which reads back as
 * the same double), everything else as pg's defaults (jsonb parsed, timestamptz a `Date`).
 */
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (text: string) => Number(text)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** What a URL names, without its password (connect.ts reads it). */
export interface DatabaseAddress {
  readonly host: string;
  readonly port: number;
  readonly database: string;
  readonly user: string | undefined;
}

/** `user@host:port/database`: how every message names the database (never the password). */
export function describeAddress(a: DatabaseAddress): string {
  const host = a.host.includes(':') ? `[${a.host}]` : a.host;
  return `${a.user === undefined ? '' : `${a.user}@`}${host}:${a.port}/${a.database}`;
}

/** The pool's limits when nothing says otherwise (docs/postgresql.md, "Faults"). */
export const POOL_DEFAULTS = {
  /** Connections one server process holds at most (pg's default). */
  max: 10,
  /**
   * Requests that may wait for a busy pool's connection; one more is answered 503 at once
   * instead of queueing without bound behind slow clients.
   */
  maxWaiting: 100,
  /**
   * How long opening a connection, or waiting in that queue for one, may take before the
   * request is answered 503 (pg would wait forever).
   */
  connectTimeoutMs: 5_000,
} as const;

export interface PoolOptions {
  /** Connections this process may hold (default {@link POOL_DEFAULTS}.max). */
  readonly max?: number;
  /** Told when an idle connection fails (logged by a server; ignored by default). */
  readonly onIdleError?: (error: Error) => void;
  /** How long opening a connection, or waiting for a pooled one, may take. */
  readonly connectTimeoutMs?: number;
}

/**
 * A pool on `url` (`postgres://user:pass@host:port/db`). Every session runs in UTC so a
 * `timestamptz` prints alike whoever reads it. The caller ends it (`pool.end()`).
 */
export function openPool(url: string, options: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? POOL_DEFAULTS.max,
    types: TYPES,
    options: '-c TimeZone=UTC',
    connectionTimeoutMillis: options.connectTimeoutMs ?? POOL_DEFAULTS.connectTimeoutMs,
  });
  // An idle connection the server ends (a restart, an administrator) is an 'error' event, an
  // uncaught exception without a listener. The pool drops that client; the next query opens a
  // new one, and a query that cannot rejects to its caller.
  pool.on('error', options.onIdleError ?? (() => undefined));
  return pool;
}

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
/** What runs a query: the pool (autocommit) or a client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'>;
export const DatabaseError = pg.DatabaseError;
