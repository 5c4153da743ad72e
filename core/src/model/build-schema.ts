/**
 * Builds every model's schema from a loaded project: `@Rest` classes, the fields their
 * sources declare (inherited ones included), `@Field` rules and relations. The only reader
 * of decorator metadata besides the application mount (STYLE.md: one inspector).
 */
import type { FieldRules } from '../contract/control-api.js';
import { LOAD_ERROR_CODES as CODES, LoadError } from '../errors.js';
import { classChain, inspector } from '../metadata/inspector.js';
import type { AnyClass, FieldOptions, RelationMetadata } from '../metadata/types.js';
import { expandClassTypes } from './class-object-types.js';
import type { DeclarationSource } from './declaration-source.js';
import type { PropertyDeclaration } from './declarations.js';
import { resolveDeclaredType } from './declared-type.js';
import { defaultModelPath, MODEL_PATH_PATTERN } from './naming.js';
import { type PendingRelation, resolveRelations } from './resolve-relations.js';
import { ruleProblem } from './rule-problem.js';
import type { FieldSchema, ModelSchema } from './schema.js';
import { nearTypeName } from './type-typos.js';

/** A property as the chain of classes declares it. */
interface PropertySite {
  readonly name: string;
  readonly declaration: PropertyDeclaration | undefined;
  readonly declaredIn: AnyClass;
  readonly file: string;
  readonly line: number;
}

function collectProperties(ctor: AnyClass, source: DeclarationSource): Map<string, PropertySite> {
  const properties = new Map<string, PropertySite>();
  for (const c of classChain(ctor)) {
    const site = source.siteOf(c);
    if (!site) continue;
    for (const p of site.declaration?.properties ?? []) {
      // A subclass redeclaring a field narrows it; it keeps its place in the order.
      properties.set(p.name, {
        name: p.name,
        declaration: p,
        declaredIn: c,
        file: site.file,
        line: p.line,
      });
    }
  }
  const site = source.siteOf(ctor);
  const extra = [
    ...Object.keys(inspector.fieldRules(ctor)),
    ...Object.keys(inspector.relations(ctor)),
  ];
  for (const name of extra) {
    if (!properties.has(name)) {
      properties.set(name, {
        name,
        declaration: undefined,
        declaredIn: ctor,
        file: site?.file ?? '<unknown>',
        line: site?.line ?? 0,
      });
    }
  }
  return properties;
}

function constraintsOf(rules: FieldOptions | undefined): FieldRules {
  if (!rules) return {};
  const c: FieldRules = {};
  if (rules.min !== undefined) c.min = rules.min;
  if (rules.max !== undefined) c.max = rules.max;
  if (rules.minLength !== undefined) c.minLength = rules.minLength;
  if (rules.maxLength !== undefined) c.maxLength = rules.maxLength;
  if (rules.pattern !== undefined)
    c.pattern = typeof rules.pattern === 'string' ? rules.pattern : rules.pattern.source;
  if (rules.format !== undefined) c.format = rules.format;
  return c;
}

function fail(code: string, p: PropertySite, model: string, reason: string): never {
  throw new LoadError(code, { file: p.file, line: p.line }, `${model}.${p.name}: ${reason}`);
}

