/**
 * A generated write its named datasource cannot take (RouteInfo.refused): it always answers
 * 405 to a valid request, which the route list and the inspector say rather than promising a
 * 201 that never comes.
 */
import type { RouteInfo } from '../../api';

export function RefusedBadge({ route }: { route: RouteInfo }) {
  if (route.refused === undefined) return null;
  return (
    <span className="badge off" title={`A valid request answers 405: ${route.refused}`}>
      read-only · 405
    </span>
  );
}

/** The inspector's line under the title: why, and where to change it. */
export function RefusedNote({ route }: { route: RouteInfo }) {
  if (route.refused === undefined) return null;
  return (
    <p className="inspector-summary" role="note">
      Answers <strong>405</strong> to a valid request: {route.refused}. Add the method to the
      datasource class to serve it.
    </p>
  );
}
