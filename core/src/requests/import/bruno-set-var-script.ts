/**
 * A Bruno `script:post-response` that only saves values from the answer, the most common script
 * in real collections (`bru.setVar("token", res.body.accessToken);`), is the request's `set`
 * (Save from answer) rather than a skipped script: the requests after it then find `{{token}}`
 * as they did in Bruno. Only a script made of nothing but such calls (and comments) is read; any
 * other statement, or a value that is not a plain read of the answer, leaves the whole script
 * a note, since part of a script would not do what the script did.
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
  const statements = withoutComments(script)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (statements.length === 0) return undefined;
  const sources = Object.create(null) as SetVarSources;
  for (const statement of statements) {
    const call = SET_VAR.exec(statement);
    if (!call) return undefined;
    const source = sourceOfBrunoExpression(call[3]!);
    if (source === undefined) return undefined;
    sources[call[2]!] = source;
  }
  return sources;
}
