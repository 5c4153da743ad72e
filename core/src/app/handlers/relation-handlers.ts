/**
 * `GET /users/:id/todos` (spec §4.1): the children of one parent, with every collection
 * query feature; 404 when the parent is absent. The segment is the child model's path.
 */
import type { HandlerFunction } from '../../http/types.js';
import type { ModelRuntime } from '../model-runtime.js';
import { answerList, existing } from './crud-handlers.js';

export function relationHandler(
  parent: ModelRuntime,
  child: ModelRuntime,
  inverse: string,
  basePath: string,
): HandlerFunction {
  return async (req, res) => {
    const record = await existing(parent, req.params('id'));
    const path = `${basePath}/${encodeURIComponent(String(record.id))}/${child.schema.path}`;
    await answerList(child, req, res, path, { field: inverse, op: 'eq', values: [record.id] });
  };
}
