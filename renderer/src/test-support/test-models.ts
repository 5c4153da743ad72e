/** A small model as the control API describes it, for the renderer's unit tests. */
import type { ModelInfo } from '../api';

export const todoModel: ModelInfo = {
  name: 'Todo',
  path: 'todos',
  idKind: 'number',
  dataSource: null,
  writable: true,
  file: 'todo.ts',
  line: 1,
  fields: [
    {
      name: 'content',
      type: { kind: 'string' },
      typeText: 'string',
      required: true,
      nullable: false,
      rules: {},
      declaredIn: 'Todo',
    },
  ],
  relations: [{ kind: 'belongTo', field: 'user', target: 'User', required: false }],
};
