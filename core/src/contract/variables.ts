/**
 * Issue 30: `{{name}}` variables of the Console, resolved the same way by the renderer (before
 * Send, and for the hover) and the core. Pure: no `node:*`, nothing that runs imported, so it
 * may live in the contract the renderer bundles.
 *
 * @example
 * const vars = { host: 'http://127.0.0.1:3000', todos: '{{host}}/todos' };
 * resolveText('{{todos}}/1', vars); // { ok: true, text: 'http://127.0.0.1:3000/todos/1', unknown: [] }
 */
import type { KeyValueRow, MultipartField, SavedRequest } from './requests-api.js';

/** One `{{name}}` in a text: its name and where it stands (offsets into the text, end excluded). */
export interface VariableUse {
  name: string;
  start: number;
  end: number;
}

/** The resolved value of a variable, or why it has none (for the hover). */
export type VariableValue =
  | { state: 'resolved'; value: string }
  /** It refers to variables nobody defines. */
  | { state: 'unknown'; missing: string[] }
  /** It refers to itself through others: `['a', 'b', 'a']`. */
  | { state: 'cycle'; cycle: string[] };

export type TextResolution =
  { ok: true; text: string; unknown: VariableUse[] } | { ok: false; cycle: string[] };

// Names as Postman, Bruno and the REST Client write them: letters, digits, `_ - . $`.
const USE = /\{\{\s*([A-Za-z0-9_.$-]+)\s*\}\}/g;

/** Every `{{name}}` in `text`, in order. */
export function findVariables(text: string): VariableUse[] {
  return [...text.matchAll(USE)].map((m) => ({
    name: m[1]!,
    start: m.index,
    end: m.index + m[0].length,
  }));
}

/**
 * The value of every variable of `vars` with its own `{{…}}` filled in (`a={{b}}`), a cycle
 * named from where it closes, an unknown reference listed. Depth-first with the path kept, so
 * `a → b → a` is found without a depth limit.
 */
export function resolveVariables(
  vars: Readonly<Record<string, string>>,
): Map<string, VariableValue> {
  const out = new Map<string, VariableValue>();
  const visit = (name: string, path: string[]): VariableValue => {
    const done = out.get(name);
    if (done) return done;
    const at = path.indexOf(name);
    if (at !== -1) return { state: 'cycle', cycle: [...path.slice(at), name] };
    const raw = vars[name]!;
    let value = '';
    let last = 0;
    const missing: string[] = [];
    for (const use of findVariables(raw)) {
      value += raw.slice(last, use.start);
      last = use.end;
      if (!Object.hasOwn(vars, use.name)) {
        missing.push(use.name);
        value += raw.slice(use.start, use.end);
        continue;
      }
      const inner = visit(use.name, [...path, name]);
      if (inner.state === 'cycle') {
        // One that merely reaches the loop cannot resolve either: it answers the loop too.
        if (!out.has(name)) out.set(name, inner);
        return inner;
      }
      if (inner.state === 'unknown') missing.push(...inner.missing);
      else value += inner.value;
    }
    const result: VariableValue =
      missing.length > 0
        ? { state: 'unknown', missing: [...new Set(missing)] }
        : { state: 'resolved', value: value + raw.slice(last) };
    out.set(name, result);
    return result;
  };
  for (const name of Object.keys(vars)) visit(name, []);
  return out;
}

/**
 * `text` with every known variable filled in. An unknown one stays as written and is listed
 * with its position (the UI marks it before Send); a cycle refuses the whole text, named.
 */
export function resolveText(text: string, vars: Readonly<Record<string, string>>): TextResolution {
  return fillText(text, resolveVariables(vars));
}

/** {@link resolveText} over variables resolved once (a whole request's texts share them). */
export function fillText(text: string, values: ReadonlyMap<string, VariableValue>): TextResolution {
  let out = '';
  let last = 0;
  const unknown: VariableUse[] = [];
  for (const use of findVariables(text)) {
    out += text.slice(last, use.start);
    last = use.end;
    const value = values.get(use.name);
    if (value?.state === 'cycle') return { ok: false, cycle: value.cycle };
    if (value?.state === 'resolved') out += value.value;
    else {
      unknown.push(use);
      out += text.slice(use.start, use.end);
    }
  }
  return { ok: true, text: out + text.slice(last), unknown };
}

/** Enabled variables of an environment as a name → value record (later ones win). */
export function variablesOf(
  variables: readonly { name: string; value: string; enabled?: boolean }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const v of variables) if (v.enabled !== false) out[v.name] = v.value;
  return out;
}

/** An unknown variable of a request: the JSON pointer of the text it is in, and where. */
export interface UnknownUse extends VariableUse {
  /** `/url`, `/headers/0/value`, `/body/text`, `/auth/token`, … */
  field: string;
}

export type RequestResolution =
  { ok: true; request: SavedRequest; unknown: UnknownUse[] } | { ok: false; cycle: string[] };

/**
 * A saved request with its variables filled in everywhere one may stand: URL, header and query
 * names and values, body text and fields, auth. Unknown ones are listed by field and position
 * (the UI marks them before Send); a cycle refuses the request, named.
 */
export function resolveRequest(
  request: SavedRequest,
  vars: Readonly<Record<string, string>>,
): RequestResolution {
  const values = resolveVariables(vars);
  const unknown: UnknownUse[] = [];
  let cycle: string[] | undefined;
  const fill = (text: string, field: string): string => {
    const done = fillText(text, values);
    if (!done.ok) {
      cycle ??= done.cycle;
      return text;
    }
    unknown.push(...done.unknown.map((u) => ({ ...u, field })));
    return done.text;
  };
  const rows = (list: KeyValueRow[], at: string): KeyValueRow[] =>
    list.map((r, i) => ({
      ...r,
      name: fill(r.name, `${at}/${i}/name`),
      value: fill(r.value, `${at}/${i}/value`),
    }));
  const field = (f: MultipartField, i: number): MultipartField =>
    f.kind === 'text'
      ? { ...f, value: fill(f.value, `/body/fields/${i}/value`) }
      : { ...f, path: fill(f.path, `/body/fields/${i}/path`) };
  const { body, auth } = request;
  const out: SavedRequest = {
    ...request,
    url: fill(request.url, '/url'),
    headers: rows(request.headers, '/headers'),
    ...(request.query ? { query: rows(request.query, '/query') } : {}),
    body:
      body.kind === 'json' || body.kind === 'text'
        ? { ...body, text: fill(body.text, '/body/text') }
        : body.kind === 'form-urlencoded'
          ? { ...body, fields: rows(body.fields, '/body/fields') }
          : body.kind === 'multipart'
            ? { ...body, fields: body.fields.map(field) }
            : body,
    auth:
      auth.kind === 'bearer'
        ? { ...auth, token: fill(auth.token, '/auth/token') }
        : auth.kind === 'basic'
          ? {
              ...auth,
              username: fill(auth.username, '/auth/username'),
              password: fill(auth.password, '/auth/password'),
            }
          : auth,
  };
  return cycle ? { ok: false, cycle } : { ok: true, request: out, unknown };
}
