/**
 * A rule's body template: text with `{{…}}` placeholders filled from the request (issue 29).
 * Parsed once when the rules load; an unknown placeholder is a problem naming its offset, so
 * no request ever meets one. Values go in as text; in a JSON answer a value inside a string
 * literal is escaped (compile-rules.ts), so a quote a client sends cannot break the body.
 *
 * @example
 * ```ts
 * const t = parseTemplate('{"id": {{params.id}}, "at": "{{now}}"}');
 * // t.parts: ['{"id": ', { kind: 'param', name: 'id' }, ', "at": "', { kind: 'now' }, '"}']
 * ```
 */
import { isPointer, pointerTokens } from './json-pointer.js';

export type Placeholder =
  | { readonly kind: 'param' | 'query' | 'header'; readonly name: string }
  /** `tokens` of a JSON pointer into the parsed body; `[]` is the whole body. */
  | { readonly kind: 'body'; readonly tokens: readonly string[] }
  | { readonly kind: 'now' }
  | { readonly kind: 'fake'; readonly module: string; readonly method: string };

export interface ParsedTemplate {
  /** Literal text and placeholders in order. */
  readonly parts: readonly (string | Placeholder)[];
  /** The fake placeholders with their offsets, checked against faker once it is loaded. */
  readonly fakes: readonly { module: string; method: string; offset: number }[];
  readonly problems: readonly { offset: number; message: string }[];
}

const ALLOWED =
  'params.<name>, query.<name>, header.<name>, body, body.<key>, body./json/pointer, now, fake.<module>.<method>';

function placeholderOf(inner: string): Placeholder | string {
  if (inner === 'now') return { kind: 'now' };
  if (inner === 'body') return { kind: 'body', tokens: [] };
  const dot = inner.indexOf('.');
  const head = dot === -1 ? inner : inner.slice(0, dot);
  const rest = dot === -1 ? '' : inner.slice(dot + 1);
  if (rest !== '') {
    if (head === 'params') return { kind: 'param', name: rest };
    if (head === 'query') return { kind: 'query', name: rest };
    if (head === 'header') return { kind: 'header', name: rest.toLowerCase() };
    if (head === 'body') {
      if (!rest.startsWith('/')) return { kind: 'body', tokens: [rest] };
      return isPointer(rest)
        ? { kind: 'body', tokens: pointerTokens(rest) }
        : `{{${inner}}} is not a JSON pointer (escape ~ as ~0 and / as ~1)`;
    }
    if (head === 'fake') {
      const [module, method, more] = rest.split('.');
      if (module && method && more === undefined) return { kind: 'fake', module, method };
    }
  }
  return `unknown placeholder {{${inner}}}: use one of ${ALLOWED}`;
}

/** Splits `text` into literal parts and placeholders (`{{ name }}`, spaces allowed inside). */
export function parseTemplate(text: string): ParsedTemplate {
  const parts: (string | Placeholder)[] = [];
  const fakes: { module: string; method: string; offset: number }[] = [];
  const problems: { offset: number; message: string }[] = [];
  let from = 0;
  for (;;) {
    const open = text.indexOf('{{', from);
    const close = open === -1 ? -1 : text.indexOf('}}', open + 2);
    if (close === -1) break;
    const inner = text.slice(open + 2, close).trim();
    const found = placeholderOf(inner);
    if (open > from) parts.push(text.slice(from, open));
    if (typeof found === 'string') problems.push({ offset: open, message: found });
    else {
      parts.push(found);
      if (found.kind === 'fake')
        fakes.push({ module: found.module, method: found.method, offset: open });
    }
    from = close + 2;
  }
  if (from < text.length) parts.push(text.slice(from));
  return { parts, fakes, problems };
}
