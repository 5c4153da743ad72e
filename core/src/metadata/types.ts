/** The shapes decorators record. Types only. */
import type { FieldRules } from '../contract/control-api.js';

/** A class as decorators see it. */
export type AnyClass = abstract new (...args: never[]) => unknown;

export interface RestOptions {
  /** The path segment, instead of the pluralised class name (`@Rest({ path: 'tasks' })`). */
  path?: string;
  /**
   * An open model (issue 42, what `decorest init --from db.json` writes): a write may carry
   * fields the class does not declare, which are stored and answered back as sent, as
   * json-server does. Declared fields keep their types and rules. Remove it to close the model.
   */
  open?: boolean;
}

export interface RestMetadata {
  path: string | undefined;
  open: boolean;
}

/** `name` undefined is the default datasource (the file database). */
export interface DataSourceBinding {
  name: string | undefined;
}

/** A field type a compiled `.js` model can declare with `@Field({ type })`. */
export type FieldTypeName = 'string' | 'number' | 'integer' | 'boolean' | 'date';

/** `@Field` options (CONTRACT §1): the field's rules, and its type where no source says it. */
export interface FieldOptions extends Omit<FieldRules, 'pattern'> {
  /** The type, for models whose source carries none (compiled `.js`); a list is an enum. */
  type?: FieldTypeName | readonly string[];
  /** With `type`: the field holds an array of that type. */
  array?: boolean;
  /** With `type`: the field may be omitted. */
  optional?: boolean;
  /** With `type`: the field may be `null`. */
  nullable?: boolean;
  /** A regular expression, or its source without slashes. */
  pattern?: string | RegExp;
  /** The value a create (POST) stores when the field is absent. */
  default?: unknown;
  /**
   * `false`: a database (PostgreSQL) keeps no index for the field, for a write-heavy table
   * whose lists never sort, filter or search on it. Every scalar field is indexed by default.
   */
  index?: boolean;
}

/** What happens to a parent's children when the parent is deleted (CONTRACT §3). */
export type OnDelete = 'nullify' | 'cascade' | 'restrict';

export interface HasManyOptions {
  onDelete?: OnDelete;
}

export interface RelationMetadata {
  kind: 'hasMany' | 'belongTo';
  /** The related class, for compiled code where declared types are unavailable. */
  target: (() => AnyClass) | undefined;
  onDelete: OnDelete;
}
