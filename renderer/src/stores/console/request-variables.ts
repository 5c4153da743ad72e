/**
 * The Console's request with an environment's `{{variables}}` filled in (issue 30), and the
 * variables it uses that the environment does not define, for the request line to mark before
 * Send. Everywhere a value is typed: URL, enabled headers, the body, form and multipart fields
 * (a file's path too) and the auth helper. The resolution itself is the contract's
 * (core/src/contract/variables.ts), the same the core uses. Postman's dynamic variables
 * (`{{$guid}}`, `{{$randomEmail}}`, issue 41) are no environment's: {@link withDynamicValues}
 * draws them from faker, loaded only when a request uses one, right before a send.
 */
import {
  drawDynamicValues,
  fillText,
  findVariables,
  isDynamicVariable,
  type MultipartField,
  type RequestAuth,
  resolveVariables,
} from '../../api';
import type { Row } from './console-method';

interface Template {
  url: string;
  headers: readonly Row[];
  body: string;
  formFields?: readonly Row[];
  multipartFields?: readonly MultipartField[];
  auth?: RequestAuth;
}

export type FilledRequest =
  | {
      ok: true;
      url: string;
      headers: Row[];
      body: string;
      formFields?: Row[];
      multipartFields?: MultipartField[];
      auth?: RequestAuth;
    }
  | { ok: false; error: string };

/** The texts of `t` that may hold variables (switched-off rows do not count). */
function textsOf(t: Template): string[] {
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

/** Every variable the request uses that `vars` cannot give a value, once each, in order. */
export function unknownVariables(t: Template, vars: Readonly<Record<string, string>>): string[] {
  const values = resolveVariables(vars);
  const names = textsOf(t).flatMap((text) => findVariables(text).map((u) => u.name));
  return [...new Set(names)].filter(
    (name) => values.get(name)?.state !== 'resolved' && !isDynamicVariable(name),
  );
}

/**
 * `vars` with a fresh value for each dynamic variable the request uses and `vars` does not
 * define (an environment's own `$guid` wins, as in Postman). Faker is loaded on first use only.
 */
export async function withDynamicValues(
  t: Template,
  vars: Readonly<Record<string, string>>,
): Promise<Readonly<Record<string, string>>> {
  const names = new Set(
    textsOf(t)
      .flatMap((text) => findVariables(text).map((u) => u.name))
      .filter((name) => isDynamicVariable(name) && !Object.hasOwn(vars, name)),
  );
  if (names.size === 0) return vars;
  const { faker } = await import('@faker-js/faker/locale/en');
  return { ...vars, ...drawDynamicValues(names, faker) };
}

export function fillRequest(t: Template, vars: Readonly<Record<string, string>>): FilledRequest {
  const values = resolveVariables(vars);
  let error: string | undefined;
  const fill = (text: string): string => {
    const done = fillText(text, values);
    if (!done.ok) {
      error ??= `Variable cycle: ${done.cycle.join(' → ')}`;
      return text;
    }
    // A dynamic one left (a copy as curl, not a send) stays as written: the send draws it.
    const unknown = done.unknown.filter((u) => !isDynamicVariable(u.name));
    if (unknown.length > 0)
      error ??= `Unknown variable ${unknown.map((u) => `{{${u.name}}}`).join(', ')}: choose an environment that defines it`;
    return done.text;
  };
  const rows = (list: readonly Row[]): Row[] =>
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
  return error === undefined
    ? { ok: true, url, headers, body, formFields, multipartFields, auth }
    : { ok: false, error };
}
