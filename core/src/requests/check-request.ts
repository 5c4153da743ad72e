/**
 * Issue 30: a saved request or environment checked, from a control body or a file, into the
 * one normalised shape every writer serialises (keys in the order of the contract, defaults
 * filled in). Issue 43: the shape is the contract's schema, checked by Ajv
 * (`SAVED_REQUEST_SCHEMA`, `ENVIRONMENT_SCHEMA`); what a schema cannot say (a variable name used
 * twice) is checked here. Every finding is reported at once with its JSON pointer (CONTRACT §4),
 * so a 422 and a file problem name the same place.
 */
import {
  ENVIRONMENT_SCHEMA,
  NAME_LIMIT,
  SAVED_REQUEST_SCHEMA,
} from '../contract/request-schemas.js';
import {
  type CompareOperator,
  type Environment,
  type EnvironmentVariable,
  type JsonType,
  type KeyValueRow,
  type MultipartField,
  type RequestAssertion,
  type RequestAuth,
  type RequestBody,
  type SavedRequest,
  VARIABLE_NAME,
} from '../contract/requests-api.js';
import type { JsonValue } from '../contract/values.js';
import { type BodyFinding, checkBody, inDocumentOrder } from '../validation/body-check.js';

export { NAME_LIMIT };

/** One problem: the JSON pointer of the value at fault (`/headers/0/name`) and what is wrong. */
export type Finding = BodyFinding;

export type Checked<T> = { ok: true; value: T } | { ok: false; findings: Finding[] };

/** A value the schema passed: its members are what the schema says, read without checks. */
type Obj = Record<string, unknown>;

const text = (o: Obj, key: string): string => (o[key] as string | undefined) ?? '';

function rows(value: unknown): KeyValueRow[] {
  return ((value ?? []) as Obj[]).map((row) => ({
    name: row['name'] as string,
    value: text(row, 'value'),
    enabled: row['enabled'] !== false,
  }));
}

function multipartField(f: Obj): MultipartField {
  const name = f['name'] as string;
  const enabled = f['enabled'] !== false;
  if (f['kind'] !== 'file') return { kind: 'text', name, value: text(f, 'value'), enabled };
  const path = f['path'] as string;
  if (f['fileName'] === undefined) return { kind: 'file', name, path, enabled };
  return { kind: 'file', name, path, fileName: f['fileName'] as string, enabled };
}

function requestBody(value: unknown): RequestBody {
  if (value === undefined) return { kind: 'none' };
  const v = value as Obj;
  switch (v['kind'] as RequestBody['kind']) {
    case 'none':
      return { kind: 'none' };
    case 'json':
      return { kind: 'json', text: text(v, 'text') };
    case 'text':
      return v['contentType'] === undefined
        ? { kind: 'text', text: text(v, 'text') }
        : { kind: 'text', text: text(v, 'text'), contentType: v['contentType'] as string };
    case 'form-urlencoded':
      return { kind: 'form-urlencoded', fields: rows(v['fields']) };
    case 'multipart':
      return { kind: 'multipart', fields: ((v['fields'] ?? []) as Obj[]).map(multipartField) };
  }
}

function auth(value: unknown): RequestAuth {
  const v = (value ?? { kind: 'none' }) as Obj;
  if (v['kind'] === 'bearer') return { kind: 'bearer', token: text(v, 'token') };
  if (v['kind'] === 'basic')
    return { kind: 'basic', username: text(v, 'username'), password: text(v, 'password') };
  return { kind: 'none' };
}

