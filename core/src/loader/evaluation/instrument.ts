/**
 * The loop marks (issue 18) and class sites the loader needs, written into the SOURCE text before
 * it is transpiled, so no compiler has to be loaded to add them (issue 27): oxc-parser gives the
 * positions, the text is inserted there, and the transpiler's source map is then shifted back
 * ({@link restoreColumns}) so every position names the column the user wrote.
 *
 * Nothing inserted holds a line break: lines stay where they were.
 *
 * - Loops: the first thing in each iteration is `__decorestLoop.at = "<decorest:file>:LINE";`
 *   (a body that is not a block is wrapped in one). See `loop-transformer.ts`.
 * - Classes: after each class-defining statement, `;__decorestSite(Name, LINE, "Name");`. A
 *   legacy-decorated class is rebound right after its declaration (`User = _ts_decorate(…)`), so
 *   a statement that follows it in the source sees the final binding. The same syntax decides
 *   what defines a class as `declarations/class-nodes.ts` does, at the same line.
 */
import type { ParseResult } from 'oxc-parser';

import { requireCjs } from '../../require-cjs.js';
import { LOOP_FILE, LOOP_MARKER } from './loop-transformer.js';
import { SITE_FUNCTION } from './site-transformer.js';

// Loaded on the first transpile, not at start-up: a start served from the cache needs no parser.
const oxc = (): typeof import('oxc-parser') =>
  requireCjs('oxc-parser') as typeof import('oxc-parser');

/** Text put in the source at `at` (a UTF-16 offset into the original). */
export interface Insertion {
  readonly at: number;
  readonly text: string;
}

export interface Instrumented {
  /** The source with every insertion made. */
  readonly code: string;
  readonly insertions: readonly Insertion[];
  /** Whether the file has `import`/`export` syntax. */
  readonly isModule: boolean;
  /** Where each decorated class (`Name`) and member (`Name\0key`) is, in source order. */
  readonly decorated: ReadonlyMap<string, readonly [number, number][]>;
}

/** A syntax error the parser found: message and 0-based offset. */
export interface ParseProblem {
  readonly message: string;
  readonly offset: number | undefined;
}

type Node = { readonly type: string; readonly start: number; readonly end: number } & Record<
  string,
  unknown
>;

const LOOPS = new Set([
  'ForStatement',
  'ForInStatement',
  'ForOfStatement',
  'WhileStatement',
  'DoWhileStatement',
]);
const LOOP_KEYWORD = /\b(?:for|while|do)\b/;
const WRAPPERS = new Set([
  'ParenthesizedExpression',
  'TSAsExpression',
  'TSSatisfiesExpression',
  'TSNonNullExpression',
]);

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

/** 0-based start offsets of each line. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** 0-based line and column of `offset`. */
export function positionOf(starts: readonly number[], offset: number): [number, number] {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return [low, offset - starts[low]!];
}

/**
 * Parses `source` (`lang` by the file's extension) and inserts the marks, or returns the parser's
 * syntax errors.
 */
