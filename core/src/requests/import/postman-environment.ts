/**
 * Issue 41: a Postman environment export (`*.postman_environment.json`:
 * `{ name, values: [{ key, value, enabled, type: 'default' | 'secret' }] }`) as an environment.
 * A `secret` variable stays secret: its value goes to the user's config folder, never into the
 * project (request-collection.ts); a switched-off one is kept switched off.
 */
import { ImportError } from '../../errors.js';
import type { ImportedCollection } from './imported.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string =>
  typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v);

/** Whether `value` is a Postman environment export. */
export function isPostmanEnvironment(value: unknown): boolean {
  return (
    isObj(value) &&
    Array.isArray(value['values']) &&
    (value['_postman_variable_scope'] === 'environment' ||
      (typeof value['name'] === 'string' &&
        value['values'].every((v) => isObj(v) && typeof v['key'] === 'string')))
  );
}

export function readPostmanEnvironment(fileName: string, value: unknown): ImportedCollection {
  if (!isPostmanEnvironment(value))
    throw new ImportError(fileName, '', 'is not a Postman environment (no name and values)');
  const doc = value as Obj;
  const name =
    str(doc['name']) || fileName.replace(/(\.postman_environment)?\.json$/i, '') || 'environment';
  const out: ImportedCollection = {
    format: 'postman-environment',
    name,
    requests: [],
    environments: [],
    skipped: [],
  };
  const variables = (doc['values'] as unknown[]).flatMap((v, i) => {
    if (!isObj(v) || str(v['key']) === '') {
      out.skipped.push({ item: `/values/${i}`, reason: 'has no key: not imported' });
      return [];
    }
    return [
      {
        name: str(v['key']),
        value: str(v['value']),
        ...(v['enabled'] === false ? { enabled: false } : {}),
        ...(v['type'] === 'secret' ? { secret: true } : {}),
      },
    ];
  });
  out.environments.push({ name, variables });
  return out;
}
