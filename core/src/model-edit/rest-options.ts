/**
 * Opening or closing a model (issue 42): `open: true` in its class's `@Rest(...)` options,
 * added or removed; the other options (`path`) and the decorator's place stay as written.
 */
import type * as TS from 'typescript';

import ts from '../loader/typescript.js';
import {
  applySplices,
  decoratorName,
  decoratorsOf,
  findClass,
  ModelEditError,
  parse,
} from './source-text.js';

function isOpenProperty(p: TS.ObjectLiteralElementLike): p is TS.PropertyAssignment {
  return (
    ts.isPropertyAssignment(p) &&
    (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) &&
    p.name.text === 'open'
  );
}

/** The text with `model`'s `@Rest` saying `open: true` (`open`) or not saying it. */
export function setRestOpen(text: string, model: string, open: boolean): string {
  const source = parse(text);
  const cls = findClass(source, model);
  const rest = decoratorsOf(cls).find((d) => decoratorName(d) === 'Rest');
  if (!rest) throw new ModelEditError(`${model} has no @Rest decorator`);
  const call = ts.isCallExpression(rest.expression) ? rest.expression : undefined;
  const arg = call?.arguments[0];
  if (arg !== undefined && !ts.isObjectLiteralExpression(arg))
    throw new ModelEditError(`${model}'s @Rest options are not an object literal`);
  const props = arg?.properties ?? ts.factory.createNodeArray<TS.ObjectLiteralElementLike>();
  const existing = props.find(isOpenProperty);
  if (open) {
    if (existing) {
      if (existing.initializer.kind === ts.SyntaxKind.TrueKeyword) return text;
      const at = existing.initializer;
      return applySplices(text, [{ start: at.getStart(source), end: at.getEnd(), text: 'true' }]);
    }
    if (call === undefined)
      return applySplices(text, [
        { start: rest.getEnd(), end: rest.getEnd(), text: '({ open: true })' },
      ]);
    if (arg === undefined) {
      const close = call.getEnd() - 1; // the `)`
      return applySplices(text, [{ start: close, end: close, text: '{ open: true }' }]);
    }
    const last = props[props.length - 1];
    if (last === undefined) {
      const inner = arg.getStart(source) + 1;
      return applySplices(text, [{ start: inner, end: arg.getEnd() - 1, text: ' open: true ' }]);
    }
    return applySplices(text, [{ start: last.getEnd(), end: last.getEnd(), text: ', open: true' }]);
  }
  if (!existing) return text;
  if (props.length === 1 && call !== undefined && arg !== undefined) {
    // The only option: `@Rest()` as a new model without options is written.
    return applySplices(text, [{ start: arg.getStart(source), end: call.arguments.end, text: '' }]);
  }
  // One option among others: it and the separator before (or after, when first) go.
  const index = props.indexOf(existing);
  const start = index === 0 ? existing.getStart(source) : props[index - 1]!.getEnd();
  const end = index === 0 ? props[1]!.getStart(source) : existing.getEnd();
  return applySplices(text, [{ start, end, text: '' }]);
}
