/**
 * Issue 30: a Postman collection v2.1 (schema
 * https://schema.getpostman.com/json/collection/v2.1.0/collection.json) as saved requests.
 * An item with an `item` array is a folder; a request keeps method, `url.raw` (or the string
 * form), headers, a raw/urlencoded/formdata body and bearer or basic auth (the item's, else
 * the nearest folder's or the collection's). Collection variables become an environment.
 * Scripts (`event`), other auth types and body modes are listed as skipped, not guessed.
 */
import { isDynamicVariable, looksDynamic } from '../../contract/dynamic-variables.js';
import type {
  KeyValueRow,
  MultipartField,
  RequestAuth,
  RequestBody,
  SavedRequest,
} from '../../contract/requests-api.js';
import { findVariables } from '../../contract/variables.js';
import { ImportError } from '../../errors.js';
import { parseJson } from '../request-files.js';
import { blankRequest, type ImportedCollection, type ImportedRequest } from './imported.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string =>
  typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v);

/** Whether `value` looks like a Postman collection (for the import's format sniffing). */
export function isPostmanCollection(value: unknown): boolean {
  return isObj(value) && isObj(value['info']) && Array.isArray(value['item']);
}

export function readPostman(fileName: string, text: string): ImportedCollection {
  const parsed = parseJson(text);
  if (!parsed.ok) throw new ImportError(fileName, parsed.fault.at, parsed.fault.message);
  const doc = parsed.value;
  if (!isPostmanCollection(doc))
    throw new ImportError(fileName, '', 'is not a Postman collection (no info and item)');
  const { info, item, variable, auth, event } = doc as Obj;
  const schema = str((info as Obj)['schema']);
  if (schema !== '' && !schema.includes('v2.1') && !schema.includes('v2.0'))
    throw new ImportError(
      fileName,
      '/info/schema',
      `is ${schema}; only collection v2.1 (and v2.0) are read`,
    );
  const name = str((info as Obj)['name']) || fileName.replace(/\.[^.]*$/, '');
  const out: ImportedCollection = {
    format: 'postman',
    name,
    requests: [],
    environments: [],
    skipped: [],
  };
  if (Array.isArray(event) && event.length > 0)
    out.skipped.push({ item: name, reason: 'collection scripts are not imported' });
  const walk = (items: unknown[], at: string, folders: string[], inherited: unknown): void => {
    items.forEach((it, i) => {
      const here = `${at}/${i}`;
      if (!isObj(it)) throw new ImportError(fileName, here, 'must be an object');
      const itemName = str(it['name']) || `item ${i + 1}`;
      const label = [...folders, itemName].join(' / ');
      if (Array.isArray(it['event']) && it['event'].length > 0)
        out.skipped.push({ item: label, reason: 'pre-request and test scripts are not imported' });
      if (Array.isArray(it['item'])) {
        walk(it['item'], `${here}/item`, [...folders, itemName], it['auth'] ?? inherited);
      } else if (isObj(it['request']) || typeof it['request'] === 'string') {
        out.requests.push(
          request(it, here, folders, itemName, label, inherited, out.skipped, fileName),
        );
      } else {
        throw new ImportError(fileName, here, 'is neither a folder (item) nor a request');
      }
    });
  };
  walk(item as unknown[], '/item', [], auth);
  if (Array.isArray(variable) && variable.length > 0)
    out.environments.push({
      name,
      variables: variable.filter(isObj).map((v) => ({
        name: str(v['key']),
        value: str(v['value']),
        ...(v['disabled'] === true ? { enabled: false } : {}),
      })),
    });
  return out;
}

function rows(v: unknown): KeyValueRow[] {
  if (!Array.isArray(v)) return [];
  return v.filter(isObj).map((r) => ({
    name: str(r['key']),
    value: str(r['value']),
    enabled: r['disabled'] !== true,
  }));
}

function request(
  it: Obj,
  at: string,
  folders: string[],
  name: string,
  label: string,
  inherited: unknown,
  skipped: ImportedCollection['skipped'],
  fileName: string,
): ImportedRequest {
  // v2.1 allows a request to be just its URL.
  const req: Obj =
    typeof it['request'] === 'string' ? { url: it['request'] } : (it['request'] as Obj);
  const rawUrl = req['url'];
  const url = typeof rawUrl === 'string' ? rawUrl : isObj(rawUrl) ? str(rawUrl['raw']) : '';
  if (url === '') throw new ImportError(fileName, `${at}/request/url`, 'must be the request URL');
  const saved: SavedRequest = blankRequest(name, str(req['method']).toUpperCase() || 'GET', url);
  saved.headers = rows(req['header']);
  saved.body = body(req['body'], label, skipped);
  saved.auth = authOf(req['auth'] ?? inherited, label, skipped);
  // `{{$guid}}`, `{{$randomEmail}}`, … are drawn when sent; one with no equivalent is listed.
  const unsupported = new Set(
    findVariables(JSON.stringify(saved))
      .map((u) => u.name)
      .filter((n) => looksDynamic(n) && !isDynamicVariable(n)),
  );
  for (const n of unsupported)
    skipped.push({
      item: label,
      reason: `the dynamic variable {{${n}}} has no equivalent: define it in an environment`,
    });
  return { folders, request: saved };
}

function body(v: unknown, label: string, skipped: ImportedCollection['skipped']): RequestBody {
  if (!isObj(v) || v['mode'] === undefined) return { kind: 'none' };
  switch (v['mode']) {
    case 'raw': {
      const text = str(v['raw']);
      const language = ((v['options'] as Obj | undefined)?.['raw'] as Obj | undefined)?.[
        'language'
      ];
      return language === 'json' ? { kind: 'json', text } : { kind: 'text', text };
    }
    case 'urlencoded':
      return { kind: 'form-urlencoded', fields: rows(v['urlencoded']) };
    case 'formdata': {
      const fields: MultipartField[] = (Array.isArray(v['formdata']) ? v['formdata'] : [])
        .filter(isObj)
        .map((f) => {
          const enabled = f['disabled'] !== true;
          if (f['type'] === 'file') {
            const src = Array.isArray(f['src']) ? str(f['src'][0]) : str(f['src']);
            return { kind: 'file', name: str(f['key']), path: src, enabled };
          }
          return { kind: 'text', name: str(f['key']), value: str(f['value']), enabled };
        });
      return { kind: 'multipart', fields };
    }
    default:
      skipped.push({ item: label, reason: `the ${str(v['mode'])} body is not imported` });
      return { kind: 'none' };
  }
}

/** Postman keeps auth parameters as `[{key, value}]` lists. */
function param(list: unknown, key: string): string {
  const hit = Array.isArray(list) ? list.find((p) => isObj(p) && p['key'] === key) : undefined;
  return isObj(hit) ? str(hit['value']) : '';
}

function authOf(v: unknown, label: string, skipped: ImportedCollection['skipped']): RequestAuth {
  if (!isObj(v) || v['type'] === 'noauth' || v['type'] === undefined) return { kind: 'none' };
  if (v['type'] === 'bearer') return { kind: 'bearer', token: param(v['bearer'], 'token') };
  if (v['type'] === 'basic')
    return {
      kind: 'basic',
      username: param(v['basic'], 'username'),
      password: param(v['basic'], 'password'),
    };
  skipped.push({ item: label, reason: `${str(v['type'])} auth is not imported` });
  return { kind: 'none' };
}
