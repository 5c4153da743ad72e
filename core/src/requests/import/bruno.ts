/**
 * Issue 30: a Bruno collection folder as saved requests. The browser sends its files as
 * `{path, text}`: `bruno.json` (the collection's name) marks the root; every `.bru` below it
 * is a request (its folders are the request's), `environments/*.bru` are environments
 * (`vars`, and `vars:secret` names, whose values Bruno never writes to the folder either).
 * Scripts, tests, asserts and folder settings are listed as skipped.
 */
import type {
  Environment,
  KeyValueRow,
  RequestAuth,
  RequestBody,
} from '../../contract/requests-api.js';
import { ImportError } from '../../errors.js';
import { parseJson } from '../request-files.js';
import { type BruBlock, readBruBlocks } from './bru-blocks.js';
import { blankRequest, type ImportedCollection, type ImportedRequest } from './imported.js';

const METHODS = ['get', 'post', 'put', 'delete', 'patch', 'options', 'head', 'connect', 'trace'];
const SKIPPED = /^(script:.*|tests|assert|vars:.*)$/;

export interface SourceFile {
  path: string;
  text: string;
}

const rowsOf = (b: BruBlock | undefined): KeyValueRow[] =>
  b?.kind === 'dict'
    ? b.rows.map((r) => ({ name: r.name, value: r.value, enabled: r.enabled }))
    : [];

export function readBruno(files: readonly SourceFile[]): ImportedCollection {
  const norm = files.map((f) => ({ ...f, path: f.path.replace(/\\/g, '/').replace(/^\/+/, '') }));
  const marker = norm
    .filter((f) => f.path === 'bruno.json' || f.path.endsWith('/bruno.json'))
    .sort((a, b) => a.path.length - b.path.length)[0];
  if (!marker)
    throw new ImportError(
      'bruno.json',
      undefined,
      'is missing: a Bruno collection folder holds one',
    );
  const parsed = parseJson(marker.text);
  if (!parsed.ok) throw new ImportError(marker.path, parsed.fault.at, parsed.fault.message);
  const rootPrefix = marker.path.slice(0, -'bruno.json'.length);
  const meta = parsed.value as { name?: unknown } | null;
  const name =
    typeof meta?.name === 'string' && meta.name !== ''
      ? meta.name
      : rootPrefix.replace(/\/$/, '') || 'bruno';
  const out: ImportedCollection = {
    format: 'bruno',
    name,
    requests: [],
    environments: [],
    skipped: [],
  };
  for (const file of norm) {
    if (!file.path.startsWith(rootPrefix) || !file.path.endsWith('.bru')) continue;
    const rel = file.path.slice(rootPrefix.length);
    const blocks = readBruBlocks(file.path, file.text);
    const parts = rel.split('/');
    const base = parts[parts.length - 1]!;
    if (parts.length === 2 && parts[0] === 'environments') {
      out.environments.push(environment(base.slice(0, -4), blocks));
    } else if (base === 'folder.bru' || base === 'collection.bru') {
      out.skipped.push({ item: rel, reason: 'folder and collection settings are not imported' });
    } else {
      out.requests.push(request(file.path, rel, parts.slice(0, -1), blocks, out.skipped));
    }
  }
  return out;
}

function environment(name: string, blocks: BruBlock[]): Environment {
  const vars = blocks.find((b) => b.name === 'vars');
  const secrets = blocks.find((b) => b.name === 'vars:secret');
  return {
    name,
    variables: [
      ...rowsOf(vars).map((r) => ({
        name: r.name,
        value: r.value,
        ...(r.enabled ? {} : { enabled: false }),
      })),
      ...(secrets?.kind === 'list' ? secrets.items : []).map((item) => ({
        name: item.replace(/^~/, ''),
        value: '',
        secret: true,
      })),
    ],
  };
}

function request(
  file: string,
  rel: string,
  folders: string[],
  blocks: BruBlock[],
  skipped: ImportedCollection['skipped'],
): ImportedRequest {
  const find = (name: string) => blocks.find((b) => b.name === name);
  const metaRows = rowsOf(find('meta'));
  const http = blocks.find((b) => METHODS.includes(b.name));
  if (!http || http.kind !== 'dict')
    throw new ImportError(file, '1:1', `has no request block (${METHODS.join(', ')})`);
  const setting = (key: string) => http.rows.find((r) => r.name === key)?.value ?? '';
  const name = metaRows.find((r) => r.name === 'name')?.value || rel.replace(/\.bru$/, '');
  const type = metaRows.find((r) => r.name === 'type')?.value;
  if (type !== undefined && type !== 'http')
    skipped.push({ item: rel, reason: `a ${type} request is imported as plain HTTP` });
  const saved = blankRequest(name, http.name.toUpperCase(), setting('url'));
  // Bruno numbers each request's place in its folder (`meta { seq: 2 }`).
  const seq = Number(metaRows.find((r) => r.name === 'seq')?.value);
  if (Number.isInteger(seq) && seq >= 0 && seq <= 1e6) saved.seq = seq;
  saved.headers = rowsOf(find('headers'));
  const query = rowsOf(find('params:query'));
  if (query.length > 0) {
    saved.query = query;
    // Bruno writes the query into the URL as well; the rows are kept, the URL without them.
    saved.url = saved.url.replace(/\?.*$/, '');
  }
  saved.body = body(setting('body'), find);
  saved.auth = auth(setting('auth'), find, rel, skipped);
  for (const b of blocks)
    if (SKIPPED.test(b.name)) skipped.push({ item: rel, reason: `${b.name} is not imported` });
  return { folders, request: saved };
}

function body(mode: string, find: (name: string) => BruBlock | undefined): RequestBody {
  const text = (name: string) => {
    const b = find(name);
    return b?.kind === 'text' ? b.text : '';
  };
  switch (mode) {
    case 'json':
      return { kind: 'json', text: text('body:json') };
    case 'text':
      return { kind: 'text', text: text('body:text') };
    case 'xml':
      return { kind: 'text', text: text('body:xml'), contentType: 'application/xml' };
    case 'formUrlEncoded':
      return { kind: 'form-urlencoded', fields: rowsOf(find('body:form-urlencoded')) };
    case 'multipartForm':
      return {
        kind: 'multipart',
        fields: rowsOf(find('body:multipart-form')).map((r) => {
          const file = /^@file\((.*)\)$/.exec(r.value);
          return file
            ? {
                kind: 'file' as const,
                name: r.name,
                path: file[1]!.split('|')[0]!,
                enabled: r.enabled,
              }
            : { kind: 'text' as const, name: r.name, value: r.value, enabled: r.enabled };
        }),
      };
    default:
      return { kind: 'none' };
  }
}

function auth(
  mode: string,
  find: (name: string) => BruBlock | undefined,
  rel: string,
  skipped: ImportedCollection['skipped'],
): RequestAuth {
  const value = (block: string, key: string) =>
    rowsOf(find(block)).find((r) => r.name === key)?.value ?? '';
  if (mode === 'bearer') return { kind: 'bearer', token: value('auth:bearer', 'token') };
  if (mode === 'basic')
    return {
      kind: 'basic',
      username: value('auth:basic', 'username'),
      password: value('auth:basic', 'password'),
    };
  if (mode !== '' && mode !== 'none')
    skipped.push({ item: rel, reason: `${mode} auth is not imported` });
  return { kind: 'none' };
}
