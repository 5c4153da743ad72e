/**
 * `GET /users/:id/todos` (spec §4.1): the children of one parent, with every collection
 * query feature; 404 when the parent is absent. The segment is the child model's path.
 * `POST /users/:id/todos` (json-server 0.17's nested POST): a child of that parent.
 */
import type { HandlerFunction } from '../../http/types.js';
import type { ModelRuntime } from '../model-runtime.js';
import { KeptPages } from '../query/kept-pages.js';
import { createRecord } from '../write/record-writes.js';
import { existing, withExisting } from './crud-handlers.js';
import { answerList } from './list-answer.js';

export function relationHandler(
  parent: ModelRuntime,
  child: ModelRuntime,
  inverse: string,
  basePath: string,
): HandlerFunction {
  const pages = new KeptPages();
  // Without a promise when both stores hold their records in memory (issue 45).
  return (req, res) =>
    withExisting(parent, req.params('id'), (record) => {
      const basePathOf = `${basePath}/${encodeURIComponent(String(record.id))}/${child.schema.path}`;
      const scope = { field: inverse, op: 'eq' as const, values: [record.id] };
      return answerList({ model: child, basePath: basePathOf, scope, pages }, req, res);
    });
}

/**
 * Creates a child linked to the parent the path names, whatever link the body holds (as
 * json-server sets `postId` from the path); 404 when that parent is absent. The answer is the
 * child's own POST's: 201 and `Location` at `childPath` (the child's collection).
 */
export function relationCreateHandler(
  parent: ModelRuntime,
  child: ModelRuntime,
  inverse: string,
  childPath: string,
): HandlerFunction {
  return async (req, res) => {
    const { id } = await existing(parent, req.params('id'));
    const body = req.body();
    // Anything but an object is the child's POST's 422, as it would be on its own path.
    const linked =
      body !== null && typeof body === 'object' && !Array.isArray(body)
        ? { ...(body as Record<string, unknown>), [inverse]: id }
        : body;
    const saved = await createRecord(child, linked);
    res
      .status(201)
      .header('location', `${childPath}/${encodeURIComponent(String(saved.id))}`)
      .json(saved);
  };
}
