/**
 * One door for every import source (issue 28): reads the file within the size limit, tells
 * its kind from its content and hands it to that kind's reader. The OpenAPI and Mockoon
 * readers live in their own modules (`openapi-read.ts`, `mockoon-read.ts`) and are loaded
 * only for their kind.
 */
import { extname } from 'node:path';

import { ImportError, type ImportPlan, type ImportSourceKind } from './import-plan.js';
import { planJsonServerDb } from './json-server-db.js';
import { parseJson5Text, parseJsonText, readSourceText } from './parse-source.js';

/** A reader of one kind: the source's path and text in, a plan out. */
type SourceReader = (file: string, text: string) => ImportPlan | Promise<ImportPlan>;

/**
 * The readers written beside this one, loaded by URL: TypeScript does not require the module
 * before it exists (a missing one is "not supported yet"), and core/build.mjs points
 * `import.meta.url` at this module's compiled place, so the CLI bundle finds them in dist/.
 * Once both exist, literal `import('./openapi-read.js')` calls put them in the bundle.
 */
const OTHER_READERS: Record<
  Exclude<ImportSourceKind, 'json-server'>,
  { module: string; name: string }
> = {
  openapi: { module: './openapi-read.js', name: 'readOpenApi' },
  mockoon: { module: './mockoon-read.js', name: 'readMockoon' },
};

const LABELS: Record<ImportSourceKind, string> = {
  'json-server': 'a json-server db.json',
  openapi: 'an OpenAPI document',
  mockoon: 'a Mockoon environment',
};

/** What kind of source a parsed JSON value is, from its content alone. */
export function sourceKindOf(value: unknown): ImportSourceKind | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const doc = value as Record<string, unknown>;
  if (typeof doc.openapi === 'string' || typeof doc.swagger === 'string') return 'openapi';
  if ('uuid' in doc && Array.isArray(doc.routes) && Array.isArray(doc.data)) return 'mockoon';
  if (Object.values(doc).some((v) => Array.isArray(v) || (v !== null && typeof v === 'object')))
    return 'json-server';
  return undefined;
}

/** Whether a text that is not JSON reads as a YAML OpenAPI document. */
function looksLikeYamlOpenApi(file: string, text: string): boolean {
  return /^\.ya?ml$/i.test(extname(file)) || /^(openapi|swagger)\s*:/m.test(text);
}

/**
 * The plan of an import source, or an ImportError naming the file, where and why.
 *
 * @example
 * ```ts
 * const plan = await readImportSource('db.json');
 * for (const note of plan.notes) console.log(`${note.kind} ${note.at}: ${note.text}`);
 * ```
 */
export async function readImportSource(file: string): Promise<ImportPlan> {
  const text = await readSourceText(file);
  if (/^\.ya?ml$/i.test(extname(file))) return readOther('openapi', file, text);
  let value: unknown;
  try {
    value = /^\.json5$/i.test(extname(file))
      ? await parseJson5Text(file, text)
      : parseJsonText(file, text);
  } catch (error) {
    if (error instanceof ImportError && looksLikeYamlOpenApi(file, text))
      return readOther('openapi', file, text);
    throw error;
  }
  const kind = sourceKindOf(value);
  if (kind === undefined)
    throw new ImportError(
      file,
      undefined,
      'is not a json-server db.json (an object of arrays), an OpenAPI document (with "openapi") or a Mockoon environment (with "uuid", "routes" and "data")',
    );
  if (kind === 'json-server') return planJsonServerDb(file, value);
  return readOther(kind, file, text);
}

async function readOther(
  kind: Exclude<ImportSourceKind, 'json-server'>,
  file: string,
  text: string,
): Promise<ImportPlan> {
  const { module, name } = OTHER_READERS[kind];
  let reader: SourceReader | undefined;
  try {
    const loaded = (await import(new URL(module, import.meta.url).href)) as Record<string, unknown>;
    reader = typeof loaded[name] === 'function' ? (loaded[name] as SourceReader) : undefined;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw error;
  }
  if (!reader)
    throw new ImportError(
      file,
      undefined,
      `is ${LABELS[kind]}, which decorest init cannot import yet`,
    );
  return reader(file, text);
}
