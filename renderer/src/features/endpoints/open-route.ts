/** One click from a route to a ready-to-send console request (method, URL, body from schema). */
import type { RouteInfo } from '../../api';
import { useConsoleStore } from '../../stores/console-store';
import { sampleBody } from '../../stores/field-values';
import { useModelsStore } from '../../stores/models-store';
import { useUiStore } from '../../stores/ui-store';

export function openRoute(route: RouteInfo): void {
  const model = useModelsStore.getState().models.find((m) => m.name === route.model);
  const writes = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  const body = writes && model ? JSON.stringify(sampleBody(model), null, 2) : writes ? '{}' : '';
  const store = useConsoleStore.getState();
  store.loadRequest({ method: route.method, url: route.path, body });
  // Path params start at 1, the first id a numeric model assigns; the user edits the row.
  store.setPathParams(
    useConsoleStore.getState().pathParams.map((p) => ({ ...p, value: p.value || '1' })),
  );
  useUiStore.getState().showView('Console');
}
