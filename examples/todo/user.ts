import { FromDataSource, HasMany, Rest } from 'decorest';

import { Todo } from './todo.js';

/** The spec's User (§2.1): GET /users/:id/todos lists a user's todos. */
@Rest
@FromDataSource
export class User {
  id!: number;
  name!: string;

  @HasMany
  todos!: Todo[];
}
