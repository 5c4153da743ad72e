/**
 * Issue 30, issue 41: the blocks of one Bruno `.bru` file (bruno-lang v2, as current Bruno
 * writes them): `name {` key: value lines `}` (a `~` before the key switches a row off, a `@`
 * marks a request-local variable, a key may be `"quoted"`), `name [` one item per line `]`, and
 * text blocks (`body:json`, `script:*`, `tests`, `docs`, …) whose lines are indented two spaces
 * and end at a `}` in the first column.
 *
 * Inside a key: value block, as Bruno 2 writes them:
 * - a value may be a `'''` block over several lines (its lines indented four spaces), which may
 *   hold anything, `}` and `name {` included;
 * - an entry may carry annotations: `@description('''…''')`, `@number`, `@secret` on the lines
 *   above it (or before its key on the same line), and `@contentType(…)` after its value.
 * Annotations are kept with the row; the importer decides what maps and notes the rest.
 * A line that fits none of these is an {@link ImportError} naming its line.
 */
import { ImportError } from '../../errors.js';

export interface BruAnnotation {
  name: string;
  /** The argument without its quotes (`@contentType(application/json)` → `application/json`). */
  arg?: string;
}

export interface BruRow {
  name: string;
  value: string;
  enabled: boolean;
  /** Written `@name: value`: a request-local variable (Bruno's `vars:*` blocks). */
  local?: boolean;
  annotations: BruAnnotation[];
  /** 1-based line of the key. */
  line: number;
}

export type BruBlock =
  | { kind: 'dict'; name: string; rows: BruRow[]; line: number }
  | { kind: 'list'; name: string; items: string[]; line: number }
  | { kind: 'text'; name: string; text: string; line: number };

const TEXT_BLOCK =
  /^(body|body:(json|text|xml|graphql|graphql:vars|sparql|raw-file)|script:.*|tests|docs|example)$/;
const OPEN = /^([A-Za-z][\w:-]*)\s*([{[])\s*$/;
const ANNOTATION = /^@([A-Za-z_][\w-]*)(?=\s|\(|$)/;
const TRIPLE = "'''";

/** A cursor over the file's lines; every error names the line it stands on. */
class Lines {
  readonly lines: string[];
  i = 0;
  constructor(
    readonly file: string,
    source: string,
  ) {
    this.lines = source.replace(/\r\n?/g, '\n').split('\n');
  }
  fail(message: string, line = this.i + 1): never {
    throw new ImportError(this.file, `${line}:1`, message);
  }
}

export function readBruBlocks(file: string, source: string): BruBlock[] {
  const at: Lines = new Lines(file, source);
  const blocks: BruBlock[] = [];
  while (at.i < at.lines.length) {
    const line = at.lines[at.i]!;
    if (line.trim() === '') {
      at.i++;
      continue;
    }
    const open = OPEN.exec(line);
    if (!open) at.fail(`expected a block such as "meta {", got ${JSON.stringify(line.trim())}`);
    const [name, bracket] = [open[1]!, open[2]!];
    const start = at.i + 1;
    at.i++;
    if (bracket === '[')
      blocks.push({ kind: 'list', name, items: listItems(at, name, start), line: start });
    else if (TEXT_BLOCK.test(name))
      blocks.push({ kind: 'text', name, text: textBody(at, name, start), line: start });
    else blocks.push({ kind: 'dict', name, rows: dictRows(at, name, start), line: start });
  }
  return blocks;
}

function listItems(at: Lines, name: string, start: number): string[] {
  const items: string[] = [];
  for (; at.i < at.lines.length; at.i++) {
    const line = at.lines[at.i]!;
    if (line.trimEnd() === ']') {
      at.i++;
      return items;
    }
    const item = line.trim().replace(/,$/, '');
    if (item !== '') items.push(item);
  }
  return at.fail(`block ${name} is never closed with ]`, start);
}

function textBody(at: Lines, name: string, start: number): string {
  const body: string[] = [];
  for (; at.i < at.lines.length; at.i++) {
    const line = at.lines[at.i]!;
    if (line.trimEnd() === '}') {
      at.i++;
      return body.map((l) => l.replace(/^ {2}/, '')).join('\n');
    }
    body.push(line);
  }
  return at.fail(`block ${name} is never closed with }`, start);
}

function dictRows(at: Lines, name: string, start: number): BruRow[] {
  const rows: BruRow[] = [];
  let pending: BruAnnotation[] = [];
  while (at.i < at.lines.length) {
    const raw = at.lines[at.i]!;
    if (raw.trimEnd() === '}') {
      at.i++;
      return rows;
    }
    let rest = raw.trim();
    if (rest === '') {
      at.i++;
      continue;
    }
    // Annotations before the entry, on lines of their own or before its key.
    while (ANNOTATION.test(rest)) {
      const read = annotation(at, rest);
      pending.push(read.annotation);
      rest = read.rest.trim();
    }
    if (rest === '') {
      at.i++;
      continue;
    }
    const keyLine = at.i + 1;
    const key = readKey(rest);
    if (!key) at.fail(`expected "name: value" in ${name}, got ${JSON.stringify(rest)}`);
    const value = readValue(at, key.rest);
    rows.push({
      name: key.name,
      value: value.text,
      enabled: key.enabled,
      ...(key.local ? { local: true } : {}),
      annotations: [...pending, ...value.annotations],
      line: keyLine,
    });
    pending = [];
  }
  return at.fail(`block ${name} is never closed with }`, start);
}

/** `~`, `@` (local), then the key, bare up to `:` or `"quoted"` with `\"` escapes. */
function readKey(
  text: string,
): { name: string; enabled: boolean; local: boolean; rest: string } | undefined {
  let s = text;
  const enabled = !s.startsWith('~');
  if (!enabled) s = s.slice(1);
  const local = s.startsWith('@');
  if (local) s = s.slice(1);
  if (s.startsWith('"')) {
    const quoted = /^"((?:[^"\\]|\\.)*)"\s*:/.exec(s);
    if (!quoted) return undefined;
    return {
      name: quoted[1]!.replace(/\\(.)/g, '$1'),
      enabled,
      local,
      rest: s.slice(quoted[0].length),
    };
  }
  const cut = s.indexOf(':');
  if (cut <= 0) return undefined;
  return { name: s.slice(0, cut).trim(), enabled, local, rest: s.slice(cut + 1) };
}

