/**
 * Issue 30, issue 41: a Bruno collection folder as saved requests. The browser sends its files
 * as `{path, text}`: `bruno.json` (the collection's name) marks the root; every `.bru` below it
 * is a request (its folders are the request's), `environments/*.bru` are environments (`vars`,
 * and `vars:secret` names, whose values Bruno never writes to the folder either).
 *
 * Settings Bruno keeps per folder (`folder.bru`) and for the collection (`collection.bru`) are
 * applied the way Bruno applies them when it sends, since a saved request here stands alone:
 * their headers go into each request below them (the request's own header of the same name
 * wins), their auth into each request whose auth is `inherit`; a folder's `meta` names it and
 * places it (`seq`). The collection's variables become an environment named after it.
 *
 * Requests come out in Bruno's order: folders and requests by `seq`, then by name. A file that
 * does not read is one skipped entry naming its line; the rest of the folder is imported.
 * Scripts, tests, request variables and annotations with no equivalent are listed.
 * Issue 47: `vars:post-response` values read from the answer become the request's `set`; the
 * `assert` lines one of our tests says exactly become its tests, the others are listed
 * (bruno-asserts.ts).
 */
import {
  type Environment,
  type EnvironmentVariable,
  type KeyValueRow,
  type RequestAuth,
  type RequestBody,
  VARIABLE_NAME,
} from '../../contract/requests-api.js';
import { ImportError } from '../../errors.js';
import { parseJson } from '../request-files.js';
import { type BruBlock, type BruRow, readBruBlocks } from './bru-blocks.js';
import { assertionsOfBruno } from './bruno-asserts.js';
import { sourceOfBrunoExpression } from './bruno-saved-values.js';
import { scriptSaves } from './bruno-set-var-script.js';
import { blankRequest, type ImportedCollection, type ImportedRequest } from './imported.js';

const METHODS = ['get', 'post', 'put', 'delete', 'patch', 'options', 'head', 'connect', 'trace'];
const SKIPPED = /^(script:.*|tests|assert|vars:.*|example)$/;
/** Annotations that change nothing here: a variable's type (its text is what is sent). */
const TYPE_ANNOTATIONS = new Set(['number', 'boolean', 'string', 'object', 'array', 'json']);

export interface SourceFile {
  path: string;
  text: string;
}

type Skipped = ImportedCollection['skipped'];

/** What a `folder.bru` or `collection.bru` holds that reaches the requests below it. */
interface Settings {
  name?: string;
  seq?: number;
  headers: KeyValueRow[];
  /** Absent: the requests below inherit from further up. */
  auth?: RequestAuth;
}

interface ReadRequest extends ImportedRequest {
  /** Folder path relative to the collection (directory names), for settings and order. */
  dir: string;
  seq: number;
  file: string;
  /** `auth: inherit` in the request's method block. */
  inherits: boolean;
}

const rowsOf = (b: BruBlock | undefined): KeyValueRow[] =>
  b?.kind === 'dict'
    ? b.rows.map((r) => ({ name: r.name, value: r.value, enabled: r.enabled }))
    : [];

