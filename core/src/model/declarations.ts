/**
 * What a model file declares, as data: its classes, their properties and the types written on
 * them. The loader's reader produces it from a file's syntax tree; the model is built from it
 * (issue 25: the model no longer reaches up into the loader for these types). Types only.
 */
/** A field type as written in the source. `reference` names another class, resolved later. */
export type TypeExpr =
  | { readonly kind: 'string' }
  | { readonly kind: 'number' }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'date' }
  | { readonly kind: 'enum'; readonly values: readonly string[] }
  | { readonly kind: 'array'; readonly element: TypeExpr }
  | { readonly kind: 'nullable'; readonly inner: TypeExpr }
  | { readonly kind: 'reference'; readonly name: string }
  /**
   * An object type: a type literal, an interface, or (expanded by the schema builder) a class
   * without `@Rest`. `name` is the alias, interface or class it was read through, so a type
   * that contains itself can be named in the load error.
   */
  | {
      readonly kind: 'object';
      readonly name?: string;
      readonly properties: readonly ObjectPropertyExpr[];
    }
  | { readonly kind: 'unsupported'; readonly text: string }
  | { readonly kind: 'none' };

/** One property of an object type (`id: number`, `name?: string`). */
export interface ObjectPropertyExpr {
  readonly name: string;
  readonly optional: boolean;
  readonly type: TypeExpr;
}

/** One instance property declaration (`name?: T`, `@BelongTo user!: User`). */
export interface PropertyDeclaration {
  readonly name: string;
  /** Written with `?`. */
  readonly optional: boolean;
  /** Written with `!`. */
  readonly definite: boolean;
  readonly type: TypeExpr;
  /** The annotation as written, `''` when there is none. */
  readonly typeText: string;
  readonly line: number;
  readonly column: number;
  /** Decorator names as written: `BelongTo`, `Field`, `d.Field`. */
  readonly decorators: readonly string[];
}

/** One class the file defines (a declaration, or a class expression bound to a variable). */
export interface ClassDeclaration {
  /** The binding name; `default` for `export default class {}`. */
  readonly name: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly isAbstract: boolean;
  /** The `extends` target when it is a name (`Entity`, `base.Entity`); absent for calls etc. */
  readonly extendsName?: string;
  readonly properties: readonly PropertyDeclaration[];
}
