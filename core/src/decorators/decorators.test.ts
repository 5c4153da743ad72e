import { describe, expect, expectTypeOf, it } from 'vitest';

import { Application } from '../app/application.js';
import type { HttpRequestHandler, Request, Response } from '../index.js';
import { inspector } from '../metadata/inspector.js';
import { BelongTo } from './belong-to.js';
import { DataSource } from './data-source.js';
import { Field } from './field.js';
import { FromDataSource } from './from-data-source.js';
import { HasMany } from './has-many.js';
import { Rest } from './rest.js';
import { WebServlet } from './web-servlet.js';

// Decorators applied by hand, as TypeScript's legacy emit calls them, so esbuild's own
// decorator handling in the test runner is not what is tested.
function decorateClass(
  target: abstract new () => unknown,
  ...decorators: ((t: never) => unknown)[]
): void {
  for (const d of decorators.reverse()) (d as (t: unknown) => unknown)(target);
}

describe('decorators work bare and called', () => {
  it('@Rest, @Rest({ path }) and @Rest({ open: true })', () => {
    class A {}
    class B {}
    class C {}
    class D {}
    decorateClass(A, Rest);
    decorateClass(B, Rest());
    decorateClass(C, Rest({ path: 'cees' }));
    decorateClass(D, Rest({ open: true }));
    expect(inspector.rest(A)).toEqual({ path: undefined, open: false });
    expect(inspector.rest(B)).toEqual({ path: undefined, open: false });
    expect(inspector.rest(C)).toEqual({ path: 'cees', open: false });
    expect(inspector.rest(D)).toEqual({ path: undefined, open: true });
  });

  it('@Rest is not inherited, @FromDataSource is', () => {
    class Base {}
    class Child extends Base {}
    decorateClass(Base, Rest, FromDataSource('memory'));
    expect(inspector.rest(Child)).toBeUndefined();
    expect(inspector.fromDataSource(Child)).toEqual({ name: 'memory' });
  });

  it('@FromDataSource bare, empty and named', () => {
    class A {}
    class B {}
    class C {}
    decorateClass(A, FromDataSource);
    decorateClass(B, FromDataSource());
    decorateClass(C, FromDataSource('memory'));
    expect([A, B, C].map((c) => inspector.fromDataSource(c))).toEqual([
      { name: undefined },
      { name: undefined },
      { name: 'memory' },
    ]);
  });

  it('@DataSource needs a name', () => {
    class Store {}
    decorateClass(Store, DataSource('memory'));
    expect(inspector.dataSourceName(Store)).toBe('memory');
    expect(() => DataSource('')).toThrow(/needs a name/);
  });

  it('@HasMany and @BelongTo bare, with a thunk and with options', () => {
    class Todo {}
    class User {}
    HasMany(User.prototype, 'todos');
    HasMany(() => Todo, { onDelete: 'cascade' })(User.prototype, 'archived');
    HasMany({ onDelete: 'restrict' })(User.prototype, 'drafts');
    BelongTo(Todo.prototype, 'user');
    BelongTo(() => User)(Todo.prototype, 'owner');
    const relations = inspector.relations(User);
    expect(relations.todos).toEqual({ kind: 'hasMany', target: undefined, onDelete: 'nullify' });
    expect(relations.archived!.target!()).toBe(Todo);
    expect(relations.archived!.onDelete).toBe('cascade');
    expect(relations.drafts!.onDelete).toBe('restrict');
    expect(inspector.relations(Todo).owner!.target!()).toBe(User);
    expect(inspector.relations(Todo).user!.kind).toBe('belongTo');
  });

  it('@Field rules merge from the base class down', () => {
    class Base {}
    class Child extends Base {}
    Field({ minLength: 1 })(Base.prototype, 'name');
    Field(Base.prototype, 'plain');
    Field({ maxLength: 5 })(Child.prototype, 'name');
    expect(inspector.fieldRules(Child)).toEqual({ name: { maxLength: 5 }, plain: {} });
    expect(inspector.fieldRules(Base)).toEqual({ name: { minLength: 1 }, plain: {} });
  });

  it('@WebServlet takes /* or /prefix/*', () => {
    class App {}
    decorateClass(App, WebServlet('/api/*'));
    expect(inspector.webServlet(App)).toBe('/api/*');
    expect(() => WebServlet('/api')).toThrow(/'\/\*' or '\/api\/\*'/);
  });
});

describe('public typings', () => {
  it('type handlers as the spec writes them', () => {
    expectTypeOf<HttpRequestHandler['method']>().parameters.toEqualTypeOf<[Request, Response]>();
    expectTypeOf<ReturnType<Response['status']>>().toEqualTypeOf<Response>();
    expectTypeOf<Request['params']>().toBeCallableWith('id');
    class Todo {
      id!: number;
    }
    expectTypeOf<ReturnType<typeof _bodyOf>>().toEqualTypeOf<Todo>();
    function _bodyOf(req: Request) {
      return req.body(Todo);
    }
  });

  it('let an application map handlers only inside its own class', () => {
    expectTypeOf<Application>().not.toHaveProperty('get');
  });
});
