/**
 * Turns what a model's source declares (`completed!: boolean`, `tags?: string[]`,
 * `priority!: 'low' | 'high'`) into a wire type; `@Field({ type })` and `design:type` fill in
 * for compiled `.js` models, which carry no declarations.
 */
import type { FieldOptions } from '../metadata/types.js';
import type { TypeExpr } from './declarations.js';
import { type FieldType, MAX_OBJECT_DEPTH, type ObjectMember } from './schema.js';

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
  /** `reason`: what is wrong inside an object type, with the member's path. */
  | { readonly kind: 'unsupported'; readonly text: string; readonly reason?: string }
  | { readonly kind: 'none' };

/** Where a member sits: its dotted path, and the named object types it is inside. */
interface Place {
  readonly path: string;
  readonly enclosing: readonly string[];
  readonly depth: number;
  /** The first thing inside an object type no field can hold, said with the member's path. */
  readonly problem: { message?: string };
}

function memberProblem(expr: TypeExpr, place: Place): string {
  const name =
    expr.kind === 'reference'
      ? expr.name
      : expr.kind === 'array' && expr.element.kind === 'reference'
        ? expr.element.name
        : undefined;
  if (name !== undefined && place.enclosing.includes(name)) {
    return `${place.path} refers back to ${name}: an object field cannot contain itself; make ${name} a @Rest model and relate it with @BelongTo`;
  }
  if (name !== undefined) {
    return `${place.path}: the type ${name} is not a JSON type (a model inside an object field cannot be a relation; declare it as an interface or a class without @Rest)`;
  }
  const text = expr.kind === 'unsupported' ? expr.text : expr.kind;
  return `${place.path}: the type ${text} is not supported`;
}

/** The object type, or `undefined` with `place.problem` saying what inside it is wrong. */
function objectType(
  expr: Extract<TypeExpr, { kind: 'object' }>,
  place: Place,
): FieldType | undefined {
  if (place.depth > MAX_OBJECT_DEPTH) {
    place.problem.message = `${place.path} nests objects deeper than ${MAX_OBJECT_DEPTH} levels`;
    return undefined;
  }
  const enclosing = expr.name === undefined ? place.enclosing : [...place.enclosing, expr.name];
  const fields: ObjectMember[] = [];
  for (const property of expr.properties) {
    const nullable = property.type.kind === 'nullable';
    const inner = property.type.kind === 'nullable' ? property.type.inner : property.type;
    const at: Place = {
      path: `${place.path}.${property.name}`,
      enclosing,
      depth: place.depth + 1,
      problem: place.problem,
    };
    const type = valueType(inner, at);
    if (type === undefined) {
      // The innermost problem is the one to name; a member that is simply no type says so.
      place.problem.message ??= memberProblem(inner, at);
      return undefined;
    }
    fields.push({ name: property.name, type, optional: property.optional, nullable });
  }
  return { kind: 'object', fields };
}

function valueType(expr: TypeExpr, place: Place): FieldType | undefined {
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
      const element = valueType(expr.element, place);
      return element && { kind: 'array', element };
    }
    case 'object':
      return objectType(expr, place);
    default:
      return undefined;
  }
}

function describe(expr: TypeExpr): string {
  if (expr.kind === 'object') return expr.name ?? 'object';
  return expr.kind === 'unsupported' ? expr.text : expr.kind;
}

/** Reads a source declaration's type; `field` names it in what an object type's problems say. */
export function fromTypeExpr(expr: TypeExpr, field = 'value'): DeclaredType {
  if (expr.kind === 'none') return { kind: 'none' };
  const nullable = expr.kind === 'nullable';
  const inner = expr.kind === 'nullable' ? expr.inner : expr;
  if (inner.kind === 'reference')
    return { kind: 'reference', name: inner.name, array: false, nullable };
  if (inner.kind === 'array' && inner.element.kind === 'reference') {
    return { kind: 'reference', name: inner.element.name, array: true, nullable };
  }
  const problem: { message?: string } = {};
  const type = valueType(inner, { path: field, enclosing: [], depth: 1, problem });
  if (type) return { kind: 'value', type, nullable };
  const reason = problem.message;
  return {
    kind: 'unsupported',
    text: describe(inner),
    ...(reason === undefined ? {} : { reason }),
  };
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
  field = 'value',
): DeclaredType {
  const fromSource = declared ? fromTypeExpr(declared, field) : ({ kind: 'none' } as const);
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
