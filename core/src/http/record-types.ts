/**
 * What a model's records look like to code (issue 18): the model class declares `@BelongTo
 * user?: User` and `@HasMany todos!: Todo[]`, but a stored record holds the parent's id, no
 * `todos`, and dates as ISO strings (CONTRACT §1, §3). These mapped types derive that shape
 * from the class, so `dao()` and `req.body(Model)` are typed as what they return.
 *
 * No marker is needed on the declarations: a model field's type is a string, number,
 * boolean, Date, string-literal union or an array of these (the schema has no embedded
 * objects), so any other object type on a model can only be a relation: an array of objects
 * is a `@HasMany`, one object a `@BelongTo`. `@BelongTo user?: User` keeps its meaning.
 *
 * Types only.
 */
import type { RecordId } from '../model/schema.js';

/** The model's declared id type (`id!: number` / `id!: string`); `number` when undeclared. */
export type IdOf<M> = M extends { id?: infer I }
  ? [NonNullable<I>] extends [RecordId]
    ? NonNullable<I>
    : number
  : number;

type AnyFunction = (...args: never[]) => unknown;

/** How a declared property is stored; `T` is its declared type without null/undefined. */
type FieldKind<T> = [T] extends [AnyFunction]
  ? 'method'
  : [T] extends [Date]
    ? 'value'
    : [T] extends [readonly (infer E)[]]
      ? [NonNullable<E>] extends [Date]
        ? 'value'
        : [NonNullable<E>] extends [object]
          ? 'hasMany'
          : 'value'
      : [T] extends [object]
        ? 'belongTo'
        : 'value';

type KindOf<M, K extends keyof M> = FieldKind<NonNullable<M[K]>>;

/** A value as the store returns it: a `Date` is its ISO string, in arrays too. */
export type WireValue<T> = T extends Date
  ? string
  : T extends readonly (infer E)[]
    ? WireValue<E>[]
    : T;

/**
 * Every stored field but `id`, with the model's own optional marks: a `@BelongTo` is the
 * parent's id or null (a deleted parent's children are nulled), a `@HasMany` is absent.
 */
export type ModelFields<M> = {
  -readonly [
    K in keyof M as K extends 'id'
      ? never
      : K extends string
        ? KindOf<M, K> extends 'hasMany' | 'method'
          ? never
          : K
        : never
  ]: KindOf<M, K> extends 'belongTo' ? IdOf<NonNullable<M[K]>> | null : WireValue<M[K]>;
};

type Flat<T> = { [K in keyof T]: T[K] } & {};

/**
 * A stored record of model `M`, as `dao(M)` reads it. Read-only: the store hands out its own
 * objects (no copy on the read path); write through `dao(M).update`.
 *
 * @example
 * ```ts
 * // class Todo { id!: number; content!: string; @BelongTo user?: User }
 * type T = ModelRecord<Todo>; // { readonly id: number; readonly content: string; readonly user?: number | null }
 * ```
 */
export type ModelRecord<M> = Readonly<Flat<{ id: IdOf<M> } & ModelFields<M>>>;

/** What `dao(M).save` takes: every field may be left to its default or the validator's 422. */
export type ModelInput<M> = Flat<{ id?: IdOf<M> | null } & Partial<ModelFields<M>>>;

/** What `dao(M).update` takes: the record to store whole (a PUT), its id required. */
export type ModelReplacement<M> = Flat<{ id: IdOf<M> } & ModelFields<M>>;

/**
 * What `req.body(M)` returns: the body validated like a POST, relations as ids, dates as ISO
 * strings; `id` typed as the model declares it (a POST body usually has none).
 */
export type ModelBody<M> = Flat<
  { -readonly [K in keyof M as K extends 'id' ? K : never]: IdOf<M> } & ModelFields<M>
>;
