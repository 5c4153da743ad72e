/**
 * `dao(Model)` is typed by what the store holds (issue 18). These are compile-time checks:
 * `tsc -b` (npm run typecheck) fails when a type drifts, and every `@ts-expect-error` line
 * fails the build if the misuse it names ever compiles. The models are declared here without
 * decorators: the types read only the declarations, which is the point.
 */
import { describe, expectTypeOf, it } from 'vitest';

import type {
  IdOf,
  ModelBody,
  ModelInput,
  ModelRecord,
  ModelReplacement,
} from '../http/record-types.js';
import type { Request } from '../http/request.js';
import type { Dao } from './dao.js';

class Board {
  id!: string;
  title!: string;
  cards!: Card[];
}

class Person {
  id!: number;
  name!: string;
  nickname?: string | null;
  cards!: Card[];
  greet(): string {
    return this.name;
  }
}

class Card {
  id!: number;
  title!: string;
  tags!: string[];
  status!: 'todo' | 'done';
  due?: Date;
  reminders!: Date[];
  archivedAt!: Date | null;
  owner?: Person;
  board!: Board;
}

/** No `id` declared: the schema builder gives it numeric ids. */
class Note {
  text!: string;
}

declare const cards: Dao<Card>;
declare const people: Dao<Person>;
declare const req: Request;

/** Type-checked, never run: the declared DAOs above do not exist at runtime. */
function compileOnly(body: () => Promise<void>): void {
  expectTypeOf(body).toBeFunction();
}

describe('dao() record types (compile-time)', () => {
  it('keeps the declared id kind, number when undeclared', () => {
    expectTypeOf<IdOf<Card>>().toEqualTypeOf<number>();
    expectTypeOf<IdOf<Board>>().toEqualTypeOf<string>();
    expectTypeOf<IdOf<Note>>().toEqualTypeOf<number>();
    expectTypeOf<ModelRecord<Note>>().toEqualTypeOf<{
      readonly id: number;
      readonly text: string;
    }>();
    expectTypeOf<Dao<Board>['getById']>().parameter(0).toEqualTypeOf<string>();
  });

  it('types plain fields as declared, optional marks kept', () => {
    expectTypeOf<ModelRecord<Card>['title']>().toEqualTypeOf<string>();
    expectTypeOf<ModelRecord<Card>['tags']>().toEqualTypeOf<string[]>();
    expectTypeOf<ModelRecord<Card>['status']>().toEqualTypeOf<'todo' | 'done'>();
    expectTypeOf<ModelRecord<Person>['nickname']>().toEqualTypeOf<string | null | undefined>();
  });

  it('types Date fields as the ISO strings the store returns', () => {
    expectTypeOf<ModelRecord<Card>['due']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ModelRecord<Card>['reminders']>().toEqualTypeOf<string[]>();
    expectTypeOf<ModelRecord<Card>['archivedAt']>().toEqualTypeOf<string | null>();
  });

  it("types @BelongTo fields as the parent's id, or null once the parent was deleted", () => {
    expectTypeOf<ModelRecord<Card>['owner']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<ModelRecord<Card>['board']>().toEqualTypeOf<string | null>();
    expectTypeOf<ModelInput<Card>['board']>().toEqualTypeOf<string | null | undefined>();
  });

  it('leaves @HasMany fields and methods out', () => {
    expectTypeOf<keyof ModelRecord<Person>>().toEqualTypeOf<'id' | 'name' | 'nickname'>();
    expectTypeOf<keyof ModelRecord<Board>>().toEqualTypeOf<'id' | 'title'>();
  });

  it('reads, saves, updates and deletes with those types', () =>
    compileOnly(async () => {
      expectTypeOf(await cards.getAll()).toEqualTypeOf<ModelRecord<Card>[]>();
      expectTypeOf(await cards.getById(1)).toEqualTypeOf<ModelRecord<Card> | undefined>();
      expectTypeOf(cards.save).parameter(0).toEqualTypeOf<ModelInput<Card>>();
      expectTypeOf(cards.update).parameter(0).toEqualTypeOf<ModelReplacement<Card>>();
      const saved = await cards.save({ title: 'x', board: 'b1', owner: 7, due: '2026-01-01' });
      expectTypeOf(saved.id).toEqualTypeOf<number>();
      await cards.update({ ...saved, owner: null });
      await cards.delete(saved);
      await people.delete({ id: 3 });
    }));

  it('binds req.body(Model) to the same shape, so it can be saved and updated', () =>
    compileOnly(async () => {
      const body = req.body(Card);
      expectTypeOf(body).toEqualTypeOf<ModelBody<Card>>();
      expectTypeOf(body.owner).toEqualTypeOf<number | null | undefined>();
      body.id = 4;
      await cards.save(body);
      await cards.update(body);
    }));

  it('refuses a relation used wrongly (each line below must fail to compile)', () =>
    compileOnly(async () => {
      const card = (await cards.getById(1))!;
      const person = (await people.getById(1))!;
      // @ts-expect-error a @BelongTo holds the parent's id, not the parent
      void card.owner?.name;
      // @ts-expect-error ... so it is not assignable to the parent's type
      const owner: Person | undefined = card.owner ?? undefined;
      void owner;
      // @ts-expect-error a @HasMany is not stored: list the children instead
      void person.cards;
      // @ts-expect-error a parent object is not its id
      await cards.save({ title: 'x', board: 'b1', owner: person });
      // @ts-expect-error a string id for a numeric parent
      await cards.save({ title: 'x', board: 'b1', owner: '7' });
      // @ts-expect-error the children of a @HasMany cannot be written through the parent
      await people.save({ name: 'Ada', cards: [] });
      // @ts-expect-error a stored Date is an ISO string
      const due: Date | undefined = card.due;
      void due;
      // @ts-expect-error records are the store's own objects: write through update()
      card.title = 'changed';
      // @ts-expect-error update replaces a whole record: the id is required
      await cards.update({
        title: 'x',
        tags: [],
        status: 'todo',
        reminders: [],
        archivedAt: null,
        board: 'b',
      });
      // @ts-expect-error ids of a numeric model are numbers
      await cards.getById('1');
    }));
});