/** A value after its `:`: the rest of the line, or a `'''` block over the next lines. */
function readValue(at: Lines, after: string): { text: string; annotations: BruAnnotation[] } {
  const first = after.trim();
  if (first === TRIPLE || (first.startsWith(TRIPLE) && !first.slice(3).includes(TRIPLE))) {
    const opened = at.i + 1;
    const lines: string[] = first.length > 3 ? [first.slice(3)] : [];
    for (at.i++; at.i < at.lines.length; at.i++) {
      const line = at.lines[at.i]!;
      const close = line.indexOf(TRIPLE);
      if (close !== -1) {
        if (line.slice(0, close).trim() !== '') lines.push(line.slice(0, close));
        const tail = trailingAnnotations(at, line.slice(close + 3));
        at.i++;
        return { text: outdent(lines), annotations: tail };
      }
      lines.push(line);
    }
    return at.fail("a ''' value is never closed with '''", opened);
  }
  at.i++;
  const contentType = /\s@contentType\(([^)]*)\)\s*$/.exec(first);
  if (contentType)
    return {
      text: first.slice(0, contentType.index).trim(),
      annotations: [{ name: 'contentType', arg: contentType[1]!.trim() }],
    };
  // `'''inline'''` on one line is a value in quotes, as Bruno reads it.
  const inline = /^'''([\s\S]*)'''$/.exec(first);
  return { text: inline ? inline[1]! : first, annotations: [] };
}

function trailingAnnotations(at: Lines, text: string): BruAnnotation[] {
  const out: BruAnnotation[] = [];
  let rest = text.trim();
  while (ANNOTATION.test(rest)) {
    const read = annotation(at, rest);
    out.push(read.annotation);
    rest = read.rest.trim();
  }
  if (rest !== '') at.fail(`unexpected ${JSON.stringify(rest)} after a ''' value`);
  return out;
}

/** Bruno indents a `'''` value's lines four spaces (two for the block, two for the value). */
function outdent(lines: string[]): string {
  return lines.map((l) => l.replace(/^ {1,4}/, '')).join('\n');
}

/**
 * One `@name`, `@name(arg)`, `@name('…')`, `@name("…")` or `@name('''…''')` (whose argument
 * may run over the next lines) at the start of `text`; moves the cursor past the lines it took.
 */
function annotation(at: Lines, text: string): { annotation: BruAnnotation; rest: string } {
  const name = ANNOTATION.exec(text)![1]!;
  let rest = text.slice(name.length + 1);
  if (!rest.startsWith('(')) return { annotation: { name }, rest };
  rest = rest.slice(1);
  const opened = at.i + 1;
  if (rest.startsWith(TRIPLE)) {
    const lines: string[] = [];
    let line = rest.slice(3);
    for (;;) {
      const close = line.indexOf(TRIPLE);
      if (close !== -1) {
        lines.push(line.slice(0, close));
        const after = line.slice(close + 3).trimStart();
        if (!after.startsWith(')')) at.fail(`@${name}('''…''') is not closed with )`);
        const arg = outdent(lines)
          .replace(/^\n/, '')
          .replace(/\n\s*$/, '');
        return { annotation: { name, arg }, rest: after.slice(1) };
      }
      lines.push(line);
      at.i++;
      if (at.i >= at.lines.length) return at.fail(`@${name}('''… is never closed`, opened);
      line = at.lines[at.i]!;
    }
  }
  const quote = rest[0];
  if (quote === "'" || quote === '"') {
    const end = rest.indexOf(`${quote})`, 1);
    if (end === -1) at.fail(`@${name}(${quote}… is not closed with ${quote})`);
    return { annotation: { name, arg: rest.slice(1, end) }, rest: rest.slice(end + 2) };
  }
  const end = rest.indexOf(')');
  if (end === -1) at.fail(`@${name}(… is not closed with )`);
  return { annotation: { name, arg: rest.slice(0, end).trim() }, rest: rest.slice(end + 1) };
}
