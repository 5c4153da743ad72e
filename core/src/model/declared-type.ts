/**
 * Turns what a model's source declares (`completed!: boolean`, `tags?: string[]`,
 * `priority!: 'low' | 'high'`) into a wire type; `@Field({ type })` and `design:type` fill in
 * for compiled `.js` models, which carry no declarations.
 */
import type { FieldOptions } from '../metadata/types.js';
import type { TypeExpr } from './declarations.js';
import type { FieldType } from './schema.js';

/** A declared type, resolved as far as the field itself can tell. */
export type DeclaredType =
  | { readonly kind: 'value'; readonly type: FieldType; readonly nullable: boolean }
  /** Another class by name (a relation's target), possibly as an array. */
  | {
      readonly kind: 'reference';
      readonly name: string;
      readonly array: boolean;
      readonly nullable: boolean;
    }
  | { readonly kind: 'unsupported'; readonly text: string }
  | { readonly kind: 'none' };

function valueType(expr: TypeExpr): FieldType | undefined {
  switch (expr.kind) {
    case 'string':
      return { kind: 'string' };
    case 'number':
      return { kind: 'number', integer: false };
    case 'boolean':
      return { kind: 'boolean' };
    case 'date':
      return { kind: 'date' };
    case 'enum':
      return { kind: 'enum', values: expr.values };
    case 'array': {
      const element = valueType(expr.element);
      return element && { kind: 'array', element };
    }
    default:
      return undefined;
  }
}

function describe(expr: TypeExpr): string {
  return expr.kind === 'unsupported' ? expr.text : expr.kind;
}

/** Reads a source declaration's type. */
export function fromTypeExpr(expr: TypeExpr): DeclaredType {
  if (expr.kind === 'none') return { kind: 'none' };
  const nullable = expr.kind === 'nullable';
  const inner = expr.kind === 'nullable' ? expr.inner : expr;
  if (inner.kind === 'reference')
    return { kind: 'reference', name: inner.name, array: false, nullable };
  if (inner.kind === 'array' && inner.element.kind === 'reference') {
    return { kind: 'reference', name: inner.element.name, array: true, nullable };
  }
  const type = valueType(inner);
  if (type) return { kind: 'value', type, nullable };
  return { kind: 'unsupported', text: describe(inner) };
}

function fromRuleType(rules: FieldOptions): FieldType | undefined {
  const t = rules.type;
  if (t === undefined) return undefined;
  let base: FieldType;
  if (Array.isArray(t)) base = { kind: 'enum', values: [...t] as string[] };
  else if (t === 'integer') base = { kind: 'number', integer: true };
  else if (t === 'number') base = { kind: 'number', integer: false };
  else base = { kind: t as 'string' | 'boolean' | 'date' };
  return rules.array ? { kind: 'array', element: base } : base;
}

/** `design:type` as emitted by `tsc`: only the four constructors say enough. */
function fromDesignType(designType: unknown): FieldType | undefined {
  if (designType === String) return { kind: 'string' };
  if (designType === Number) return { kind: 'number', integer: false };
  if (designType === Boolean) return { kind: 'boolean' };
  if (designType === Date) return { kind: 'date' };
  return undefined;
}

/**
 * The field's type: the source declaration first, then `@Field({ type })`, then
 * `design:type`. An explicit `@Field({ type: 'integer' })` narrows a declared `number`.
 */
export function resolveDeclaredType(
  declared: TypeExpr | undefined,
  rules: FieldOptions | undefined,
  designType: unknown,
): DeclaredType {
  const fromSource = declared ? fromTypeExpr(declared) : ({ kind: 'none' } as const);
  const fromRules = rules ? fromRuleType(rules) : undefined;
  if (fromSource.kind === 'value') {
    if (fromRules?.kind === 'number' && fromSource.type.kind === 'number') {
      return { ...fromSource, type: fromRules };
    }
    return fromSource;
  }
  if (fromSource.kind === 'reference') return fromSource;
  if (fromRules) return { kind: 'value', type: fromRules, nullable: rules?.nullable ?? false };
  const fromDesign = fromDesignType(designType);
  if (fromDesign) return { kind: 'value', type: fromDesign, nullable: false };
  return fromSource;
}
