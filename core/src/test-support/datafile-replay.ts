import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { ProjectRuntime } from '../project/open-project.js';

/** A record as the API sends it: plain JSON with its `id`. */
export type PlainRecord = Record<string, unknown>;

function byId(a: PlainRecord, b: PlainRecord): number {
  const x = a['id'];
  const y = b['id'];
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return String(x) < String(y) ? -1 : String(x) > String(y) ? 1 : 0;
}

/**
 * Replays a datafile the way NeDB reads it, independently of the store's own loader: one JSON
 * document per line, the last line of an `_id` wins, `$$deleted` removes it, lines without
 * `_id` (`$$decorest`, `$$indexCreated`) are not records. Returns the records in id order,
 * without `_id`. A line that is not JSON throws: the caller's datafile is corrupt.
 */
export function replayDatafile(text: string): PlainRecord[] {
  const live = new Map<string, PlainRecord>();
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let doc: unknown;
    try {
      doc = JSON.parse(line);
    } catch (error) {
      throw new Error(`line ${i + 1} is not JSON: ${(error as Error).message}`);
    }
    const { _id: key, ...fields } = doc as PlainRecord;
    if (typeof key !== 'string' && typeof key !== 'number') return;
    if (fields['$$deleted'] === true) live.delete(String(key));
    else live.set(String(key), fields);
  });
  return [...live.values()].sort(byId);
}

/** Every datafile of `dataDir` (`<path>.db`), replayed: model path → records in id order. */
export async function replayDataDir(dataDir: string): Promise<Record<string, PlainRecord[]>> {
  const out: Record<string, PlainRecord[]> = {};
  for (const name of (await readdir(dataDir)).sort()) {
    if (!name.endsWith('.db')) continue;
    out[name.slice(0, -3)] = replayDatafile(await readFile(join(dataDir, name), 'utf8'));
  }
  return out;
}

/** What the running project holds in memory for each default-datasource model, by path. */
export async function memoryRecords(
  project: ProjectRuntime,
): Promise<Record<string, PlainRecord[]>> {
  const out: Record<string, PlainRecord[]> = {};
  for (const runtime of project.runtimes) {
    if (runtime.schema.dataSource !== undefined) continue;
    const records = await runtime.store.records();
    // Through JSON, as the datafile holds them (`-0` is stored as 0, for one).
    out[runtime.schema.path] = JSON.parse(JSON.stringify([...records.values()])) as PlainRecord[];
  }
  return out;
}
