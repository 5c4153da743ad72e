/**
 * A request with its `{{variables}}` filled in (issue 30), the variables it uses that nobody
 * defines, and the dynamic ones (`{{$guid}}`, issue 41) it needs drawn. Everywhere a value is
 * typed: URL, enabled headers, the body, form and multipart fields (a file's path too) and the
 * auth helper. Issue 47: moved here from the renderer, so the Console's Send, its Run folder and
 * `decorest run` fill a request with the same code. Pure: no `node:*`.
 *
 * @example
 * fillRequest({ url: '{{base}}/todos', headers: [], body: '' }, { base: 'http://127.0.0.1:3000' });
 * // { ok: true, url: 'http://127.0.0.1:3000/todos', headers: [], body: '', … }
 */
import { isDynamicVariable } from './dynamic-variables.js';
import { urlOfSaved } from './request-url.js';
import type { KeyValueRow, MultipartField, RequestAuth, SavedRequest } from './requests-api.js';
import { fillText, findVariables, resolveVariables } from './variables.js';

/** The texts of a request that may hold variables, as the Console edits them. */
export interface RequestTemplate {
  url: string;
  headers: readonly KeyValueRow[];
  /** The JSON or text body (`""` for another kind). */
  body: string;
  formFields?: readonly KeyValueRow[];
  multipartFields?: readonly MultipartField[];
  auth?: RequestAuth;
}

export type FilledRequest =
  | {
      ok: true;
      url: string;
      headers: KeyValueRow[];
      body: string;
      formFields?: KeyValueRow[];
      multipartFields?: MultipartField[];
      auth?: RequestAuth;
    }
  | {
      ok: false;
      error: string;
      /** The variables nobody defines, when that is why (a cycle names none). */
      unknown?: string[];
    };

/** A saved request's template: its URL with the query rows joined in, the body of its kind. */
export function templateOfSaved(request: SavedRequest): RequestTemplate {
  const b = request.body;
  return {
    url: urlOfSaved(request),
    headers: request.headers,
    body: b.kind === 'json' || b.kind === 'text' ? b.text : '',
    formFields: b.kind === 'form-urlencoded' ? b.fields : [],
    multipartFields: b.kind === 'multipart' ? b.fields : [],
    auth: request.auth,
  };
}

/** The texts of `t` that may hold variables (switched-off rows do not count). */
function textsOf(t: RequestTemplate): string[] {
  const texts = [
    t.url,
    t.body,
    ...t.headers.filter((h) => h.enabled).flatMap((h) => [h.name, h.value]),
    ...(t.formFields ?? []).filter((f) => f.enabled).flatMap((f) => [f.name, f.value]),
    ...(t.multipartFields ?? [])
      .filter((f) => f.enabled)
      .flatMap((f) => [f.name, f.kind === 'text' ? f.value : f.path]),
  ];
  const auth = t.auth;
  if (auth?.kind === 'bearer') texts.push(auth.token);
  if (auth?.kind === 'basic') texts.push(auth.username, auth.password);
  return texts;
}

/** Every variable the request uses, once each, in order. */
export function variablesUsed(t: RequestTemplate): string[] {
  return [...new Set(textsOf(t).flatMap((text) => findVariables(text).map((u) => u.name)))];
}

/** Every variable the request uses that `vars` cannot give a value, once each, in order. */
export function unknownVariables(
  t: RequestTemplate,
  vars: Readonly<Record<string, string>>,
): string[] {
  const values = resolveVariables(vars);
  return variablesUsed(t).filter(
    (name) => values.get(name)?.state !== 'resolved' && !isDynamicVariable(name),
  );
}

/**
 * The dynamic variables the request uses that `vars` does not define: the ones to draw a fresh
 * value for before a send (an environment's own `$guid` wins, as in Postman).
 */
export function dynamicNamesOf(
  t: RequestTemplate,
  vars: Readonly<Record<string, string>>,
): string[] {
  return variablesUsed(t).filter((name) => isDynamicVariable(name) && !Object.hasOwn(vars, name));
}

/** `t` with `vars` filled in; an unknown variable or a cycle refuses it, named. */
export function fillRequest(
  t: RequestTemplate,
  vars: Readonly<Record<string, string>>,
): FilledRequest {
  const values = resolveVariables(vars);
  let error: string | undefined;
  let unknownNames: string[] | undefined;
  const fill = (text: string): string => {
    const done = fillText(text, values);
    if (!done.ok) {
      error ??= `Variable cycle: ${done.cycle.join(' → ')}`;
      return text;
    }
    // A dynamic one left (a copy as curl, not a send) stays as written: the send draws it.
    const unknown = done.unknown.filter((u) => !isDynamicVariable(u.name));
    if (unknown.length > 0 && error === undefined) {
      unknownNames = unknown.map((u) => u.name);
      error = `Unknown variable ${unknown.map((u) => `{{${u.name}}}`).join(', ')}: neither the environment nor an earlier request's Save from answer gives it a value`;
    }
    return done.text;
  };
  const rows = (list: readonly KeyValueRow[]): KeyValueRow[] =>
    list.map((h) => (h.enabled ? { ...h, name: fill(h.name), value: fill(h.value) } : { ...h }));
  const url = fill(t.url);
  const headers = rows(t.headers);
  const body = fill(t.body);
  const formFields = t.formFields && rows(t.formFields);
  const multipartFields = t.multipartFields?.map((f): MultipartField => {
    if (!f.enabled) return { ...f };
    return f.kind === 'text'
      ? { ...f, name: fill(f.name), value: fill(f.value) }
      : { ...f, name: fill(f.name), path: fill(f.path) };
  });
  let auth = t.auth;
  if (auth?.kind === 'bearer') auth = { kind: 'bearer', token: fill(auth.token) };
  else if (auth?.kind === 'basic')
    auth = { kind: 'basic', username: fill(auth.username), password: fill(auth.password) };
  if (error !== undefined)
    return unknownNames ? { ok: false, error, unknown: unknownNames } : { ok: false, error };
  return { ok: true, url, headers, body, formFields, multipartFields, auth };
}
