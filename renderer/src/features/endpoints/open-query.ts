/** A GET's query example (a list's or one record's), one click to a Console ready to send it. */
import type { RouteInfo } from '../../api';
import { useConsoleStore } from '../../stores/console/console-store';
import { inAFreeTab } from '../../stores/console/open-in-tab';
import { useUiStore } from '../../stores/ui/ui-store';

export function openQuery(route: RouteInfo, query: string): void {
  const store = useConsoleStore.getState();
  inAFreeTab(() => store.loadRequest({ method: 'GET', url: `${route.path}?${query}`, body: '' }));
  // A nested list (`/users/:id/todos`) or one record (`/users/:id`) reads the first record's,
  // as the list's click does.
  store.setPathParams(
    useConsoleStore.getState().pathParams.map((p) => ({ ...p, value: p.value || '1' })),
  );
  useUiStore.getState().showView('Console');
}
