/**
 * A small data world for the atomic delete tests (issue 18), built without a project (so a
 * child process can run it from transpiled JavaScript): users with todos (`@HasMany` cascade)
 * and notes (`@BelongTo` without `@HasMany`: nullified), each in its own datafile.
 */
import { join } from 'node:path';

import { createModelRuntimes, type ModelRuntime } from '../app/model-runtime.js';
import type { ModelSchema } from '../model/schema.js';
import { recoverBatches } from '../persistence/batch/batch-recovery.js';
import { CollectionStore } from '../persistence/collections/collection-store.js';
import {
  type FileCollection,
  openFileCollection,
} from '../persistence/collections/file-collection.js';
import type { ModelValidator } from '../validation/compile.js';

const text = (name: string, declaredIn: string) => ({
  name,
  type: { kind: 'string' as const },
  optional: false,
  nullable: false,
  constraints: {},
  declaredIn,
});

function schema(
  name: string,
  path: string,
  relations: ModelSchema['relations'],
  field: string,
): ModelSchema {
  return {
    name,
    ctor: class {},
    path,
    idKind: 'number',
    fields: [text(field, name)],
    relations,
    dataSource: undefined,
    file: `${path}.ts`,
    line: 1,
  };
}

export const MODELS: readonly ModelSchema[] = [
  schema(
    'User',
    'users',
    [{ kind: 'hasMany', field: 'todos', target: 'Todo', inverse: 'user', onDelete: 'cascade' }],
    'name',
  ),
  schema(
    'Todo',
    'todos',
    [{ kind: 'belongTo', field: 'user', target: 'User', optional: true }],
    'content',
  ),
  schema(
    'Note',
    'notes',
    [{ kind: 'belongTo', field: 'user', target: 'User', optional: true }],
    'text',
  ),
];

/** Deletes validate nothing; leaving ajv out keeps the child's start short. */
const NO_VALIDATION: ModelValidator = {
  create: () => {
    throw new Error('the delete world writes through its collections');
  },
  replace: () => {
    throw new Error('the delete world writes through its collections');
  },
  patch: () => {
    throw new Error('the delete world writes through its collections');
  },
};

export interface World {
  readonly users: ModelRuntime;
  readonly todos: ModelRuntime;
  readonly notes: ModelRuntime;
  readonly files: { users: FileCollection; todos: FileCollection; notes: FileCollection };
  /** What recovery did at open. */
  readonly recovered: string[];
  close(): Promise<void>;
}

/** Recovers interrupted batches in `folder`, then opens the three datafiles. */
export async function openWorld(folder: string): Promise<World> {
  const recovered = await recoverBatches(folder);
  const open = (path: string) =>
    openFileCollection(join(folder, `${path}.db`), {
      idKind: 'number',
      indexes: path === 'users' ? [] : ['user'],
    });
  const files = {
    users: await open('users'),
    todos: await open('todos'),
    notes: await open('notes'),
  };
  const collections = [files.users, files.todos, files.notes];
  const [users, todos, notes] = createModelRuntimes(
    MODELS.map((m, i) => ({
      schema: m,
      validator: NO_VALIDATION,
      store: new CollectionStore(collections[i]!, i === 0 ? [] : ['user']),
    })),
  );
  return {
    users: users!,
    todos: todos!,
    notes: notes!,
    files,
    recovered,
    close: async () => {
      await Promise.all(collections.map((c) => c.close()));
    },
  };
}

/** A user with `todos` todos and `notes` notes, each batch group-committed. */
export async function seedUser(world: World, todos: number, notes: number): Promise<number> {
  const user = await world.files.users.insert({ name: 'someone' });
  const id = user.id as number;
  await Promise.all(
    Array.from({ length: todos }, (_, i) =>
      world.files.todos.insert({ content: `todo ${i}`, user: id }),
    ),
  );
  await Promise.all(
    Array.from({ length: notes }, (_, i) =>
      world.files.notes.insert({ text: `note ${i}`, user: id }),
    ),
  );
  return id;
}

/** Every record of the world, for comparing states. */
export function snapshotOf(world: World): Record<'users' | 'todos' | 'notes', unknown[]> {
  return {
    users: [...world.files.users.values()],
    todos: [...world.files.todos.values()],
    notes: [...world.files.notes.values()],
  };
}
