/**
 * The open project's own words for the Console's hints: its first list route (`/todos` in the
 * example, `/pets` in a Petstore) rather than the example's names in every project.
 */
import { startPath } from '../../stores/console/console-method';
import { useModelsStore } from '../../stores/models/models-store';

/** The path the hints name: the project's first list route, else `/items`. */
export function useExamplePath(): string {
  return useModelsStore((s) => startPath(s.routes)) ?? '/items';
}

/** The first segment of `path` (`todos` of `/todos/:id`), `items` for none. */
export const segmentOf = (path: string): string =>
  path.split('/').find((part) => part !== '' && !part.startsWith(':')) ?? 'items';
