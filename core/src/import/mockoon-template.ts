/**
 * Mockoon's Handlebars templating as decorest placeholders (issue 41). The request helpers a
 * mock answer mostly uses (`body`, `urlParam`, `queryParam`, `header`, `faker`, `now`, and
 * `repeat` with a fixed count) have a placeholder of the same meaning (CONTRACT: rule bodies);
 * every other helper is named in `unsupported`, so the import report lists it, and renders as
 * nothing, so the rest of the answer still works. A block helper decorest cannot express
 * (`#if`, `#each`, …) makes the whole text inexpressible: `blocked` names it.
 *
 * @example
 * ```ts
 * convertTemplate(`{"id": {{urlParam 'id'}}, "name": "{{body 'user.name'}}"}`).text;
 * // '{"id": {{params.id}}, "name": "{{body./user/name}}"}'
 * ```
 */
import { escapeToken } from '../rules/json-pointer.js';

export interface ConvertedTemplate {
  /** The text with decorest placeholders. */
  text: string;
  /** Whether the text holds a placeholder (else it is a fixed answer). */
  templated: boolean;
  /** Helpers with no decorest equivalent, once each, in order met: rendered as nothing. */
  unsupported: string[];
  /** Approximations to report (`now 'yyyy'` answered as an ISO date-time). */
  guesses: string[];
  /** A block helper that cannot be expressed: the text is not converted at all. */
  blocked?: string;
}

/** Mockoon's shortcut helpers that are one faker method without arguments. */
const FAKER_SHORTCUTS: Record<string, string> = {
  uuid: 'string.uuid',
  guid: 'string.uuid',
  firstName: 'person.firstName',
  lastName: 'person.lastName',
  email: 'internet.email',
  city: 'location.city',
  country: 'location.country',
  countryCode: 'location.countryCode',
  street: 'location.street',
  zipcode: 'location.zipCode',
  postcode: 'location.zipCode',
  phone: 'phone.number',
  company: 'company.name',
  ipv4: 'internet.ipv4',
  ipv6: 'internet.ipv6',
  objectId: 'database.mongodbObjectId',
  boolean: 'datatype.boolean',
};

type Token = { kind: 'text'; value: string } | { kind: 'other'; raw: string };

interface Expression {
  /** `#` opens a block, `/` closes one, `` is an inline helper or a value. */
  mark: '#' | '/' | '' | '!';
  name: string;
  args: Token[];
  /** `key=value` options (`comma=false`). */
  hash: Record<string, string>;
}

/** One `{{…}}` or `{{{…}}}`: where it starts and ends in the text, and what it says. */
interface Mustache {
  start: number;
  end: number;
  expression: Expression;
}

