/**
 * The studio's route list ({@link RouteInfo}): every route of the table, its kind, and for a
 * manual route the project file and line of the `this.get(…)` call that mapped it.
 */
import type { ModelRuntime } from '../app/model-runtime.js';
import type { RouteInfo } from '../contract/control-api.js';
import type { RouteDefinition } from '../http/types.js';
import type { LoadedProject } from '../loader/load-project.js';
import { refusedWriteOf } from '../openapi/refused-writes.js';

/** The first frame of a stack that lies in a project file: the user's call. */
function projectFrame(
  loaded: LoadedProject,
  stack: string,
  files: ReadonlySet<string>,
): { file: string; line: number } | undefined {
  for (const match of loaded.mapStack(stack).matchAll(/\(?([^\s()]+):(\d+):(\d+)\)?$/gm)) {
    if (files.has(match[1]!)) return { file: match[1]!, line: Number(match[2]) };
  }
  return undefined;
}

function kindOf(route: RouteDefinition): RouteInfo['kind'] {
  if (route.origin === 'manual') return 'manual';
  return route.operation?.startsWith('relation') ? 'relation' : 'generated';
}

export function routeInfos(
  routes: readonly RouteDefinition[],
  loaded: LoadedProject,
  models: readonly ModelRuntime[],
): RouteInfo[] {
  const files = new Set(loaded.files.map((f) => f.path));
  const runtimes = new Map(models.map((m) => [m.schema.name, m]));
  return routes.map((route) => {
    const info: RouteInfo = { method: route.method, path: route.path, kind: kindOf(route) };
    if (route.model !== undefined) info.model = route.model;
    if (route.operation !== undefined) {
      info.operation = route.operation.startsWith('relation') ? 'relation' : route.operation;
    }
    const refused = refusedWriteOf(route, runtimes);
    if (refused) info.refused = refused.detail;
    if (route.origin === 'manual' && route.callSite) {
      const where = projectFrame(loaded, route.callSite, files);
      if (where) Object.assign(info, where);
    }
    return info;
  });
}
