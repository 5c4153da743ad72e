/**
 * What the Console's request keeps when its method changes (issue 23): a GET, HEAD, DELETE or
 * OPTIONS sends no body, so it shows none, no body error and no Content-Type; the body and
 * Content-Type a POST had are set aside and come back when the method takes a body again,
 * so a slip of the method menu loses nothing. And where a project's Console starts.
 */
import { type RouteInfo, takesBody } from '../../api';

export interface Row {
  name: string;
  value: string;
  enabled: boolean;
}

/** What a bodiless method set aside. */
export interface Parked {
  body: string;
  contentType: Row[];
}

/**
 * The method menu (issue 41): the common methods and `QUERY` (the safe method with a body), plus
 * the request's own when it is none of these (`PROPFIND` from an imported `.http` file), so the
 * menu always shows the method that will be sent, never GET in its place.
 */
export const COMMON_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'QUERY'];

export function methodChoices(current: string): string[] {
  return current === '' || COMMON_METHODS.includes(current)
    ? COMMON_METHODS
    : [...COMMON_METHODS, current];
}

// The Console sends a body with some methods only: the contract's rule, shared with the core.
export { takesBody };

const isContentType = (row: Row) => row.name.trim().toLowerCase() === 'content-type';

export interface RequestParts {
  method: string;
  body: string;
  headers: Row[];
  parked: Parked | null;
}

/** The request's parts after its method becomes `method`. */
export function switchMethod(from: RequestParts, method: string): RequestParts {
  if (takesBody(method) === takesBody(from.method)) return { ...from, method };
  if (!takesBody(method)) {
    const contentType = from.headers.filter(isContentType);
    const nothing = from.body === '' && contentType.length === 0;
    return {
      method,
      body: '',
      headers: from.headers.filter((h) => !isContentType(h)),
      parked: nothing ? from.parked : { body: from.body, contentType },
    };
  }
  const parked = from.parked;
  if (!parked) return { ...from, method };
  return {
    method,
    // Typed since the switch wins over what was set aside.
    body: from.body.trim() ? from.body : parked.body,
    headers: from.headers.some(isContentType)
      ? from.headers
      : [...from.headers, ...parked.contentType],
    parked: null,
  };
}

/**
 * Where the Console starts in a project: the list of its first model (`/todos` in the
 * example), else its first GET without path params, else its first route; null for none.
 */
export function startPath(routes: readonly RouteInfo[]): string | null {
  const route =
    routes.find((r) => r.kind === 'generated' && r.operation === 'list') ??
    routes.find((r) => r.method === 'GET' && !r.path.includes(':')) ??
    routes[0];
  return route?.path ?? null;
}