const ARG = /\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|([^\s()'"]+)|(\([^)]*\)?))/y;

function parseExpression(inner: string): Expression {
  let text = inner.replace(/^~|~$/g, '').trim();
  let mark: Expression['mark'] = '';
  if (/^[#/!]/.test(text)) {
    mark = text[0] as Expression['mark'];
    text = text.slice(1).trim();
  }
  const name = /^[^\s()]+/.exec(text)?.[0] ?? '';
  const args: Token[] = [];
  const hash: Record<string, string> = {};
  ARG.lastIndex = name.length;
  for (let m = ARG.exec(text); m; m = ARG.exec(text)) {
    if (m[1] !== undefined || m[2] !== undefined)
      args.push({ kind: 'text', value: (m[1] ?? m[2])!.replace(/\\(.)/g, '$1') });
    else if (m[3] !== undefined) {
      const eq = m[3].indexOf('=');
      if (eq > 0) hash[m[3].slice(0, eq)] = m[3].slice(eq + 1).replace(/^['"]|['"]$/g, '');
      else if (/^-?\d+(\.\d+)?$/.test(m[3])) args.push({ kind: 'text', value: m[3] });
      else args.push({ kind: 'other', raw: m[3] });
    } else args.push({ kind: 'other', raw: m[4]! });
  }
  return { mark, name, args, hash };
}

function mustaches(text: string): Mustache[] {
  const found: Mustache[] = [];
  let from = 0;
  for (;;) {
    const open = text.indexOf('{{', from);
    if (open === -1) return found;
    const triple = text.startsWith('{{{', open);
    const close = text.indexOf(triple ? '}}}' : '}}', open + (triple ? 3 : 2));
    if (close === -1) return found;
    const inner = text.slice(open + (triple ? 3 : 2), close);
    const end = close + (triple ? 3 : 2);
    found.push({ start: open, end, expression: parseExpression(inner) });
    from = end;
  }
}

/**
 * Mockoon's object path (`user.name`, `items.0.id`, `a\.b` for a dot in a key, or a simple
 * JSONPath `$.user.name`) as the tokens of a JSON pointer; `undefined` when it is a JSONPath
 * query decorest cannot follow (filters, wildcards).
 */
export function pathTokens(path: string): string[] | undefined {
  let rest = path;
  if (rest.startsWith('$')) {
    if (!/^\$(\.[A-Za-z0-9_-]+|\[\d+\])*$/.test(rest)) return undefined;
    rest = rest
      .slice(1)
      .replace(/\[(\d+)\]/g, '.$1')
      .replace(/^\./, '');
  }
  if (rest === '') return [];
  // `a\.b` is one key holding a dot: split on the dots no backslash escapes.
  return rest.split(/(?<!\\)\./).map((s) => s.replace(/\\\./g, '.'));
}

/** A body placeholder reading `tokens`: a single plain key stays short (`{{body.name}}`). */
function bodyPlaceholder(tokens: readonly string[]): string {
  if (tokens.length === 0) return '{{body}}';
  if (tokens.length === 1 && /^[A-Za-z0-9_-]+$/.test(tokens[0]!)) return `{{body.${tokens[0]}}}`;
  return `{{body.${tokens.map((t) => `/${escapeToken(t)}`).join('')}}}`;
}

const textArg = (e: Expression, i: number): string | undefined => {
  const arg = e.args[i];
  return arg?.kind === 'text' ? arg.value : undefined;
};

/** A request or faker helper as a placeholder, or `undefined` when it has none. */
function inlinePlaceholder(e: Expression, guesses: string[]): string | undefined {
  const first = textArg(e, 0);
  const simpleName = (s: string | undefined): s is string =>
    s !== undefined && s !== '' && !/[{}\s]/.test(s);
  if (e.args.some((a) => a.kind === 'other')) return undefined;
  const dropsDefault = (what: string) => {
    if (e.args.length > 1)
      guesses.push(
        `${what}: the default value ${JSON.stringify(textArg(e, 1))} is not kept (a missing value renders empty)`,
      );
  };
  switch (e.name) {
    case 'urlParam':
      return simpleName(first) && e.args.length === 1 ? `{{params.${first}}}` : undefined;
    case 'queryParam': {
      if (!simpleName(first)) return undefined;
      const tokens = pathTokens(first);
      if (tokens === undefined || tokens.length === 0) return undefined;
      dropsDefault(`queryParam '${first}'`);
      // Mockoon reads qs's nested objects (`filter.name` is `?filter[name]=`).
      const [head, ...more] = tokens;
      return `{{query.${head}${more.map((t) => `[${t}]`).join('')}}}`;
    }
    case 'header':
      if (!simpleName(first)) return undefined;
      dropsDefault(`header '${first}'`);
      return `{{header.${first.toLowerCase()}}}`;
    case 'body': {
      if (first === undefined || first === '') return e.args.length <= 1 ? '{{body}}' : undefined;
      const tokens = pathTokens(first);
      if (tokens === undefined) return undefined;
      dropsDefault(`body '${first}'`);
      return bodyPlaceholder(tokens);
    }
    case 'faker': {
      const [module, method, more] = (first ?? '').split('.');
      if (e.args.length !== 1 || !module || !method || more !== undefined) return undefined;
      return `{{fake.${module}.${method}}}`;
    }
    case 'array':
      // Rendered on its own, Handlebars writes an array as its items joined by commas.
      return e.args.map((_, i) => textArg(e, i)).join(',');
    case 'now':
      if (e.args.length > 0)
        guesses.push(`now '${first ?? ''}': the format is not kept, answered as an ISO date-time`);
      return '{{now}}';
    default: {
      const shortcut = FAKER_SHORTCUTS[e.name];
      return shortcut !== undefined && e.args.length === 0 ? `{{fake.${shortcut}}}` : undefined;
    }
  }
}

/** What `{{@index}}` and its siblings are in one turn of a `repeat` block. */
type LoopData = Record<string, string>;

/**
 * Converts a text (the body of a response, or of a repeat block) in one pass: a `repeat` with
 * a fixed count is unrolled as Mockoon renders it (commas between items, unless
 * `comma=false`), so each copy draws its own fake values.
 */
function convert(text: string, loop: LoopData | undefined, out: ConvertedTemplate): string {
  const found = mustaches(text);
  let result = '';
  let from = 0;
  for (let i = 0; i < found.length; i++) {
    const m = found[i]!;
    const e = m.expression;
    result += text.slice(from, m.start);
    from = m.end;
    if (e.mark === '!') continue;
    if (e.mark === '#') {
      const close = matchingClose(found, i);
      const count = Number(textArg(e, 0));
      if (
        e.name !== 'repeat' ||
        close === undefined ||
        e.args.length !== 1 ||
        !Number.isInteger(count) ||
        count < 0 ||
        count > 1000
      ) {
        out.blocked ??=
          e.name === 'repeat' ? 'repeat with a random or computed count' : `#${e.name}`;
        return text;
      }
      const inner = text.slice(m.end, found[close]!.start);
      let content = '';
      for (let turn = 0; turn < count; turn++) {
        const data = {
          '@index': String(turn),
          '@total': String(count),
          '@first': String(turn === 0),
          '@last': String(turn === count - 1),
        };
        content += convert(inner, data, out);
        if (out.blocked) return text;
        if (e.hash.comma !== 'false') {
          content = content.trimEnd();
          if (turn < count - 1 && !content.endsWith(',')) content += ',';
          else if (turn === count - 1 && content.endsWith(',')) content = content.slice(0, -1);
          content += '\n';
        }
      }
      result += content;
      from = found[close]!.end;
      i = close;
      continue;
    }
    if (e.mark === '/') {
      out.blocked ??= `/${e.name} without its opening block`;
      return text;
    }
    if (loop?.[e.name] !== undefined && e.args.length === 0) {
      result += loop[e.name];
      continue;
    }
    if (e.name === 'else') {
      out.blocked ??= 'else';
      return text;
    }
    const placeholder = inlinePlaceholder(e, out.guesses);
    if (placeholder === undefined) {
      if (!out.unsupported.includes(e.name)) out.unsupported.push(e.name);
      continue;
    }
    out.templated = true;
    result += placeholder;
  }
  return result + text.slice(from);
}

/** The index of the `{{/name}}` closing the block opened at `open` (nested blocks skipped). */
function matchingClose(found: readonly Mustache[], open: number): number | undefined {
  let depth = 0;
  for (let j = open + 1; j < found.length; j++) {
    const { mark } = found[j]!.expression;
    if (mark === '#') depth++;
    else if (mark === '/') {
      if (depth === 0) return j;
      depth--;
    }
  }
  return undefined;
}

export function convertTemplate(text: string): ConvertedTemplate {
  const out: ConvertedTemplate = { text, templated: false, unsupported: [], guesses: [] };
  const converted = convert(text, undefined, out);
  if (out.blocked === undefined) out.text = converted;
  return out;
}

/** Mockoon renders `{{…}}` (Handlebars) in buckets, bodies, headers and rule values. */
export const TEMPLATING = /\{\{[\s\S]*?\}\}/;
