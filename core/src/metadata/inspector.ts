/**
 * The one reader of decorator metadata (as LoopBack's `MetadataInspector`). Inheritance rules
 * live here: class-level `@Rest` is never inherited (CONTRACT §1: each `@Rest` class has its
 * own endpoints), property-level rules and relations merge from the base class down.
 */
import {
  DATA_SOURCE_KEY,
  FIELD_KEY,
  FROM_DATA_SOURCE_KEY,
  type MetadataKey,
  RELATION_KEY,
  REST_KEY,
  WEB_SERVLET_KEY,
} from './keys.js';
import { getDesignType, getOwnClassMetadata } from './store.js';
import type {
  AnyClass,
  DataSourceBinding,
  FieldOptions,
  RelationMetadata,
  RestMetadata,
} from './types.js';

/** The class and every class it extends, base first, ending before `Object`/`Function`. */
export function classChain(ctor: AnyClass): AnyClass[] {
  const chain: AnyClass[] = [];
  for (
    let c: unknown = ctor;
    typeof c === 'function' && c !== Function.prototype;
    c = Object.getPrototypeOf(c)
  ) {
    chain.unshift(c as AnyClass);
  }
  return chain;
}

function inherited<T>(key: MetadataKey<T>, ctor: AnyClass): T | undefined {
  const chain = classChain(ctor);
  for (let i = chain.length - 1; i >= 0; i--) {
    const value = getOwnClassMetadata(key, chain[i]!);
    if (value !== undefined) return value;
  }
  return undefined;
}

function mergedProperties<T>(
  key: MetadataKey<Readonly<Record<string, T>>>,
  ctor: AnyClass,
): Record<string, T> {
  const merged: Record<string, T> = {};
  for (const c of classChain(ctor)) Object.assign(merged, getOwnClassMetadata(key, c));
  return merged;
}

export const inspector = {
  /** `@Rest` on this very class; a subclass must say `@Rest` itself. */
  rest(ctor: AnyClass): RestMetadata | undefined {
    return getOwnClassMetadata(REST_KEY, ctor);
  },
  /** `@FromDataSource`, own or inherited; `undefined` when never declared. */
  fromDataSource(ctor: AnyClass): DataSourceBinding | undefined {
    return inherited(FROM_DATA_SOURCE_KEY, ctor);
  },
  /** The name a `@DataSource('name')` class declares. */
  dataSourceName(ctor: AnyClass): string | undefined {
    return getOwnClassMetadata(DATA_SOURCE_KEY, ctor)?.name;
  },
  /** The `/api/*` pattern of an application class, own or inherited. */
  webServlet(ctor: AnyClass): string | undefined {
    return inherited(WEB_SERVLET_KEY, ctor)?.pattern;
  },
  /** `@Field` rules of every property, base class first, subclasses overriding. */
  fieldRules(ctor: AnyClass): Record<string, FieldOptions> {
    return mergedProperties(FIELD_KEY, ctor);
  },
  /** `@HasMany` / `@BelongTo` of every property, base class first. */
  relations(ctor: AnyClass): Record<string, RelationMetadata> {
    return mergedProperties(RELATION_KEY, ctor);
  },
  /** `design:type` of a property anywhere in the chain, when the compiler emitted it. */
  designType(ctor: AnyClass, property: string): unknown {
    return getDesignType(ctor.prototype as object, property);
  },
};
