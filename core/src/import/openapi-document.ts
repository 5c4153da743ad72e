/**
 * An OpenAPI text as a value the readers can walk (issue 28, "Bad input"): JSON or YAML parsed
 * with the line and column of the first syntax error, the version checked, and every `$ref`
 * checked to be local before anything is planned, so an external one (another file, a URL)
 * is refused by name instead of half-imported.
 */
import { ImportError } from './import-plan.js';
import { parseJsonText } from './parse-source.js';

export type JsonObject = { [key: string]: unknown };

export const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A parsed OpenAPI 3.x document and how to follow its local `$ref`s. */
export interface OpenApiDocument {
  file: string;
  /** `3.0` or `3.1`: 3.1 writes null as `type: [x, 'null']`, 3.0 as `nullable: true`. */
  version: '3.0' | '3.1';
  root: JsonObject;
}

/** RFC 6901: `~1` is `/`, `~0` is `~` (decoded in that order). */
export function pointerOf(segments: readonly string[]): string {
  return `#/${segments.map((s) => s.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;
}

/** The value a local `$ref` (`#/components/schemas/Pet`) names, or undefined. */
export function resolvePointer(root: JsonObject, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let value: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(value) && /^\d+$/.test(key)) value = value[Number(key)];
    else if (isObject(value) && Object.hasOwn(value, key)) value = value[key];
    else return undefined;
  }
  return value;
}

/** JSON when it starts like JSON (better errors from the JSON parser), YAML otherwise. */
async function parseText(file: string, text: string): Promise<unknown> {
  if (/^\s*[{[]/.test(text)) return parseJsonText(file, text);
  // Loaded only for a YAML source: no other command pays for it.
  const { LineCounter, parseDocument } = await import('yaml');
  // `uniqueKeys` (the default) reports a repeated key; aliases are bounded by `maxAliasCount`
  // so a "billion laughs" document is refused, not expanded.
  const lines = new LineCounter();
  let doc: ReturnType<typeof parseDocument>;
  try {
    doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  } catch (error) {
    // The YAML parser recurses on nesting: a hostile depth is a refusal, not a crash.
    throw new ImportError(
      file,
      undefined,
      `is not YAML decorest can read: ${(error as Error).message}`,
    );
  }
  const first = doc.errors[0];
  if (first) {
    const { line, col } = lines.linePos(first.pos[0]);
    const reason = first.message.split('\n')[0]!;
    throw new ImportError(file, `${line}:${col}`, `is not YAML: ${reason}`);
  }
  try {
    return doc.toJS({ maxAliasCount: 100 }) as unknown;
  } catch (error) {
    throw new ImportError(
      file,
      undefined,
      `is not YAML decorest can read: ${(error as Error).message}`,
    );
  }
}

/**
 * Every `$ref` must point inside this document and at something. Walked with an explicit stack:
 * a deeply nested document cannot exhaust the call stack.
 */
function checkRefs(file: string, root: JsonObject): void {
  // Each entry links to its parent: the pointer is spelled only for a ref that is refused.
  interface Place {
    value: unknown;
    key?: string;
    parent?: Place;
  }
  const pathOf = (place: Place): string[] => {
    const keys: string[] = [];
    for (let p: Place | undefined = place; p?.key !== undefined; p = p.parent) keys.unshift(p.key);
    return keys;
  };
  const stack: Place[] = [{ value: root }];
  while (stack.length > 0) {
    const place = stack.pop()!;
    const { value } = place;
    if (Array.isArray(value)) {
      value.forEach((v, i) => stack.push({ value: v, key: String(i), parent: place }));
      continue;
    }
    if (!isObject(value)) continue;
    const ref = value.$ref;
    if (typeof ref === 'string') {
      const at = () => pointerOf([...pathOf(place), '$ref']);
      if (!ref.startsWith('#'))
        throw new ImportError(
          file,
          at(),
          `refers to ${JSON.stringify(ref)}, outside this document: external $refs are refused; bundle the document first (for example with \`redocly bundle\`)`,
        );
      if (resolvePointer(root, ref) === undefined)
        throw new ImportError(file, at(), `refers to ${JSON.stringify(ref)}, which does not exist`);
    }
    for (const [key, v] of Object.entries(value)) stack.push({ value: v, key, parent: place });
  }
}

/**
 * The document in `text`, or an ImportError naming the line and column (syntax), the pointer
 * (an external or dangling `$ref`) or the version.
 */
export async function readOpenApiDocument(file: string, text: string): Promise<OpenApiDocument> {
  const root = await parseText(file, text);
  if (!isObject(root))
    throw new ImportError(
      file,
      undefined,
      'is not an OpenAPI document: the top level must be an object',
    );
  if (typeof root.swagger === 'string')
    throw new ImportError(
      file,
      '#/swagger',
      `is Swagger ${root.swagger}: decorest imports OpenAPI 3.0 and 3.1; convert it first (for example with swagger2openapi)`,
    );
  const version = typeof root.openapi === 'string' ? /^3\.([01])\./.exec(root.openapi) : null;
  if (!version)
    throw new ImportError(
      file,
      '#/openapi',
      `is not OpenAPI 3.0 or 3.1 (openapi: ${JSON.stringify(root.openapi ?? null)})`,
    );
  if (!isObject(root.paths))
    throw new ImportError(file, '#/paths', 'has no paths: nothing to import');
  checkRefs(file, root);
  return { file, version: version[1] === '0' ? '3.0' : '3.1', root };
}
