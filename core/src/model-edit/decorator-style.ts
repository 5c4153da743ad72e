/**
 * How a project writes its decorators (issue 23): bare (`@Rest`) or called (`@Rest()`), and a
 * member's decorator on its own line or on the member's line (`@HasMany books!: Book[]`).
 * Counted per decorator name, since a file may write `@Field({ ... })` above a field and
 * `@BelongTo author?: Author` on one line; a decorator the file never uses follows the file's
 * other decorators, then the project's, then the examples (bare, own line).
 */
import type * as TS from 'typescript';

import ts from '../loader/typescript.js';
import { decoratorName, parse } from './source-text.js';

/** Counts of each way of writing, per decorator name. */
export interface DecoratorVotes {
  /** `@X()` against bare `@X`; a call with arguments says nothing. */
  readonly called: ReadonlyMap<string, Tally>;
  /** On the member's line against on a line of its own (member decorators only). */
  readonly inline: ReadonlyMap<string, Tally>;
}

/** `[yes, no]`. */
export type Tally = readonly [number, number];

export const NO_VOTES: DecoratorVotes = { called: new Map(), inline: new Map() };

function add(map: Map<string, Tally>, name: string, yes: boolean): void {
  const [y, n] = map.get(name) ?? [0, 0];
  map.set(name, yes ? [y + 1, n] : [y, n + 1]);
}

function lineOf(source: TS.SourceFile, at: number): number {
  return source.getLineAndCharacterOfPosition(at).line;
}

/** The votes of the files `texts`. */
export function countDecorators(texts: readonly string[]): DecoratorVotes {
  const called = new Map<string, Tally>();
  const inline = new Map<string, Tally>();
  for (const text of texts) {
    if (!text.includes('@')) continue;
    const source = parse(text);
    const visit = (node: TS.Node): void => {
      if (ts.isDecorator(node)) {
        const name = decoratorName(node);
        const e = node.expression;
        const withoutArguments = ts.isCallExpression(e) && e.arguments.length === 0;
        if (name !== undefined && (ts.isIdentifier(e) || withoutArguments))
          add(called, name, withoutArguments);
        const member = node.parent;
        if (name !== undefined && ts.isPropertyDeclaration(member))
          add(
            inline,
            name,
            lineOf(source, node.getEnd()) === lineOf(source, member.name.getStart(source)),
          );
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { called, inline };
}

function decided([yes, no]: Tally): boolean | undefined {
  return yes === no ? undefined : yes > no;
}

/** `name`'s own tally, else every name's together; `undefined` when neither decides. */
function verdict(map: ReadonlyMap<string, Tally>, name: string): boolean | undefined {
  const own = map.get(name);
  const all = [...map.values()].reduce<Tally>(([a, b], [y, n]) => [a + y, b + n], [0, 0]);
  return (own === undefined ? undefined : decided(own)) ?? decided(all);
}

/** `@Rest` or `@Rest()`, as the file `text` (or else the project) writes them. */
export function decoratorText(name: string, project: DecoratorVotes, text?: string): string {
  const file = text === undefined ? undefined : countDecorators([text]).called;
  const called =
    (file === undefined ? undefined : verdict(file, name)) ?? verdict(project.called, name);
  return called === true ? `@${name}()` : `@${name}`;
}

/** Whether a member's `@name` goes on the member's line in the file `text` (or the project). */
export function inlineDecorator(name: string, project: DecoratorVotes, text: string): boolean {
  return verdict(countDecorators([text]).inline, name) ?? verdict(project.inline, name) ?? false;
}
