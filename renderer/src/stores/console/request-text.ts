/**
 * The Console's request as text: `:name` path params found and filled in, the URL made absolute
 * on the mock API; why a request could not be sent, in words; whether a body is JSON. Pure: the
 * store and the dialogs share it. (Splitting a URL into its query rows and back is the
 * contract's, `splitUrl`/`joinUrl` in core/src/contract/request-url.ts, shared with the core.)
 */
import type { Row } from './console-method';

export function pathParamsOf(base: string, previous: Row[]): Row[] {
  const names = [...base.matchAll(/\/:([A-Za-z_]\w*)/g)].map((m) => m[1]!);
  return names.map(
    (name) => previous.find((r) => r.name === name) ?? { name, value: '', enabled: true },
  );
}

/**
 * The URL as sent: path params filled in, a path (`/todos`, or `todos` as typed) on the mock
 * API. A path param left empty is refused: `/todos/:id` sent as is would be a 400, and a
 * guessed id would write to a record nobody chose.
 */
export function resolveUrl(url: string, pathParams: Row[], mockUrl: string | null): string {
  const empty: string[] = [];
  let resolved = url.trim().replace(/\/:([A-Za-z_]\w*)/g, (_whole, name: string) => {
    const row = pathParams.find((r) => r.name === name);
    if (!row?.value) empty.push(name);
    return `/${encodeURIComponent(row?.value ?? '')}`;
  });
  if (empty.length > 0)
    throw new Error(
      `Fill the path ${empty.length === 1 ? 'parameter' : 'parameters'} ${empty.map((n) => `:${n}`).join(', ')} under Path params: which record is it for?`,
    );
  if (!/^[a-z][a-z\d+.-]*:/i.test(resolved) && !resolved.startsWith('/')) resolved = `/${resolved}`;
  if (resolved.startsWith('/')) {
    if (!mockUrl)
      throw new Error(
        'The mock API is stopped: start it from the server bar to send requests to a path.',
      );
    resolved = `${mockUrl}${resolved}`;
  }
  return resolved;
}

/** Path and query of `target` when it is on the mock API (as Traffic logs it), else null. */
export function mockPathOf(target: string, mockUrl: string | null): string | null {
  try {
    const to = new URL(target);
    return mockUrl !== null && to.origin === new URL(mockUrl).origin
      ? `${to.pathname}${to.search}`
      : null;
  } catch {
    return null;
  }
}

/** Why `fetch` failed, in words: it says only "Failed to fetch". */
export function unreachable(target: string, mockUrl: string | null): string {
  if (mockPathOf(target, mockUrl) !== null)
    return `The mock API did not answer at ${mockUrl}: is it running? The server bar starts it.`;
  let origin = target;
  try {
    origin = new URL(target).origin;
  } catch {
    return `${target} is not a URL the page can send to.`;
  }
  return `No answer from ${origin} that the page may read: the server is down, or it does not answer CORS for the studio (the browser hides which). The mock API answers CORS for any origin; another server must allow this page's.`;
}

export function jsonError(body: string): string | null {
  if (body.trim() === '') return null;
  try {
    JSON.parse(body);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