function buildOne(
  ctor: AnyClass,
  source: DeclarationSource,
  pending: PendingRelation[],
): ModelSchema {
  const name = ctor.name;
  const site = source.siteOf(ctor);
  const file = site?.file ?? '<unknown>';
  const line = site?.line ?? 0;
  const allRules = inspector.fieldRules(ctor);
  const relations: Record<string, RelationMetadata> = inspector.relations(ctor);
  const fields: FieldSchema[] = [];
  let idKind: 'number' | 'string' = 'number';

  for (const p of collectProperties(ctor, source).values()) {
    const rules = allRules[p.name];
    const badRule = ruleProblem(rules);
    if (badRule !== undefined) fail(CODES.BAD_FIELD_RULE, p, name, badRule);
    const index: unknown = rules?.index;
    if (index !== undefined && typeof index !== 'boolean')
      fail(CODES.BAD_FIELD_RULE, p, name, `index must be true or false, got ${String(index)}`);
    const relation = relations[p.name];
    const declared = p.declaration?.type;
    const resolved = resolveDeclaredType(
      // A relation's class stays a name; any other class without @Rest is an object type.
      declared && !relation ? expandClassTypes(declared, p.file, source) : declared,
      rules,
      inspector.designType(ctor, p.name),
      p.name,
    );
    if (relation) {
      pending.push({ model: name, ctor, property: p, relation, declared: resolved });
      continue;
    }
    if (p.name === 'id') {
      if (resolved.kind === 'value' && resolved.type.kind === 'string') idKind = 'string';
      else if (resolved.kind === 'value' && resolved.type.kind !== 'number') {
        fail(CODES.UNSUPPORTED_FIELD_TYPE, p, name, 'an id is declared number or string');
      }
      continue;
    }
    if (resolved.kind === 'reference') {
      // A class in scope is what its design type names; a typo of `boolean` names nothing.
      const runtime: unknown = inspector.designType(ctor, p.name);
      const inScope = typeof runtime === 'function' && runtime.name === resolved.name;
      const meant = inScope ? undefined : nearTypeName(resolved.name);
      fail(
        CODES.UNSUPPORTED_FIELD_TYPE,
        p,
        name,
        meant
          ? `the type ${resolved.name} is not a type this field can have: did you mean ${meant}?`
          : `the type ${resolved.name} is a class: mark the field @BelongTo (one) or @HasMany (a list), or give it a JSON type`,
      );
    }
    if (resolved.kind === 'unsupported' && resolved.reason !== undefined) {
      fail(CODES.UNSUPPORTED_FIELD_TYPE, p, name, resolved.reason);
    }
    if (resolved.kind !== 'value') {
      const what =
        resolved.kind === 'unsupported'
          ? `the type ${resolved.text} is not supported`
          : 'the field has no type';
      fail(
        CODES.UNSUPPORTED_FIELD_TYPE,
        p,
        name,
        `${what}; use string, number, boolean, Date, a string-literal union, an object type ({ … }, an interface or a class without @Rest), T | null or an array of these, or declare it with @Field({ type })`,
      );
    }
    const field: FieldSchema = {
      name: p.name,
      type: resolved.type,
      optional: p.declaration ? p.declaration.optional : (rules?.optional ?? false),
      nullable: resolved.nullable,
      constraints: constraintsOf(rules),
      declaredIn: p.declaredIn.name,
      ...(rules?.default !== undefined ? { default: rules.default } : {}),
      ...(rules?.index === false ? { index: false as const } : {}),
    };
    fields.push(field);
  }

  const rest = inspector.rest(ctor)!;
  const path = rest.path ?? defaultModelPath(name);
  if (!MODEL_PATH_PATTERN.test(path)) {
    throw new LoadError(
      CODES.BAD_MODEL_PATH,
      { file, line },
      `${name}: the path ${JSON.stringify(path)} must be one URL segment of letters, digits, "-" and "_"`,
    );
  }
  return {
    name,
    ctor,
    path,
    idKind,
    fields,
    relations: [],
    ...(rest.open ? { open: true } : {}),
    dataSource: inspector.fromDataSource(ctor)?.name,
    file,
    line,
  };
}

/**
 * The schemas of every `@Rest` model of a project, in definition order. Throws a
 * {@link LoadError} naming file, line and `Model.field` for anything it cannot serve.
 */

export function buildModelSchemas(source: DeclarationSource): ModelSchema[] {
  const pending: PendingRelation[] = [];
  const models = source.classes
    .filter((c) => inspector.rest(c) !== undefined)
    .map((c) => buildOne(c, source, pending));
  const byPath = new Map<string, ModelSchema>();
  for (const model of models) {
    const clash = byPath.get(model.path);
    if (clash) {
      throw new LoadError(
        CODES.DUPLICATE_MODEL_PATH,
        { file: model.file, line: model.line },
        `${model.name} and ${clash.name} (${clash.file}:${clash.line}) both serve /${model.path}; give one @Rest({ path })`,
      );
    }
    byPath.set(model.path, model);
  }
  return resolveRelations(models, pending, source);
}
