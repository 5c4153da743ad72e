/**
 * Issue 30: a saved request or environment checked field by field, from a control body or a
 * file, into the one normalised shape every writer serialises (keys in the order of the
 * contract, defaults filled in). Every finding is reported at once with its JSON pointer
 * (CONTRACT §4), so a 422 and a file problem name the same place.
 */
import type {
  Environment,
  EnvironmentVariable,
  KeyValueRow,
  MultipartField,
  RequestAssertion,
  RequestAuth,
  RequestBody,
  SavedRequest,
} from '../contract/requests-api.js';
import type { JsonValue } from '../contract/values.js';

export interface Finding {
  /** JSON pointer of the value at fault (`/headers/0/name`). */
  pointer: string;
  message: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; findings: Finding[] };

/** Longest user name of a request, folder, environment or variable. */
export const NAME_LIMIT = 200;

// RFC 9110 §5.6.2: a method is a token.
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

class Checker {
  readonly findings: Finding[] = [];
  fail(pointer: string, message: string): void {
    this.findings.push({ pointer, message });
  }
  text(o: Obj, key: string, at: string, fallback?: string): string {
    const v = o[key];
    if (v === undefined && fallback !== undefined) return fallback;
    if (typeof v !== 'string') {
      this.fail(`${at}/${key}`, 'must be a string');
      return '';
    }
    if (v.includes('\0')) this.fail(`${at}/${key}`, 'must not contain a NUL character');
    return v;
  }
  name(o: Obj, key: string, at: string, what: string): string {
    const v = this.text(o, key, at);
    if (typeof o[key] === 'string' && (v.trim() === '' || v.length > NAME_LIMIT))
      this.fail(`${at}/${key}`, `must be a ${what} name of 1 to ${NAME_LIMIT} characters`);
    return v;
  }
  enabled(o: Obj, at: string): boolean {
    const v = o['enabled'];
    if (v === undefined) return true;
    if (typeof v !== 'boolean') this.fail(`${at}/enabled`, 'must be true or false');
    return v !== false;
  }
  list<T>(v: unknown, at: string, each: (item: Obj, at: string) => T): T[] {
    if (v === undefined) return [];
    if (!Array.isArray(v)) {
      this.fail(at, 'must be an array');
      return [];
    }
    const out: T[] = [];
    v.forEach((item, i) => {
      if (isObj(item)) out.push(each(item, `${at}/${i}`));
      else this.fail(`${at}/${i}`, 'must be an object');
    });
    return out;
  }
  rows(v: unknown, at: string): KeyValueRow[] {
    return this.list(v, at, (row, here) => ({
      name: this.text(row, 'name', here),
      value: this.text(row, 'value', here, ''),
      enabled: this.enabled(row, here),
    }));
  }
}

function body(c: Checker, v: unknown): RequestBody {
  if (v === undefined) return { kind: 'none' };
  if (!isObj(v)) {
    c.fail('/body', 'must be an object with a kind');
    return { kind: 'none' };
  }
  switch (v['kind']) {
    case 'none':
      return { kind: 'none' };
    case 'json':
      return { kind: 'json', text: c.text(v, 'text', '/body', '') };
    case 'text': {
      const type = v['contentType'];
      const text = c.text(v, 'text', '/body', '');
      if (type === undefined) return { kind: 'text', text };
      return { kind: 'text', text, contentType: c.text(v, 'contentType', '/body') };
    }
    case 'form-urlencoded':
      return { kind: 'form-urlencoded', fields: c.rows(v['fields'], '/body/fields') };
    case 'multipart':
      return {
        kind: 'multipart',
        fields: c.list(v['fields'], '/body/fields', (f, at) => field(c, f, at)),
      };
    default:
      c.fail('/body/kind', 'must be none, json, text, form-urlencoded or multipart');
      return { kind: 'none' };
  }
}

function field(c: Checker, f: Obj, at: string): MultipartField {
  const name = c.text(f, 'name', at);
  const enabled = c.enabled(f, at);
  if (f['kind'] === 'file') {
    const path = c.text(f, 'path', at);
    if (f['fileName'] === undefined) return { kind: 'file', name, path, enabled };
    return { kind: 'file', name, path, fileName: c.text(f, 'fileName', at), enabled };
  }
  if (f['kind'] !== 'text' && f['kind'] !== undefined) c.fail(`${at}/kind`, 'must be text or file');
  return { kind: 'text', name, value: c.text(f, 'value', at, ''), enabled };
}

function auth(c: Checker, v: unknown): RequestAuth {
  if (v === undefined) return { kind: 'none' };
  if (!isObj(v)) {
    c.fail('/auth', 'must be an object with a kind');
    return { kind: 'none' };
  }
  if (v['kind'] === 'none') return { kind: 'none' };
  if (v['kind'] === 'bearer') return { kind: 'bearer', token: c.text(v, 'token', '/auth', '') };
  if (v['kind'] === 'basic')
    return {
      kind: 'basic',
      username: c.text(v, 'username', '/auth', ''),
      password: c.text(v, 'password', '/auth', ''),
    };
  c.fail('/auth/kind', 'must be none, bearer or basic');
  return { kind: 'none' };
}

