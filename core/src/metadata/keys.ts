/**
 * Typed metadata keys (as LoopBack's `MetadataAccessor`): a key carries the type of the value
 * stored under it, so decorators and the inspector cannot disagree on shapes.
 */
import type { DataSourceBinding, FieldOptions, RelationMetadata, RestMetadata } from './types.js';

export class MetadataKey<T> {
  readonly symbol: symbol;
  /** Only here so `T` is part of the key's type. */
  declare readonly valueType: T;

  private constructor(readonly name: string) {
    this.symbol = Symbol.for(`decorest:${name}`);
  }

  static create<T>(name: string): MetadataKey<T> {
    return new MetadataKey<T>(name);
  }
}

/** `@Rest` on a model class. */
export const REST_KEY = MetadataKey.create<RestMetadata>('rest');
/** `@FromDataSource` on a model class. */
export const FROM_DATA_SOURCE_KEY = MetadataKey.create<DataSourceBinding>('from-data-source');
/** `@DataSource('name')` on a persistence class. */
export const DATA_SOURCE_KEY = MetadataKey.create<{ name: string }>('data-source');
/** `@WebServlet('/api/*')` on an application class. */
export const WEB_SERVLET_KEY = MetadataKey.create<{ pattern: string }>('web-servlet');
/** `@Field({...})` rules, per property, own to each class. */
export const FIELD_KEY = MetadataKey.create<Readonly<Record<string, FieldOptions>>>('fields');
/** `@HasMany` / `@BelongTo`, per property, own to each class. */
export const RELATION_KEY =
  MetadataKey.create<Readonly<Record<string, RelationMetadata>>>('relations');