const seqOf = (rows: readonly BruRow[]): number | undefined => {
  const seq = Number(rows.find((r) => r.name === 'seq')?.value);
  return Number.isInteger(seq) && seq >= 0 && seq <= 1e6 ? seq : undefined;
};

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
  const settings = new Map<string, Settings>();
  const requests: ReadRequest[] = [];
  const files_ = norm
    .filter((f) => f.path.startsWith(rootPrefix) && f.path.endsWith('.bru'))
    .map((f) => ({ ...f, rel: f.path.slice(rootPrefix.length) }));
  for (const file of files_) {
    const { rel } = file;
    const parts = rel.split('/');
    const base = parts[parts.length - 1]!;
    const dir = parts.slice(0, -1).join('/');
    // One file that does not read is one entry of the report, never the whole folder refused.
    let blocks: BruBlock[];
    try {
      blocks = readBruBlocks(rel, file.text);
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      const line = error.at?.split(':')[0];
      out.skipped.push({
        item: line ? `${rel}:${line}` : rel,
        reason: `${error.reason}; the file is not imported`,
      });
      continue;
    }
    if (parts.length === 2 && parts[0] === 'environments') {
      out.environments.push(environment(base.slice(0, -4), blocks, rel, out.skipped));
    } else if (base === 'collection.bru' && dir === '') {
      settings.set('', folderSettings(blocks, rel, out.skipped));
      const vars = blocks.find((b) => b.name === 'vars:pre-request');
      if (vars?.kind === 'dict' && vars.rows.length > 0)
        out.environments.push({ name, variables: variablesOf(vars.rows, rel, out.skipped) });
    } else if (base === 'folder.bru') {
      settings.set(dir, folderSettings(blocks, rel, out.skipped));
    } else {
      try {
        requests.push(request(rel, dir, blocks, out.skipped));
      } catch (error) {
        if (!(error instanceof ImportError)) throw error;
        out.skipped.push({ item: rel, reason: `${error.reason}; the file is not imported` });
      }
    }
  }
  for (const r of requests) inherit(r, settings);
  out.requests = inBrunoOrder(requests, settings).map(({ folders, request }) => ({
    folders,
    request,
  }));
  return out;
}

/** Folder path → the path's folders by their `folder.bru` names (directory names else). */
function folderNames(dir: string, settings: ReadonlyMap<string, Settings>): string[] {
  if (dir === '') return [];
  const parts = dir.split('/');
  return parts.map((part, i) => settings.get(parts.slice(0, i + 1).join('/'))?.name || part);
}

const sameName = (a: KeyValueRow, b: KeyValueRow) => a.name.toLowerCase() === b.name.toLowerCase();

/** Collection, then each folder from the outside in: headers added, auth taken if inherited. */
function inherit(r: ReadRequest, settings: ReadonlyMap<string, Settings>): void {
  const chain: Settings[] = [];
  const parts = r.dir === '' ? [] : r.dir.split('/');
  for (let i = 0; i <= parts.length; i++) {
    const found = settings.get(parts.slice(0, i).join('/'));
    if (found) chain.push(found);
  }
  // Outside in, a nearer folder's header replacing one of the same name; the request's own win.
  let inherited: KeyValueRow[] = [];
  for (const level of chain)
    for (const h of level.headers) inherited = [...inherited.filter((x) => !sameName(x, h)), h];
  inherited = inherited.filter((h) => !r.request.headers.some((x) => sameName(x, h)));
  r.request.headers = [...inherited, ...r.request.headers];
  if (r.inherits) {
    const from = [...chain].reverse().find((s) => s.auth !== undefined);
    r.request.auth = from?.auth ?? { kind: 'none' };
  }
  r.folders = folderNames(r.dir, settings);
}

/** Folder by folder (`seq`, then name), each folder's requests before its subfolders. */
function inBrunoOrder(requests: ReadRequest[], settings: ReadonlyMap<string, Settings>) {
  const place = (dir: string) => settings.get(dir)?.seq ?? Number.MAX_SAFE_INTEGER;
  const compareDirs = (a: string, b: string): number => {
    const pa = a === '' ? [] : a.split('/');
    const pb = b === '' ? [] : b.split('/');
    for (let i = 0; ; i++) {
      if (i >= pa.length || i >= pb.length) return pa.length - pb.length;
      if (pa[i] === pb[i]) continue;
      const [ka, kb] = [pa.slice(0, i + 1).join('/'), pb.slice(0, i + 1).join('/')];
      return place(ka) - place(kb) || (pa[i]! < pb[i]! ? -1 : 1);
    }
  };
  return [...requests].sort(
    (a, b) => compareDirs(a.dir, b.dir) || a.seq - b.seq || (a.file < b.file ? -1 : 1),
  );
}

/** Notes the annotations of `rows` that have no place here, once per kind and file. */
function noteAnnotations(
  rows: readonly BruRow[],
  rel: string,
  skipped: Skipped,
  keep: ReadonlySet<string> = new Set(),
): void {
  const names = new Set<string>();
  for (const r of rows)
    for (const a of r.annotations)
      if (!keep.has(a.name) && !TYPE_ANNOTATIONS.has(a.name)) names.add(a.name);
  for (const n of names)
    skipped.push({
      item: rel,
      reason: `@${n} annotations are not imported (the values are)`,
    });
}

