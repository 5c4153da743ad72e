/**
 * A cache of what reading a project file produces (transpiled code, source map, declarations),
 * keyed by the file's path and content, the TypeScript version and ours. A start whose files
 * are all cached loads no TypeScript (issue 6: cold start). Best effort: a cache that cannot be
 * read or written is simply not used.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { VERSION } from '../version.js';
import type { FileDeclarations } from './declarations/read-declarations.js';
import type { TranspiledModule } from './evaluation/transpile.js';
import { typeScriptVersion } from './typescript.js';

/**
 * Bump when the shape of a cached entry or of the declarations changes, or when a transformer
 * changes its output (2: loops record their line, issue 18).
 */
const FORMAT = 2;

export interface CachedFile {
  readonly transpiled: TranspiledModule;
  readonly declarations: FileDeclarations;
}

interface Entry {
  readonly code: string;
  readonly sourceMap: string;
  readonly declarations: Omit<FileDeclarations, 'imports' | 'types' | 'topLevel'> & {
    readonly imports: [string, unknown][];
    readonly types: [string, unknown][];
    readonly topLevel: { classLines: [string, number][]; aliases: [string, string][] };
  };
}

/** `DECOREST_CACHE_DIR` (a folder, or `off`), else a folder under the system's temp dir. */
function cacheDir(): string | undefined {
  const configured = process.env.DECOREST_CACHE_DIR;
  if (configured === 'off') return undefined;
  return configured ?? join(tmpdir(), 'decorest-cache');
}

let salt: string | undefined;
function keyOf(file: string, source: string): string {
  salt ??= `${FORMAT}\0${VERSION}\0${typeScriptVersion()}`;
  return createHash('sha256')
    .update(salt)
    .update('\0')
    .update(file)
    .update('\0')
    .update(source)
    .digest('hex');
}

export function readCached(file: string, source: string): CachedFile | undefined {
  const dir = cacheDir();
  if (dir === undefined) return undefined;
  try {
    const entry = JSON.parse(
      readFileSync(join(dir, `${keyOf(file, source)}.json`), 'utf8'),
    ) as Entry;
    const d = entry.declarations;
    return {
      transpiled: { code: entry.code, sourceMap: entry.sourceMap },
      declarations: {
        classes: d.classes,
        references: d.references,
        imports: new Map(d.imports) as FileDeclarations['imports'],
        types: new Map(d.types) as FileDeclarations['types'],
        topLevel: {
          classLines: new Map(d.topLevel.classLines),
          aliases: new Map(d.topLevel.aliases),
        },
      },
    };
  } catch {
    return undefined;
  }
}

export function writeCached(file: string, source: string, cached: CachedFile): void {
  const dir = cacheDir();
  if (dir === undefined) return;
  const d = cached.declarations;
  const entry: Entry = {
    code: cached.transpiled.code,
    sourceMap: cached.transpiled.sourceMap,
    declarations: {
      classes: d.classes,
      references: d.references,
      imports: [...d.imports],
      types: [...d.types],
      topLevel: { classLines: [...d.topLevel.classLines], aliases: [...d.topLevel.aliases] },
    },
  };
  try {
    mkdirSync(dir, { recursive: true });
    const target = join(dir, `${keyOf(file, source)}.json`);
    // Write then rename: a reader never sees half an entry.
    const temp = `${target}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(entry));
    renameSync(temp, target);
  } catch {
    // A read-only or full temp folder costs speed, never correctness.
  }
}
