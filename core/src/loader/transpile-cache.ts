/**
 * A cache of what reading a project file produces (transpiled code, source map, declarations),
 * keyed by the file's name and content, the TypeScript and SWC versions and ours: not by its folder,
 * so a moved, copied or freshly cloned project is warm when its files are (issue 27). A start
 * whose files are all cached loads no TypeScript (issue 6: cold start).
 *
 * Best effort: a cache that cannot be read or written is simply not used; a torn or foreign
 * entry is a miss. Entries are written under a name of their own then renamed, so concurrent
 * starts never read half of one. It is bounded: once it holds more than {@link MAX_ENTRIES},
 * the least recently used are removed (a hit touches its entry).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

import { VERSION } from '../version.js';
import type { FileDeclarations } from './declarations/read-declarations.js';
import { type TranspiledModule, transpilerVersion } from './evaluation/transpile.js';
import { typeScriptVersion } from './typescript.js';

/**
 * Bump when the shape of a cached entry or of the declarations changes, or when a transformer
 * changes its output (2: loops record their line, issue 18; 3: entries hold no folder; 5: SWC
 * transpiles, the marks are put in the source, issue 27; 4 was a draft of 5).
 */
const FORMAT = 5;

/** Entries kept (a project file is one; ~4 kB each): a few hundred projects' worth. */
export const MAX_ENTRIES = 4000;

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
/** The name (its extension decides how it is read; the source map names it) and the content. */
function keyOf(file: string, source: string): string {
  // TypeScript still reads the declarations; SWC transpiles.
  salt ??= `${FORMAT}\0${VERSION}\0${typeScriptVersion()}\0${transpilerVersion()}`;
  return createHash('sha256')
    .update(salt)
    .update('\0')
    .update(basename(file))
    .update('\0')
    .update(source)
    .digest('hex');
}

/** The path an entry's classes name: put back on read (the entry holds none). */
const HERE = '';

/** Entries this process wrote: a trim is worth a look only after some. */
let written = 0;

export function readCached(file: string, source: string): CachedFile | undefined {
  const dir = cacheDir();
  if (dir === undefined) return undefined;
  try {
    const path = join(dir, `${keyOf(file, source)}.json`);
    const entry = JSON.parse(readFileSync(path, 'utf8')) as Entry;
    const d = entry.declarations;
    const found: CachedFile = {
      transpiled: { code: entry.code, sourceMap: entry.sourceMap },
      declarations: {
        classes: d.classes.map((c) => ({ ...c, file })),
        references: d.references,
        imports: new Map(d.imports) as FileDeclarations['imports'],
        types: new Map(d.types) as FileDeclarations['types'],
        topLevel: {
          classLines: new Map(d.topLevel.classLines),
          aliases: new Map(d.topLevel.aliases),
        },
      },
    };
    // Recently used: the last to go when the cache is trimmed.
    const now = new Date();
    utimesSync(path, now, now);
    return found;
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
      classes: d.classes.map((c) => ({ ...c, file: HERE })),
      references: d.references,
      imports: [...d.imports],
      types: [...d.types],
      topLevel: { classLines: [...d.topLevel.classLines], aliases: [...d.topLevel.aliases] },
    },
  };
  try {
    mkdirSync(dir, { recursive: true });
    const target = join(dir, `${keyOf(file, source)}.json`);
    // Write then rename: a reader never sees half an entry, a concurrent writer never
    // shares the temp name.
    const temp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(temp, JSON.stringify(entry));
    renameSync(temp, target);
    written++;
  } catch {
    // A read-only or full temp folder costs speed, never correctness.
  }
}

/**
 * Removes the least recently used entries once there are more than `max` (down to three
 * quarters of it, so trims are rare), and temp files a killed writer left. Called after a
 * load that wrote entries; best effort, like the rest.
 */
export function trimCache(max = MAX_ENTRIES): void {
  const dir = cacheDir();
  if (dir === undefined || written === 0) return;
  written = 0;
  try {
    const names = readdirSync(dir);
    if (names.length <= max) return;
    const entries = names.map((name) => {
      const path = join(dir, name);
      try {
        return { path, used: statSync(path).mtimeMs, temp: name.endsWith('.tmp') };
      } catch {
        return { path, used: 0, temp: false };
      }
    });
    // Temp files first (oldest first), then entries from the least recently used.
    entries.sort((a, b) => Number(b.temp) - Number(a.temp) || a.used - b.used);
    for (const { path } of entries.slice(0, names.length - Math.floor((max * 3) / 4))) {
      try {
        unlinkSync(path);
      } catch {
        // Removed by another process's trim.
      }
    }
  } catch {
    // No folder, no rights: nothing to trim.
  }
}
