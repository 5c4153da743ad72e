/**
 * A Bruno `script:post-response` that saves values from the answer, the most common script in
 * real collections (`bru.setVar("token", res.body.accessToken);`), is the request's `set` (Save
 * from answer) rather than a skipped script: the requests after it then find `{{token}}` as
 * they did in Bruno. A call is taken where it stands at the script's top level and saves a
 * plain read of the answer; a script that also holds tests or other code keeps those as a note
 * (its calls still run in Bruno whatever the tests find, unless a bare `expect` throws first).
 * A call inside a block (`if (…) { bru.setVar(…) }`) or of a computed value is part of the note.
 */
import { sourceOfBrunoExpression } from './bruno-saved-values.js';

/** What `bru.setVar` saves: the name, then the answer's part (`/token`, `header:location`). */
export type SetVarSources = Record<string, string>;

// `bru.setVar("name", expression)` with an optional `;`; the name quoted either way.
const SET_VAR = /^bru\.setVar\(\s*(["'])([A-Za-z_$][\w$-]*)\1\s*,\s*(.+?)\s*\)\s*;?$/;

/** Strips `//` line comments and `/* … *\/` blocks (none of the accepted calls holds either). */
function withoutComments(script: string): string {
  return script.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
}

/**
 * The values `script` saves, when it does nothing else; undefined when it is any other script.
 *
 * @example
 * ```ts
 * setVarSources('bru.setVar("token", res.body.accessToken);'); // { token: '/accessToken' }
 * ```
 */
export function setVarSources(script: string): SetVarSources | undefined {
  const { sources, more } = scriptSaves(script);
  return more || Object.keys(sources).length === 0 ? undefined : sources;
}

/** Each line's brace depth where it starts, strings and template literals skipped. */
function depths(lines: readonly string[]): number[] {
  let depth = 0;
  let quote: string | undefined;
  return lines.map((line) => {
    const at = depth;
    for (let i = 0; i < line.length; i++) {
      const c = line[i]!;
      if (quote !== undefined) {
        if (c === '\\') i++;
        else if (c === quote) quote = undefined;
      } else if (c === '"' || c === "'" || c === '`') quote = c;
      else if (c === '{') depth++;
      else if (c === '}') depth = Math.max(0, depth - 1);
    }
    // A quote left open at a line's end is a mistake or a template: the next line starts fresh.
    if (quote !== '`') quote = undefined;
    return at;
  });
}

/**
 * The values `script` saves at its top level, and whether it does anything else (then that is
 * a note).
 *
 * @example
 * ```ts
 * scriptSaves('bru.setVar("id", res.body.id);\ntest("ok", () => {});');
 * // { sources: { id: '/id' }, more: true }
 * ```
 */
export function scriptSaves(script: string): { sources: SetVarSources; more: boolean } {
  const lines = withoutComments(script).split('\n');
  const starts = depths(lines);
  const sources = Object.create(null) as SetVarSources;
  let more = false;
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === '') return;
    const call = starts[i] === 0 ? SET_VAR.exec(line) : null;
    const source = call ? sourceOfBrunoExpression(call[3]!) : undefined;
    if (call && source !== undefined) sources[call[2]!] = source;
    else more = true;
  });
  return { sources, more };
}