function variablesOf(
  rows: readonly BruRow[],
  rel: string,
  skipped: Skipped,
): EnvironmentVariable[] {
  noteAnnotations(rows, rel, skipped, new Set(['secret']));
  return rows.map((r) => ({
    name: r.name,
    value: r.value,
    ...(r.enabled ? {} : { enabled: false }),
    ...(r.annotations.some((a) => a.name === 'secret') ? { secret: true } : {}),
  }));
}

function environment(name: string, blocks: BruBlock[], rel: string, skipped: Skipped): Environment {
  const vars = blocks.find((b) => b.name === 'vars');
  const secrets = blocks.find((b) => b.name === 'vars:secret');
  return {
    name,
    variables: [
      ...(vars?.kind === 'dict' ? variablesOf(vars.rows, rel, skipped) : []),
      ...(secrets?.kind === 'list' ? secrets.items : []).map((item) => ({
        name: item.replace(/^~/, ''),
        value: '',
        secret: true,
      })),
    ],
  };
}

function folderSettings(blocks: BruBlock[], rel: string, skipped: Skipped): Settings {
  const find = (name: string) => blocks.find((b) => b.name === name);
  const meta = find('meta');
  const metaRows = meta?.kind === 'dict' ? meta.rows : [];
  const headers = find('headers');
  const out: Settings = { headers: rowsOf(headers).filter((h) => h.enabled) };
  const name = metaRows.find((r) => r.name === 'name')?.value;
  if (name) out.name = name;
  const seq = seqOf(metaRows);
  if (seq !== undefined) out.seq = seq;
  if (headers?.kind === 'dict') noteAnnotations(headers.rows, rel, skipped);
  const mode = rowsOf(find('auth')).find((r) => r.name === 'mode')?.value ?? 'inherit';
  if (mode !== 'inherit') out.auth = auth(mode, find, rel, skipped);
  for (const b of blocks)
    if (SKIPPED.test(b.name) && !(b.name === 'vars:pre-request' && rel === 'collection.bru'))
      skipped.push({ item: rel, reason: `${b.name} is not imported` });
  return out;
}

