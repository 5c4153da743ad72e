import { BelongTo, FromDataSource, Rest } from 'decorest';

import { User } from './user.js';

/** The spec's Todo (§2.1): served at /todos, kept in data/todos.db; sent with "user": <id>. */
@Rest
@FromDataSource
export class Todo {
  id!: number;
  content!: string;
  completed!: boolean;

  @BelongTo
  user?: User;
}
