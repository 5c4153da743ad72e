/**
 * CORS for any origin (CONTRACT §7): a frontend on another localhost port calls the mock API
 * directly, and reads `Location`, `X-Total-Count`, `Link` and `X-Limit-Clamped` from script.
 */
export const CORS_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Location, X-Total-Count, Link, X-Limit-Clamped',
});

/** Headers of a preflight answer for a path that allows `methods`. */
export function preflightHeaders(
  methods: readonly string[],
  requestedHeaders: string | undefined,
): Record<string, string> {
  return {
    ...CORS_HEADERS,
    'access-control-allow-methods': [...methods, 'HEAD', 'OPTIONS'].join(', '),
    // Echo what the browser asks for: a mock server has no reason to refuse a header.
    'access-control-allow-headers': requestedHeaders ?? 'Content-Type, Authorization',
    'access-control-max-age': '600',
  };
}
