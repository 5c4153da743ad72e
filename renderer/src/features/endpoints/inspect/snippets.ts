/** Code to call a route from a shell (curl) or a frontend (`fetch`), for the inspector. */
import { toCurl } from '../../console/curl';

export interface SnippetRequest {
  method: string;
  /** Absolute: the mock API's base and the route's path, parameters filled in. */
  url: string;
  /** JSON text, or empty for none. */
  body: string;
}

export function curlSnippet(request: SnippetRequest): string {
  const headers: [string, string][] = request.body ? [['Content-Type', 'application/json']] : [];
  return toCurl({ ...request, headers })
    .replace(/ -H /g, ' \\\n  -H ')
    .replace(/ --data-raw /, ' \\\n  --data-raw ');
}

/** A `fetch` call that throws on a problem answer and reads the JSON (none for a 204). */
export function fetchSnippet(request: SnippetRequest): string {
  const lines = [`const response = await fetch(${JSON.stringify(request.url)}, {`];
  lines.push(`  method: ${JSON.stringify(request.method)},`);
  if (request.body) {
    lines.push(`  headers: { 'Content-Type': 'application/json' },`);
    const body = request.body.split('\n').join('\n  ');
    lines.push(`  body: JSON.stringify(${body}),`);
  }
  lines.push('});');
  lines.push('if (!response.ok) throw new Error((await response.json()).detail);');
  lines.push(
    request.method === 'DELETE' || request.method === 'HEAD'
      ? 'console.log(response.status);'
      : 'const data = await response.json();',
  );
  return lines.join('\n');
}

/** `/todos/:id` with its parameters filled (`/todos/1`); a missing one stays as it is. */
export function fillPath(path: string, values: Readonly<Record<string, string>>): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (all, name: string) =>
    values[name] !== undefined ? encodeURIComponent(values[name]) : all,
  );
}