export function instrument(
  source: string,
  file: string,
  lang: 'ts' | 'js',
): Instrumented | { errors: ParseProblem[] } {
  const result: ParseResult = oxc().parseSync(file, source, { lang, sourceType: 'unambiguous' });
  if (result.errors.length > 0) {
    return {
      errors: result.errors.map((e) => ({ message: e.message, offset: e.labels[0]?.start })),
    };
  }
  const starts = lineStarts(source);
  const lineOf = (offset: number) => positionOf(starts, offset)[0] + 1;
  const insertions: Insertion[] = [];
  const markLoops = LOOP_KEYWORD.test(source);
  const decorated = new Map<string, [number, number][]>();
  const noteDecorated = (key: string, at: number) => {
    const list = decorated.get(key) ?? [];
    list.push(positionOf(starts, at));
    decorated.set(key, list);
  };
  const hasDecorators = (node: Node) =>
    ((node['decorators'] as Node[] | undefined) ?? []).length > 0;
  // The legacy-decorator calls the transpiler adds after a class map nowhere; they are given the
  // place of what they decorate (see `fillDecoratorLines`).
  const noteClass = (node: Node) => {
    const id = node['id'] as Node | null;
    if (!id) return;
    const name = id['name'] as string;
    if (hasDecorators(node)) noteDecorated(name, id.start);
    for (const member of (node['body'] as { body: Node[] }).body) {
      const key = member['key'] as Node | undefined;
      const params = ((member['value'] as Node | null)?.['params'] as Node[] | undefined) ?? [];
      if (!key || member['computed'] === true) continue;
      if (!hasDecorators(member) && !params.some(hasDecorators)) continue;
      const keyName = key.type === 'Identifier' ? key['name'] : key['value'];
      if (typeof keyName === 'string') noteDecorated(`${name}\0${keyName}`, key.start);
    }
  };

  const loopMark = (loop: Node) =>
    `${LOOP_MARKER}.at = ${JSON.stringify(`${LOOP_FILE}:${lineOf(loop.start)}`)};`;
  const site = (target: string, line: number, name: string, rebound: boolean) =>
    `;${SITE_FUNCTION}(${target}, ${line}, ${JSON.stringify(name)}${rebound ? ', true' : ''});`;

  const markLoop = (loop: Node) => {
    const body = loop['body'] as Node;
    if (body.type === 'BlockStatement') {
      insertions.push({ at: body.start + 1, text: loopMark(loop) });
    } else {
      insertions.push({ at: body.start, text: `{${loopMark(loop)}` });
      insertions.push({ at: body.end, text: '}' });
    }
  };

  // The line of a class: its name, else the `class` keyword (as `classNodeOf` reports it).
  const classLine = (node: Node): number => {
    const id = node['id'] as Node | null;
    if (id) return lineOf(id.start);
    const decorators = (node['decorators'] as Node[] | undefined) ?? [];
    const from = decorators.length > 0 ? decorators.at(-1)!.end : node.start;
    const keyword = /\bclass\b/g;
    keyword.lastIndex = from;
    return lineOf(keyword.exec(source)?.index ?? node.start);
  };

  const addSites = (statements: readonly Node[]) => {
    const variableClasses = new Map<string, number>();
    for (const statement of statements) {
      const inner =
        (statement.type === 'ExportNamedDeclaration' ||
          statement.type === 'ExportDefaultDeclaration') &&
        isNode(statement['declaration'])
          ? statement['declaration']
          : statement;
      if (inner.type === 'ClassDeclaration') {
        if (inner['declare'] === true) continue;
        const id = inner['id'] as { name: string } | null;
        // An anonymous `export default class {}` is reached through its export.
        const target = id ? id.name : 'exports.default';
        insertions.push({
          at: statement.end,
          text: site(target, classLine(inner), id ? id.name : 'default', false),
        });
      } else if (inner.type === 'VariableDeclaration') {
        if (inner['declare'] === true) continue;
        const added: string[] = [];
        for (const declaration of inner['declarations'] as Node[]) {
          const id = declaration['id'] as Node;
          let init = declaration['init'] as Node | null;
          while (init && WRAPPERS.has(init.type)) init = init['expression'] as Node;
          if (id.type !== 'Identifier' || init?.type !== 'ClassExpression') continue;
          const name = id['name'] as string;
          const classId = init['id'] as Node | null;
          const line = lineOf(classId ? classId.start : id.start);
          variableClasses.set(name, line);
          added.push(site(name, line, name, false));
        }
        if (added.length > 0) insertions.push({ at: statement.end, text: added.join('') });
      } else if (variableClasses.size > 0 && statement.type === 'ExpressionStatement') {
        // `exports.X = X = __decorate([...], X)`: the binding is reassigned.
        let expression = statement['expression'] as Node;
        while (expression.type === 'AssignmentExpression' && expression['operator'] === '=') {
          const left = expression['left'] as Node;
          const name = left.type === 'Identifier' ? (left['name'] as string) : undefined;
          if (name !== undefined && variableClasses.has(name)) {
            insertions.push({
              at: statement.end,
              text: site(name, variableClasses.get(name)!, name, true),
            });
            break;
          }
          expression = expression['right'] as Node;
        }
      }
    }
  };

  const visit = (node: Node) => {
    // Ambient code has no runtime value: no classes to report, no loops to run.
    if (node['declare'] === true) return;
    if (markLoops && LOOPS.has(node.type)) markLoop(node);
    if (node.type === 'ClassDeclaration' || node.type === 'ClassExpression') noteClass(node);
    switch (node.type) {
      case 'Program':
      case 'BlockStatement':
      case 'StaticBlock':
      case 'TSModuleBlock':
        addSites(node['body'] as Node[]);
        break;
      case 'SwitchCase':
        addSites(node['consequent'] as Node[]);
        break;
    }
    for (const key in node) {
      const value = node[key];
      if (Array.isArray(value)) {
        for (const child of value) if (isNode(child)) visit(child);
      } else if (isNode(value)) {
        visit(value);
      }
    }
  };
  visit(result.program as unknown as Node);

  if (insertions.length === 0) {
    return { code: source, insertions, isModule: result.module.hasModuleSyntax, decorated };
  }
  // Stable: insertions at one offset keep the order they were found in (outer loops first).
  insertions.sort((a, b) => a.at - b.at);
  let code = '';
  let last = 0;
  for (const { at, text } of insertions) {
    code += source.slice(last, at) + text;
    last = at;
  }
  code += source.slice(last);
  return { code, insertions, isModule: result.module.hasModuleSyntax, decorated };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

function encode(value: number): string {
  let vlq = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = '';
  do {
    let digit = vlq & 31;
    vlq >>>= 5;
    if (vlq > 0) digit |= 32;
    out += BASE64[digit];
  } while (vlq > 0);
  return out;
}

/** The segments of a `mappings` string: per generated line, arrays of absolute fields. */
function decodeMappings(mappings: string): number[][][] {
  const lines: number[][][] = [];
  const state = [0, 0, 0, 0, 0];
  for (const lineText of mappings.split(';')) {
    const segments: number[][] = [];
    state[0] = 0;
    for (const segmentText of lineText.split(',')) {
      if (segmentText === '') continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segmentText) {
        const digit = DIGIT.get(char)!;
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          const field = fields.length;
          state[field] = state[field]! + (value & 1 ? -(value >>> 1) : value >>> 1);
          fields.push(state[field]!);
          value = 0;
          shift = 0;
        }
      }
      segments.push(fields);
    }
    lines.push(segments);
  }
  return lines;
}

