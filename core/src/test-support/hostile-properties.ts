/**
 * The hostile-input tests' properties (issue 7): arbitraries over a target's route table (its
 * routes, hostile ids, paths and query strings) and `run`, which checks a property over RUNS
 * inputs and refuses one that a time limit cut short. The targets and checks are in
 * hostile-harness.ts.
 */

import fc from 'fast-check';
import { expect } from 'vitest';

import { COLLECTION_CONTROLS } from '../contract/collection-controls.js';
import type { RouteDefinition } from '../http/types.js';
import {
  fieldNames,
  type HostileRequest,
  type IdChoice,
  idText,
  LONG,
  modelOf,
  RUNS,
  type Target,
} from './hostile-harness.js';
import { NASTY_KEYS, NASTY_NUMBERS, NASTY_STRINGS, percentEncode } from './hostile-inputs.js';

export function routesOf(t: Target): RouteDefinition[] {
  return [...t.served.project.table.routes];
}

export const RAW_IDS: readonly string[] = [
  '..%2F..%2Fetc%2Fpasswd',
  '..%2f..%2fdata%2ftodos.db',
  '%2e%2e%2f%2e%2e%2fsecret.db',
  '..%5C..%5Csecret.db',
  '..',
  '.',
  '%2e%2e',
  '%00',
  '1%00',
  '1%00.db',
  '%ED%A0%80',
  '%ff',
  '%',
  '%zz',
  '%25',
  '1.0',
  '01',
  '1e3',
  '0x1',
  '-1',
  '0',
  '-0',
  '9007199254740993',
  '1'.repeat(16),
  'a'.repeat(600),
  '1;x=1',
  '1,2',
  '%20',
  '+',
  '*',
  '__proto__',
  'constructor',
  'toString',
  '%24where',
  '%24%24deleted',
  'a.b',
];

export const idChoice: fc.Arbitrary<IdChoice> = fc.oneof(
  { weight: 4, arbitrary: fc.nat().map((n) => ({ existing: n })) },
  { weight: 3, arbitrary: fc.constantFrom(...RAW_IDS).map((raw) => ({ raw })) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(...NASTY_STRINGS).map((s) => ({ raw: percentEncode(s) })),
  },
  {
    weight: 1,
    arbitrary: fc.string({ unit: 'binary', maxLength: 30 }).map((s) => ({ raw: percentEncode(s) })),
  },
);

/** What may follow a path: nothing mostly, else slashes and dot segments. */
export const pathTail = fc.oneof(
  { weight: 8, arbitrary: fc.constant('') },
  {
    weight: 2,
    arbitrary: fc.constantFrom('/', '//', '/.', '/..', '/../..', '/%2e%2e/', '/x', ';a'),
  },
);

export function queryArb(fields: readonly string[]): fc.Arbitrary<string> {
  const names = fc.oneof(
    fc.constantFrom(...fields, ...COLLECTION_CONTROLS),
    fc
      .tuple(fc.constantFrom(...fields), fc.constantFrom('_gte', '_lte', '_ne', '_like'))
      .map(([f, s]) => f + s),
    fc.constantFrom(...NASTY_KEYS, 'id[$gt]', 'user[$ne]', 'content.$regex'),
    fc.string({ unit: 'binary', maxLength: 12 }),
  );
  const values = fc.oneof(
    fc.constantFrom(...NASTY_STRINGS, ...NASTY_NUMBERS),
    fc.constantFrom(...fields).chain((f) => fc.constantFrom(f, `-${f}`, `${f},${f}`)),
    fc.constantFrom('asc', 'desc', 'DESC', 'true', 'false', '999999999999999', '1000000000000000'),
    fc.string({ unit: 'binary', maxLength: 20 }),
  );
  const junk = fc.constantFrom('', '', '', '&&', '&=', '&==', '&a=b=c', '&%', '&%zz=%zz', '&+=+');
  return fc
    .tuple(fc.array(fc.tuple(names, values), { minLength: 1, maxLength: 5 }), junk)
    .map(
      ([pairs, tail]) =>
        pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&') + tail,
    );
}

export async function targetPath(
  t: Target,
  route: RouteDefinition,
  id: IdChoice,
  tail: string,
): Promise<string> {
  const text = await idText(t, route, id);
  return route.path.replace(/:[A-Za-z]+/g, text) + tail;
}

/**
 * Every route of `t` with a hostile query string (HEAD or GET for reads, a seed body for
 * writes); `judge` checks each exchange (the file store's checks, or the database's).
 */
export function queryStringProperty(
  t: Target,
  judge: (t: Target, request: HostileRequest) => Promise<unknown>,
): fc.IAsyncProperty<[{ route: RouteDefinition; id: IdChoice; query: string; head: boolean }]> {
  const fields = [...new Set(t.served.project.runtimes.flatMap((r) => fieldNames(r)))];
  const input = fc.record({
    route: fc.constantFrom(...routesOf(t)),
    id: idChoice,
    query: queryArb(fields),
    head: fc.boolean(),
  });
  return fc.asyncProperty(input, async ({ route, id, query, head }) => {
    const read = route.method === 'GET';
    await judge(t, {
      method: read && head ? 'HEAD' : route.method,
      target: `${await targetPath(t, route, id, '')}?${query}`,
      headers: read ? [] : [['content-type', 'application/json']],
      ...(read
        ? {}
        : {
            body: Buffer.from(JSON.stringify(t.seeds[modelOf(t, route)?.schema.name ?? ''] ?? {})),
          }),
    });
  });
}

/** How long a property may run (short runs only) before fast-check stops it. */
export const PROPERTY_LIMIT_MS = 8_000;
/**
 * Fewest inputs a property must have tried when that limit stops it. fast-check stops quietly
 * at the limit, so without this a server that stalled every exchange until its time limit
 * would pass after one or two inputs. On an idle 2-core machine a short run tries all 150 in
 * 1.5 to 2.5 s (DECOREST_REPORT=1 prints the counts); a third of them leaves room for a loaded one.
 */
export const MIN_RUNS = LONG ? RUNS : 50;

/** Runs `property` over RUNS inputs (or until the time limit) and fails under MIN_RUNS. */
export async function run<T>(property: fc.IAsyncProperty<T>): Promise<void> {
  const details = await fc.check(property, {
    numRuns: RUNS,
    ...(LONG ? {} : { interruptAfterTimeLimit: PROPERTY_LIMIT_MS }),
  });
  if (details.failed) {
    throw new Error(fc.defaultReportMessage(details), { cause: details.errorInstance });
  }
  expect(
    details.numRuns,
    `only ${details.numRuns} inputs ran in ${PROPERTY_LIMIT_MS} ms (at least ${MIN_RUNS} must)`,
  ).toBeGreaterThanOrEqual(MIN_RUNS);
}

// ---------------------------------------------------------------------------------------------