function assertion(a: Obj): RequestAssertion {
  const k = a['kind'] as RequestAssertion['kind'];
  switch (k) {
    case 'status':
      return { kind: k, equals: a['equals'] as number };
    case 'json-equals':
      return { kind: k, pointer: a['pointer'] as string, value: a['value'] as JsonValue };
    case 'json-exists':
      return { kind: k, pointer: a['pointer'] as string };
    case 'json-not-equals':
      return { kind: k, pointer: a['pointer'] as string, value: a['value'] as JsonValue };
    case 'json-compare':
      return {
        kind: k,
        pointer: a['pointer'] as string,
        op: a['op'] as CompareOperator,
        value: a['value'] as number,
      };
    case 'json-length':
      return { kind: k, pointer: a['pointer'] as string, equals: a['equals'] as number };
    case 'json-type':
      return { kind: k, pointer: a['pointer'] as string, type: a['type'] as JsonType };
    case 'header-equals':
    case 'header-contains':
      return { kind: k, name: a['name'] as string, value: a['value'] as string };
    case 'header-exists':
      return { kind: k, name: a['name'] as string };
    case 'time-below':
      return { kind: k, ms: a['ms'] as number };
  }
}

/** RFC 6901: a key as one step of a JSON pointer. */
const pointerStep = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** What the schema cannot say of a request's `set`: each key is a variable's name. */
function badVariableNames(v: unknown): Finding[] {
  const set = (v as Obj | null)?.['set'];
  if (set === null || typeof set !== 'object' || Array.isArray(set)) return [];
  return Object.keys(set)
    .filter((name) => !VARIABLE_NAME.test(name))
    .map((name) => ({
      pointer: `/set/${pointerStep(name)}`,
      message: `${JSON.stringify(name)} is not a variable name (letters, digits, _ . $ -)`,
    }));
}

/** A saved request from untrusted JSON; missing optional parts get their defaults. */
export function checkRequest(v: unknown): Checked<SavedRequest> {
  const findings = inDocumentOrder(
    [...checkBody(SAVED_REQUEST_SCHEMA, v), ...(Array.isArray(v) ? [] : badVariableNames(v))],
    v,
  );
  if (findings.length > 0) return { ok: false, findings };
  const o = v as Obj;
  // Built in the contract's key order: the file's order, so a save changes only what changed.
  const out: SavedRequest = {
    name: o['name'] as string,
    ...(typeof o['seq'] === 'number' ? { seq: o['seq'] } : {}),
    method: ((o['method'] as string | undefined) ?? 'GET').toUpperCase(),
    url: o['url'] as string,
    headers: rows(o['headers']),
    ...(o['query'] === undefined ? {} : { query: rows(o['query']) }),
    body: requestBody(o['body']),
    auth: auth(o['auth']),
    ...(o['assertions'] === undefined
      ? {}
      : { assertions: (o['assertions'] as Obj[]).map(assertion) }),
    // No prototype: `__proto__` is a variable name like any other.
    ...(o['set'] === undefined
      ? {}
      : { set: Object.assign(Object.create(null) as Record<string, string>, o['set']) }),
  };
  return { ok: true, value: out };
}

/** What the schema cannot say of an environment: each variable's name is used once. */
function repeatedNames(v: unknown): Finding[] {
  const variables = (v as Obj | null)?.['variables'];
  if (!Array.isArray(variables)) return [];
  const seen = new Set<string>();
  const found: Finding[] = [];
  variables.forEach((row: unknown, i) => {
    const name = (row as Obj | null)?.['name'];
    if (typeof name !== 'string') return;
    if (seen.has(name))
      found.push({ pointer: `/variables/${i}/name`, message: `repeats the variable ${name}` });
    seen.add(name);
  });
  return found;
}

/** An environment from untrusted JSON; a secret keeps its `value` here (the caller routes it). */
export function checkEnvironment(v: unknown): Checked<Environment> {
  // The name's own problem first: a repeat of a name that is no name is not news.
  const findings = inDocumentOrder(
    [...checkBody(ENVIRONMENT_SCHEMA, v), ...(Array.isArray(v) ? [] : repeatedNames(v))],
    v,
  );
  if (findings.length > 0) return { ok: false, findings };
  const o = v as Obj;
  const variables = ((o['variables'] ?? []) as Obj[]).map((row): EnvironmentVariable => {
    const variable: EnvironmentVariable = {
      name: row['name'] as string,
      value: text(row, 'value'),
    };
    if (row['enabled'] !== undefined) variable.enabled = row['enabled'] as boolean;
    if (row['secret'] === true) variable.secret = true;
    return variable;
  });
  return { ok: true, value: { name: o['name'] as string, variables } };
}
