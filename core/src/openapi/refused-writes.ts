/**
 * Generated writes a named datasource cannot take (CONTRACT §5: a class without `save`,
 * `update` or `delete` answers 405): the document shows the 405 in place of a success that
 * never comes, with the problem the store throws.
 */
import type { ModelRuntime } from '../app/model-runtime.js';
import type { HttpProblem } from '../errors.js';
import type { RouteDefinition } from '../http/types.js';
import { refusedWrite } from '../persistence/datasource-store.js';

/** The 405 `route` answers once its body is valid, or `undefined` when it can succeed. */
export function refusedWriteOf(
  route: RouteDefinition,
  runtimes: ReadonlyMap<string, ModelRuntime>,
): HttpProblem | undefined {
  if (route.origin !== 'generated' || route.model === undefined) return undefined;
  // `POST /users/:id/todos` stores a todo: the child's store is the one asked.
  const [kind, child] = (route.operation ?? '').split(' ');
  const writer = runtimes.get(kind === 'relation-create' && child ? child : route.model);
  return writer && refusedWrite(writer.store, route.operation);
}

/** `op`'s answers as the server gives them: no 2xx, no 409 (the store never stores), a 405. */
export function refuseOperation(op: Record<string, unknown>, refused: HttpProblem): void {
  const responses = (op['responses'] ?? {}) as Record<string, unknown>;
  const kept = Object.entries(responses).filter(([s]) => !s.startsWith('2') && s !== '409');
  kept.push(['405', { $ref: '#/components/responses/Problem405' }]);
  op['responses'] = Object.fromEntries(kept.sort(([a], [b]) => a.localeCompare(b)));
  op['description'] = `Answers 405 to a valid request: ${refused.detail}.`;
}
