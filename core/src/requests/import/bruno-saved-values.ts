/**
 * Issue 47: a Bruno request's `vars:post-response` block as the request's `set` (request
 * chaining), where an expression only reads the answer: `res.body.token`,
 * `res.body.items[0].id`, `res.body["a b"]`, `res("data.id")` become JSON pointers (`/token`,
 * `/items/0/id`), `res.headers.location` and `res.headers["x-id"]` become `header:<name>`.
 * Anything else (arithmetic, a function, `res.status`) is script, named as not imported.
 */

/** RFC 6901: a key as one step of a JSON pointer. */
const step = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

// `.name`, `[0]`, `["key"]` or `['key']`: one step of a property path.
const STEP = /^(?:\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\[\s*(["'])((?:(?!\3)[^\\])*)\3\s*\])/;

/** The steps of a property path (`.a[0]["b c"]`), or undefined if it is more than one. */
export function stepsOf(path: string): string[] | undefined {
  const steps: string[] = [];
  let rest = path;
  while (rest !== '') {
    const m = STEP.exec(rest);
    if (!m) return undefined;
    steps.push(m[1] ?? m[2] ?? m[4]!);
    rest = rest.slice(m[0].length);
  }
  return steps;
}

/** Property steps as a JSON pointer (`items`, `0`, `a/b` → `/items/0/a~1b`). */
export const pointerOf = (steps: readonly string[]): string =>
  steps.map((k) => `/${step(k)}`).join('');

/** The `set` source of a Bruno post-response expression, or undefined when it is script. */
export function sourceOfBrunoExpression(expression: string): string | undefined {
  const text = expression.trim();
  // Bruno's `res('data.items.0.id')` query: plain dotted steps only.
  const query = /^res\(\s*(["'])([\w$.-]*)\1\s*\)$/.exec(text);
  if (query) {
    const path = query[2]!;
    return path === '' ? '' : pointerOf(path.split('.'));
  }
  const body = /^res\.body(.*)$/.exec(text);
  if (body) {
    const steps = stepsOf(body[1]!);
    return steps && pointerOf(steps);
  }
  const header = /^res\.headers(.*)$/.exec(text);
  if (header) {
    const steps = stepsOf(header[1]!);
    return steps?.length === 1 ? `header:${steps[0]}` : undefined;
  }
  return undefined;
}