function assertion(c: Checker, a: Obj, at: string): RequestAssertion {
  const pointer = (): string => {
    const p = c.text(a, 'pointer', at);
    if (p !== '' && !p.startsWith('/'))
      c.fail(`${at}/pointer`, 'must be a JSON pointer ("" or /a/0)');
    return p;
  };
  switch (a['kind']) {
    case 'status': {
      const n = a['equals'];
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 100 || n > 599)
        c.fail(`${at}/equals`, 'must be a status from 100 to 599');
      return { kind: 'status', equals: typeof n === 'number' ? n : 0 };
    }
    case 'json-equals':
      if (!Object.hasOwn(a, 'value')) c.fail(`${at}/value`, 'is required');
      return { kind: 'json-equals', pointer: pointer(), value: (a['value'] ?? null) as JsonValue };
    case 'json-exists':
      return { kind: 'json-exists', pointer: pointer() };
    case 'header-equals':
    case 'header-contains':
      return { kind: a['kind'], name: c.text(a, 'name', at), value: c.text(a, 'value', at) };
    case 'header-exists':
      return { kind: 'header-exists', name: c.text(a, 'name', at) };
    case 'time-below': {
      const ms = a['ms'];
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms <= 0)
        c.fail(`${at}/ms`, 'must be a number of milliseconds above 0');
      return { kind: 'time-below', ms: typeof ms === 'number' ? ms : 0 };
    }
    default:
      c.fail(
        `${at}/kind`,
        'must be status, json-equals, json-exists, header-equals, header-contains, header-exists or time-below',
      );
      return { kind: 'status', equals: 0 };
  }
}

/** A saved request from untrusted JSON; missing optional parts get their defaults. */
export function checkRequest(v: unknown): Checked<SavedRequest> {
  if (!isObj(v)) return { ok: false, findings: [{ pointer: '', message: 'must be an object' }] };
  const c = new Checker();
  const name = c.name(v, 'name', '', 'request');
  const seq = v['seq'];
  if (
    seq !== undefined &&
    !(Number.isInteger(seq) && (seq as number) >= 0 && (seq as number) <= 1e6)
  )
    c.fail('/seq', 'must be a whole number from 0 to 1000000 (its place in the folder)');
  const method = c.text(v, 'method', '', 'GET');
  if (!TOKEN.test(method)) c.fail('/method', 'must be an HTTP method (GET, POST, …)');
  const url = c.text(v, 'url', '');
  const headers = c.rows(v['headers'], '/headers');
  const query = v['query'] === undefined ? undefined : c.rows(v['query'], '/query');
  const requestBody = body(c, v['body']);
  const requestAuth = auth(c, v['auth']);
  const assertions =
    v['assertions'] === undefined
      ? undefined
      : c.list(v['assertions'], '/assertions', (a, at) => assertion(c, a, at));
  // Built in the contract's key order: the file's order, so a save changes only what changed.
  const out: SavedRequest = {
    name,
    ...(typeof seq === 'number' ? { seq } : {}),
    method: method.toUpperCase(),
    url,
    headers,
    ...(query ? { query } : {}),
    body: requestBody,
    auth: requestAuth,
    ...(assertions ? { assertions } : {}),
  };
  return c.findings.length > 0 ? { ok: false, findings: c.findings } : { ok: true, value: out };
}

/** An environment from untrusted JSON; a secret keeps its `value` here (the caller routes it). */
export function checkEnvironment(v: unknown): Checked<Environment> {
  if (!isObj(v)) return { ok: false, findings: [{ pointer: '', message: 'must be an object' }] };
  const c = new Checker();
  const name = c.name(v, 'name', '', 'environment');
  const seen = new Set<string>();
  const variables = c.list(v['variables'], '/variables', (row, at): EnvironmentVariable => {
    const variable: EnvironmentVariable = { name: c.name(row, 'name', at, 'variable'), value: '' };
    if (seen.has(variable.name)) c.fail(`${at}/name`, `repeats the variable ${variable.name}`);
    seen.add(variable.name);
    variable.value = c.text(row, 'value', at, '');
    if (row['enabled'] !== undefined) variable.enabled = c.enabled(row, at);
    if (row['secret'] !== undefined && row['secret'] !== false) {
      if (row['secret'] !== true) c.fail(`${at}/secret`, 'must be true or false');
      variable.secret = true;
    }
    return variable;
  });
  return c.findings.length > 0
    ? { ok: false, findings: c.findings }
    : { ok: true, value: { name, variables } };
}
