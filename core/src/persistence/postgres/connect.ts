/**
 * Opening the database a project is served from (issue 26: `--database`,
 * `DECOREST_DATABASE_URL`). Every way it can fail (a URL that is not one, a server that does
 * not answer, a refused login, a database that does not exist) is one line naming host, port,
 * database and user, never the password: it ends up on a terminal and in CI logs.
 */
import { DatabaseConnectError, databaseConnectFailure } from '../../errors.js';
import { PostgresDatabase } from './postgres-database.js';
import {
  type DatabaseAddress,
  describeAddress,
  openPool,
  POOL_DEFAULTS,
  type PoolOptions,
} from './sql.js';

export type { DatabaseAddress } from './sql.js';
export { describeAddress } from './sql.js';

const SHAPE = 'postgres://user:password@host:5432/database';
const NOT_SHOWN = 'the value is not shown: it may hold a password';

/**
 * Where `url`'s authority (`user:password@host:port`) ends, past its `scheme://`; `undefined`
 * when it has no `//` there. Issue 40: a URL whose shape is off (`postgres:/u:p@h/db`, one slash
 * short) parses with the password inside its path, so nothing is read or shown of a URL before
 * its authority is known to end before every other part.
 */
function afterAuthority(url: string): string | undefined {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(url);
  if (scheme === null) return undefined;
  const rest = url.slice(scheme[0].length);
  const end = rest.search(/[/?#]/);
  return end === -1 ? '' : rest.slice(end);
}

/**
 * `url` parsed, once its shape leaves no part of a password outside the user-info: refused with
 * a message that repeats none of it otherwise (an `@` past the host means a password holding
 * `/`, `?` or `#` unencoded, whose tail would land in the database name).
 */
function checkedUrl(url: string): URL {
  const tail = afterAuthority(url);
  if (tail === undefined) {
    const scheme = /^(postgres(?:ql)?):/i.exec(url)?.[1];
    throw new DatabaseConnectError(
      scheme === undefined
        ? `--database: not a postgres:// URL (${SHAPE}); ${NOT_SHOWN}`
        : `--database: "${scheme.toLowerCase()}:" must be followed by two slashes (${SHAPE}); ${NOT_SHOWN}`,
    );
  }
  const encode = 'percent-encode / ? # @ and spaces in the user name and password';
  if (tail.includes('@'))
    throw new DatabaseConnectError(
      `--database: an "@" after the host: ${encode} (%2F %3F %23 %40 %20); ${NOT_SHOWN}`,
    );
  try {
    return new URL(url);
  } catch {
    throw new DatabaseConnectError(
      `--database: not a valid URL (${SHAPE}; ${encode}); ${NOT_SHOWN}`,
    );
  }
}

/** A checked URL as a message shows it: its password, query and fragment left out. */
function shownUrl(parsed: URL): string {
  const user =
    parsed.username === '' ? '' : `${parsed.username}${parsed.password === '' ? '' : ':***'}@`;
  return `${parsed.protocol}//${user}${parsed.host}${parsed.pathname}`;
}

/**
 * The address a `postgres://` URL names, as pg reads it: host `localhost`, port 5432, the
 * database named after the user when the path names none (`?host=` may name a socket folder).
 * Throws {@link DatabaseConnectError}, never quoting a password, whatever the URL's shape.
 */
export function parseDatabaseUrl(url: string): DatabaseAddress {
  const parsed = checkedUrl(url);
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:')
    throw new DatabaseConnectError(
      `--database: "${shownUrl(parsed)}" is not a postgres:// URL (${SHAPE})`,
    );
  const decode = (text: string): string => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  const user = parsed.username === '' ? undefined : decode(parsed.username);
  const port = parsed.port === '' ? 5432 : Number(parsed.port);
  const host =
    parsed.searchParams.get('host') ??
    (parsed.hostname === '' ? 'localhost' : parsed.hostname.replace(/^\[|\]$/g, ''));
  const path = decode(parsed.pathname.slice(1));
  return { host, port, database: path === '' ? (user ?? '(the user name)') : path, user };
}

/** Why a first connection failed, as the one line a user acts on (errors/postgres-errors.ts). */
function connectFailure(address: DatabaseAddress, error: unknown): DatabaseConnectError {
  return databaseConnectFailure(describeAddress(address), address.database, error);
}

export interface ConnectOptions extends PoolOptions {
  /**
   * Requests that may wait for a connection while every one is busy; one more is answered 503
   * at once (default {@link POOL_DEFAULTS}.maxWaiting).
   */
  readonly maxWaiting?: number;
}

/**
 * The pool's limits a URL sets in its query string, beside the connection's own parameters:
 * `pool_max` (connections), `pool_queue` (requests waiting for one) and `connect_timeout`
 * (seconds, libpq's name: opening a connection or waiting for a pooled one). Anything else in
 * the query string is pg's.
 */
export function poolOptionsOf(url: string): ConnectOptions {
  let params: URLSearchParams;
  try {
    params = new URL(url).searchParams;
  } catch {
    return {};
  }
  const read = (name: string, min: number): number | undefined => {
    const text = params.get(name);
    if (text === null) return undefined;
    const value = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < min)
      throw new DatabaseConnectError(
        `--database: ${name}=${JSON.stringify(text)} must be a whole number of at least ${min}`,
      );
    return value;
  };
  const max = read('pool_max', 1);
  const maxWaiting = read('pool_queue', 0);
  const timeout = read('connect_timeout', 1);
  return {
    ...(max === undefined ? {} : { max }),
    ...(maxWaiting === undefined ? {} : { maxWaiting }),
    ...(timeout === undefined ? {} : { connectTimeoutMs: timeout * 1000 }),
  };
}

/**
 * A pool on `url`, once one connection has logged in (so a wrong URL fails the start, not
 * the first request). Throws {@link DatabaseConnectError}. `options` win over the URL's
 * `pool_max`, `pool_queue` and `connect_timeout`, which win over {@link POOL_DEFAULTS}.
 */
export async function connectDatabase(
  url: string,
  options: ConnectOptions = {},
): Promise<PostgresDatabase> {
  const address = parseDatabaseUrl(url);
  const limits = { ...poolOptionsOf(url), ...options };
  let pool;
  try {
    pool = openPool(url, limits);
  } catch (error) {
    throw connectFailure(address, error);
  }
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw connectFailure(address, error);
  }
  return new PostgresDatabase(pool, address, {
    maxWaiting: limits.maxWaiting ?? POOL_DEFAULTS.maxWaiting,
  });
}
