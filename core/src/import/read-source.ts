/**
 * One door for every import source (issue 28): reads the file within the size limit, tells
 * its kind from its content and hands it to that kind's reader. The OpenAPI and Mockoon
 * readers live in their own modules (`openapi-read.ts`, `mockoon-read.ts`) and are loaded
 * only for their kind.
 */
import { extname } from 'node:path';

import { WrongSourceError } from '../errors.js';
import { ImportError, type ImportPlan, type ImportSourceKind } from './import-plan.js';
import { planJsonServerDb } from './json-server-db.js';
import { parseJson5Text, parseJsonText, readSourceText } from './parse-source.js';
import { doorText, lookalikeOf, looksLikeJsonServerDb } from './source-lookalikes.js';

/**
 * The other kinds' readers (openapi-read.ts, mockoon-read.ts), each loaded only for its kind:
 * a db.json import does not load the YAML parser.
 */
const OTHER_READERS: Record<
  FileKind,
  () => Promise<(file: string, text: string, options: ReadSourceOptions) => Promise<ImportPlan>>
> = {
  openapi: async () => (await import('./openapi-read.js')).readOpenApi,
  mockoon: async () => (await import('./mockoon-read.js')).readMockoon,
  har: async () => (await import('./har-read.js')).readHar,
};

/** The kinds read from a file by a reader of their own (a recording is no file). */
type FileKind = Exclude<ImportSourceKind, 'json-server' | 'recording'>;

export interface ReadSourceOptions {
  /** Issue 46: secret headers a HAR's answers keep (`--keep-header`, lower-case). */
  keepHeaders?: ReadonlySet<string>;
}

const isHarFile = (file: string): boolean => /\.har$/i.test(extname(file));

/** What kind of source a parsed JSON value is, from its content alone. */
export function sourceKindOf(value: unknown): Exclude<ImportSourceKind, 'recording'> | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const doc = value as Record<string, unknown>;
  if (typeof doc.openapi === 'string' || typeof doc.swagger === 'string') return 'openapi';
  if ('uuid' in doc && Array.isArray(doc.routes) && Array.isArray(doc.data)) return 'mockoon';
  const log = doc.log as { entries?: unknown } | null | undefined;
  if (log !== null && typeof log === 'object' && Array.isArray(log.entries)) return 'har';
  // A package.json or a Postman collection is an object of objects too: not a database.
  if (lookalikeOf(value) === undefined && looksLikeJsonServerDb(value)) return 'json-server';
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
export async function readImportSource(
  file: string,
  options: ReadSourceOptions = {},
): Promise<ImportPlan> {
  // Issue 46: a HAR is read in chunks, an entry at a time: no limit of the whole file's size.
  if (isHarFile(file)) return (await import('./har-read.js')).readHarFile(file, options);
  return planImportText(file, await readSourceText(file), options);
}

/**
 * The plan of a source already in memory (the studio sends the file's text); `file` names it in
 * errors and tells YAML and JSON5 by its extension.
 */
export async function planImportText(
  file: string,
  text: string,
  options: ReadSourceOptions = {},
): Promise<ImportPlan> {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (/^\.ya?ml$/i.test(extname(file))) return readOther('openapi', file, text, options);
  if (isHarFile(file)) return readOther('har', file, text, options);
  let value: unknown;
  try {
    value = /^\.json5$/i.test(extname(file))
      ? await parseJson5Text(file, text)
      : parseJsonText(file, text);
  } catch (error) {
    if (error instanceof ImportError && looksLikeYamlOpenApi(file, text))
      return readOther('openapi', file, text, options);
    throw error;
  }
  const kind = sourceKindOf(value);
  const lookalike = kind === undefined ? lookalikeOf(value) : undefined;
  if (lookalike)
    throw new WrongSourceError(
      file,
      undefined,
      `looks like ${lookalike.looksLike}, not an import source of init: ${doorText(lookalike.door)}. init --from takes a json-server db.json, an OpenAPI document, a Mockoon environment or a HAR file`,
    );
  if (kind === undefined)
    throw new ImportError(
      file,
      undefined,
      'is not a json-server db.json (an object of arrays), an OpenAPI document (with "openapi"), a Mockoon environment (with "uuid", "routes" and "data") or a HAR file (with "log": { "entries" })',
    );
  if (kind === 'json-server') return planJsonServerDb(file, value);
  return readOther(kind, file, text, options);
}

async function readOther(
  kind: FileKind,
  file: string,
  text: string,
  options: ReadSourceOptions,
): Promise<ImportPlan> {
  return (await OTHER_READERS[kind]())(file, text, options);
}
