/** One click from a route to a ready-to-send console request (method, URL, body from schema). */
import type { ModelInfo, RouteInfo } from '../../api';
import { useConsoleStore } from '../../stores/console/console-store';
import { inAFreeTab } from '../../stores/console/open-in-tab';
import { sampleBody } from '../../stores/data/field-values';
import { modelOfPath } from '../../stores/models/model-of-path';
import { useModelsStore } from '../../stores/models/models-store';
import { useUiStore } from '../../stores/ui/ui-store';

/** The model a route serves: named by a generated route, found by its path for a manual one. */
function modelOf(route: RouteInfo): ModelInfo | undefined {
  const models = useModelsStore.getState().models;
  if (route.model) return models.find((m) => m.name === route.model);
  return modelOfPath(route.path, models) ?? undefined;
}

/**
 * A create or replace gets every field of the model; a PATCH gets `{}`, since a template
 * sent as it is would blank every field of the record.
 */
function bodyFor(route: RouteInfo, model: ModelInfo | undefined): string {
  if (route.method === 'PATCH') return '{}';
  if (route.method !== 'POST' && route.method !== 'PUT') return '';
  return model ? JSON.stringify(sampleBody(model), null, 2) : '{}';
}

export function openRoute(route: RouteInfo): void {
  const store = useConsoleStore.getState();
  const model = modelOf(route);
  inAFreeTab(() =>
    store.loadRequest({ method: route.method, url: route.path, body: bodyFor(route, model) }),
  );
  // The schema's sample at once; the project's fake-data generator's values when they come.
  if (model && (route.method === 'POST' || route.method === 'PUT'))
    void store.sampleBodyOf(model.name);
  // A read starts at id 1, the first a numeric model assigns; a write waits for the user to
  // name its record (Send says so), so one click never changes record 1.
  if (route.method === 'GET' || route.method === 'HEAD')
    store.setPathParams(
      useConsoleStore.getState().pathParams.map((p) => ({ ...p, value: p.value || '1' })),
    );
  useUiStore.getState().showView('Console');
}