function request(rel: string, dir: string, blocks: BruBlock[], skipped: Skipped): ReadRequest {
  const find = (name: string) => blocks.find((b) => b.name === name);
  const meta = find('meta');
  const metaRows = meta?.kind === 'dict' ? meta.rows : [];
  const http = blocks.find((b) => METHODS.includes(b.name));
  if (!http || http.kind !== 'dict')
    throw new ImportError(rel, '1:1', `has no request block (${METHODS.join(', ')})`);
  const setting = (key: string) => http.rows.find((r) => r.name === key)?.value ?? '';
  const base = rel.split('/').pop()!;
  const name = metaRows.find((r) => r.name === 'name')?.value || base.replace(/\.bru$/, '');
  const type = metaRows.find((r) => r.name === 'type')?.value;
  if (type !== undefined && type !== 'http')
    skipped.push({ item: rel, reason: `a ${type} request is imported as plain HTTP` });
  const saved = blankRequest(name, http.name.toUpperCase(), setting('url'));
  // Bruno numbers each request's place in its folder (`meta { seq: 2 }`).
  const seq = seqOf(metaRows);
  if (seq !== undefined) saved.seq = seq;
  const headers = find('headers');
  saved.headers = rowsOf(headers);
  const query = find('params:query') ?? find('query');
  if (query?.kind === 'dict' && query.rows.length > 0) {
    saved.query = rowsOf(query);
    // Bruno writes the query into the URL as well; the rows are kept, the URL without them.
    saved.url = saved.url.replace(/\?.*$/, '');
  }
  for (const b of [headers, query, find('params:path'), find('body:form-urlencoded')])
    if (b?.kind === 'dict') noteAnnotations(b.rows, rel, skipped);
  saved.body = body(setting('body'), find, rel, skipped);
  const mode = setting('auth');
  saved.auth = mode === 'inherit' ? { kind: 'none' } : auth(mode, find, rel, skipped);
  // Issue 47: the values a request saves for the next ones, where they only read the answer.
  const post = find('vars:post-response');
  if (post?.kind === 'dict') {
    const set: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const row of post.rows.filter((r) => r.enabled)) {
      const source = sourceOfBrunoExpression(row.value);
      if (source !== undefined && VARIABLE_NAME.test(row.name)) set[row.name] = source;
      else
        skipped.push({
          item: `${rel}:${row.line}`,
          reason: `vars:post-response ${row.name}: ${row.value} is script; only res.body… and res.headers… are saved from the answer`,
        });
    }
    if (Object.keys(set).length > 0) saved.set = set;
  }
  // A post-response script that only saves values is Save from answer too (it runs after the
  // vars block in Bruno, so its values win).
  const script = find('script:post-response');
  const scriptSet = script?.kind === 'text' ? scriptSaves(script.text) : undefined;
  const names = Object.keys(scriptSet?.sources ?? {});
  const scriptRead = names.length > 0 && names.every((name) => VARIABLE_NAME.test(name));
  if (scriptRead) saved.set = Object.assign(saved.set ?? Object.create(null), scriptSet!.sources);
  if (scriptRead && scriptSet!.more)
    skipped.push({
      item: rel,
      reason: `script:post-response: its bru.setVar calls are Save from answer (${names.join(', ')}); the rest of it (tests, other code) is not imported`,
    });
  // The assert lines our tests can say; the others are listed line by line.
  const asserts = blocks.filter((b) => b.name === 'assert' && b.kind === 'dict');
  const assertions = asserts.flatMap((b) =>
    b.kind === 'dict' ? assertionsOfBruno(b.rows, rel, skipped) : [],
  );
  if (assertions.length > 0) saved.assertions = assertions;
  for (const b of blocks)
    if (
      SKIPPED.test(b.name) &&
      b.name !== 'vars:post-response' &&
      !asserts.includes(b) &&
      !(scriptRead && b === script)
    )
      skipped.push({ item: rel, reason: `${b.name} is not imported` });
  return {
    folders: [],
    request: saved,
    dir,
    seq: seq ?? Number.MAX_SAFE_INTEGER,
    file: base,
    inherits: mode === 'inherit',
  };
}

function body(
  mode: string,
  find: (name: string) => BruBlock | undefined,
  rel: string,
  skipped: Skipped,
): RequestBody {
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
    case 'sparql':
      return {
        kind: 'text',
        text: text('body:sparql'),
        contentType: 'application/sparql-query',
      };
    case 'graphql': {
      // Sent as GraphQL over HTTP sends it: a JSON body with the query and its variables.
      const vars = text('body:graphql:vars').trim();
      let variables: unknown = {};
      try {
        variables = vars === '' ? {} : (JSON.parse(vars) as unknown);
      } catch {
        skipped.push({ item: rel, reason: 'its GraphQL variables are not JSON: left out' });
      }
      return {
        kind: 'json',
        text: JSON.stringify({ query: text('body:graphql'), variables }, null, 2),
      };
    }
    case 'formUrlEncoded':
      return { kind: 'form-urlencoded', fields: rowsOf(find('body:form-urlencoded')) };
    case 'multipartForm': {
      const form = find('body:multipart-form');
      const rows = form?.kind === 'dict' ? form.rows : [];
      if (rows.some((r) => r.annotations.some((a) => a.name === 'contentType')))
        skipped.push({
          item: rel,
          reason: 'the @contentType of multipart fields is not imported (the fields are)',
        });
      noteAnnotations(rows, rel, skipped, new Set(['contentType']));
      return {
        kind: 'multipart',
        fields: rows.map((r) => {
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
    }
    case '':
    case 'none':
      return { kind: 'none' };
    default:
      skipped.push({ item: rel, reason: `the ${mode} body is not imported` });
      return { kind: 'none' };
  }
}

function auth(
  mode: string,
  find: (name: string) => BruBlock | undefined,
  rel: string,
  skipped: Skipped,
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
