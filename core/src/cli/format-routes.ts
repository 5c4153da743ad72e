import type { RouteDefinition } from '../http/types.js';

/** The route table as aligned text, one route per line. */
export function formatRoutes(routes: readonly RouteDefinition[]): string {
  if (routes.length === 0) return '  (no routes: add a @Rest model or map a handler in execute())';
  const width = Math.max(...routes.map((r) => r.path.length));
  return routes
    .map((r) => {
      const what =
        r.origin === 'generated' ? `${r.model ?? ''} ${r.operation ?? ''}`.trim() : 'manual';
      return `  ${r.method.padEnd(6)} ${r.path.padEnd(width)}  ${what}`;
    })
    .join('\n');
}