function encodeMappings(lines: readonly (readonly (readonly number[])[])[]): string {
  const state = [0, 0, 0, 0, 0];
  return lines
    .map((segments) => {
      state[0] = 0;
      return segments
        .map((fields) =>
          fields
            .map((value, i) => {
              const text = encode(value - state[i]!);
              state[i] = value;
              return text;
            })
            .join(''),
        )
        .join(',');
    })
    .join(';');
}

/** Columns after an insertion move back by its length; inside inserted text, to where it was. */
function restoreColumns(lines: number[][][], source: string, insertions: readonly Insertion[]) {
  if (insertions.length === 0) return;
  const starts = lineStarts(source);
  // Per original line: [column in the instrumented line where the text starts, its length,
  // original column], in order.
  const byLine = new Map<number, [number, number, number][]>();
  let shiftOnLine = 0;
  let currentLine = -1;
  for (const { at, text } of insertions) {
    const [line, column] = positionOf(starts, at);
    if (line !== currentLine) {
      currentLine = line;
      shiftOnLine = 0;
    }
    const list = byLine.get(line) ?? [];
    list.push([column + shiftOnLine, text.length, column]);
    byLine.set(line, list);
    shiftOnLine += text.length;
  }
  for (const segments of lines) {
    for (const fields of segments) {
      if (fields.length < 4) continue;
      const list = byLine.get(fields[2]!);
      if (!list) continue;
      const column = fields[3]!;
      let shift = 0;
      let original: number | undefined;
      for (const [start, length, at] of list) {
        if (column < start) break;
        if (column < start + length) {
          original = at;
          break;
        }
        shift += length;
      }
      fields[3] = original ?? column - shift;
    }
  }
}

const CLASS_DECORATE = /^\s*([\w$]+) = _ts_decorate\(\[$/;
const MEMBER_DECORATE = /^\s*_ts_decorate\(\[$/;
const CLASS_END = /^\s*\], ([\w$]+)\);$/;
const MEMBER_END =
  /^\s*\], ([\w$]+)(?:\.prototype)?, ("(?:[^"\\]|\\.)*"|[\w$]+), (?:void 0|null|undefined)\);$/;

/**
 * The transpiler maps none of the lines of its legacy-decorator calls (`User = _ts_decorate([…],
 * User)`): each unmapped line of one is given the place of what it decorates, the class's name or
 * the member's key, so a decorator that throws is blamed on the decorated class (as it was).
 */
function fillDecoratorLines(
  lines: number[][][],
  code: string,
  decorated: ReadonlyMap<string, readonly [number, number][]>,
) {
  if (decorated.size === 0) return;
  const used = new Map<string, number>();
  const generated = code.split('\n');
  for (let start = 0; start < generated.length; start++) {
    if (!CLASS_DECORATE.test(generated[start]!) && !MEMBER_DECORATE.test(generated[start]!)) {
      continue;
    }
    let end = start + 1;
    let key: string | undefined;
    for (; end < generated.length && end < start + 200; end++) {
      const classEnd = CLASS_END.exec(generated[end]!);
      const memberEnd = classEnd ? null : MEMBER_END.exec(generated[end]!);
      if (classEnd) key = classEnd[1]!;
      else if (memberEnd) {
        const name = memberEnd[2]!.startsWith('"')
          ? (JSON.parse(memberEnd[2]!) as string)
          : memberEnd[2]!;
        key = `${memberEnd[1]}\0${name}`;
      }
      if (key !== undefined) break;
    }
    const places = key === undefined ? undefined : decorated.get(key);
    const index = key === undefined ? 0 : (used.get(key) ?? 0);
    const place = places?.[Math.min(index, places.length - 1)];
    if (key === undefined || !place) continue;
    used.set(key, index + 1);
    for (let line = start; line <= end; line++) {
      while (lines.length <= line) lines.push([]);
      if (lines[line]!.length > 0) continue;
      const indent = /^\s*/.exec(generated[line]!)![0].length;
      lines[line]!.push([indent, 0, place[0], place[1]]);
    }
    start = end;
  }
}

/**
 * `rawMap` (from the transpiled code to the instrumented source) made to point at the original
 * source, with the decorator calls mapped (see {@link fillDecoratorLines}).
 */
export function finishMap(
  rawMap: string,
  code: string,
  source: string,
  instrumented: Pick<Instrumented, 'insertions' | 'decorated'>,
): string {
  if (instrumented.insertions.length === 0 && instrumented.decorated.size === 0) return rawMap;
  const map = JSON.parse(rawMap) as { mappings: string };
  const lines = decodeMappings(map.mappings);
  restoreColumns(lines, source, instrumented.insertions);
  fillDecoratorLines(lines, code, instrumented.decorated);
  map.mappings = encodeMappings(lines);
  return JSON.stringify(map);
}
