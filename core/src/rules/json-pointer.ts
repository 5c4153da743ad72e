/**
 * JSON pointers (RFC 6901): where a rule's problem is (`/rules/2/when/0/value`) and which part
 * of a request body a condition or a placeholder reads (`/user/name`).
 */

/** One reference token as a pointer spells it: `~` as `~0`, `/` as `~1` (RFC 6901 §3). */
export function escapeToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The pointer of a path of keys and indexes: `['rules', 2, 'id']` → `/rules/2/id`. */
export function pointerOf(path: readonly (string | number)[]): string {
  let out = '';
  for (const token of path) out += `/${escapeToken(token)}`;
  return out;
}

/** Whether `text` is a pointer: empty (the whole value) or `/`-led with only `~0`/`~1` escapes. */
export function isPointer(text: string): boolean {
  return text === '' || (text.startsWith('/') && !/~(?![01])/.test(text));
}

/** A checked pointer's tokens, unescaped (`~1` before `~0`, RFC 6901 §4). */
export function pointerTokens(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * The value at `tokens` in a parsed JSON value, or `undefined` when there is none. Only own
 * properties are read, so `/__proto__` or `/constructor` never reach an object's prototype.
 */
export function valueAt(root: unknown, tokens: readonly string[]): unknown {
  let here: unknown = root;
  for (const token of tokens) {
    if (here === null || typeof here !== 'object') return undefined;
    if (Array.isArray(here)) {
      // RFC 6901 §4: an array index is `0` or digits without a leading zero.
      if (!/^(0|[1-9]\d*)$/.test(token)) return undefined;
      here = here[Number(token)];
    } else {
      if (!Object.hasOwn(here, token)) return undefined;
      here = (here as Record<string, unknown>)[token];
    }
  }
  return here;
}
