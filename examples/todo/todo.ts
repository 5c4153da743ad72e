import { FromDataSource, Rest } from 'decorest';

/** The spec's Todo (§2.1): served at /todos, kept in data/todos.db. */
@Rest
@FromDataSource
export class Todo {
  id!: number;
  content!: string;
  completed!: boolean;
}
