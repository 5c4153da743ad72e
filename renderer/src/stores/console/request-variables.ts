/**
 * The Console's request with an environment's `{{variables}}` filled in (issue 30), and the
 * variables it uses that the environment does not define, for the request line to mark before
 * Send. The resolution itself is the contract's (core/src/contract/variables.ts), the same the
 * core uses.
 */
import { fillText, findVariables, resolveVariables } from '../../api';
import type { Row } from './console-method';

interface Template {
  url: string;
  headers: readonly Row[];
  body: string;
}

export type FilledRequest =
  { ok: true; url: string; headers: Row[]; body: string } | { ok: false; error: string };

/** Every variable the request uses that `vars` cannot give a value, once each, in order. */
export function unknownVariables(t: Template, vars: Readonly<Record<string, string>>): string[] {
  const values = resolveVariables(vars);
  const texts = [
    t.url,
    t.body,
    ...t.headers.filter((h) => h.enabled).flatMap((h) => [h.name, h.value]),
  ];
  const names = texts.flatMap((text) => findVariables(text).map((u) => u.name));
  return [...new Set(names)].filter((name) => values.get(name)?.state !== 'resolved');
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
    if (done.unknown.length > 0)
      error ??= `Unknown variable ${done.unknown.map((u) => `{{${u.name}}}`).join(', ')}: choose an environment that defines it`;
    return done.text;
  };
  const url = fill(t.url);
  const headers = t.headers.map((h) =>
    h.enabled ? { ...h, name: fill(h.name), value: fill(h.value) } : h,
  );
  const body = fill(t.body);
  return error === undefined ? { ok: true, url, headers, body } : { ok: false, error };
}
